// The back office's texts, English and Hebrew, each say every text the shared components read from
// its one namespace (@eta-il/ui texts.ts): a missing one would show as its key.
import { UI_TEXT_KEYS } from '@eta-il/ui';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import he from './locales/he.json';

describe('the office texts', () => {
  it.each([
    ['en', en],
    ['he', he],
  ])('%s has every text the shared components read', (_, texts: Record<string, unknown>) => {
    expect(UI_TEXT_KEYS.filter((key) => typeof texts[key] !== 'string' || !texts[key])).toEqual([]);
  });
});
