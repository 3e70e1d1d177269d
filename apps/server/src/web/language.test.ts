// The language of a prerendered page: the reader's cookie, else Accept-Language by weight, else English.
import { describe, expect, it } from 'vitest';
import { acceptedLanguages, chooseLanguage } from './language.ts';

const SPOKEN = ['en', 'he', 'ar', 'fr', 'ru', 'es', 'de'];

describe('chooseLanguage', () => {
  it('takes the lang cookie first', () => {
    expect(chooseLanguage('ar', 'fr-FR,fr;q=0.9', SPOKEN)).toBe('ar');
  });
  it('ignores a cookie naming a language we do not speak', () => {
    expect(chooseLanguage('xx', 'fr-FR', SPOKEN)).toBe('fr');
  });
  it('takes the most wanted spoken language of Accept-Language, by weight', () => {
    expect(chooseLanguage(undefined, 'ja;q=0.9, de;q=0.4, he-IL;q=0.8', SPOKEN)).toBe('he');
  });
  it('leaves out q=0 and falls back to English', () => {
    expect(chooseLanguage(undefined, 'he;q=0, ja', SPOKEN)).toBe('en');
    expect(chooseLanguage(undefined, undefined, SPOKEN)).toBe('en');
  });
  it('reads base languages in order of weight, the header order breaking ties', () => {
    expect(acceptedLanguages('ru-RU, es;q=0.5, de')).toEqual(['ru', 'de', 'es']);
  });
});
