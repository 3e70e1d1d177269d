// A wrong code says how many tries it has left (issue 25 item 8), in every language, in the
// plural form that language uses for the number; other refusals say only their message.
import { messages, type Refusal } from '@eta-il/domain';
import { render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../i18n/languages.ts';
import { useRefusalText } from './CodeOutcome.tsx';

type Catalogue = Record<string, string>;
const catalogues = import.meta.glob<{ default: Catalogue }>(
  '../../i18n/locales/*/{common,messages}.json',
  { eager: true },
);
const catalogue = (language: string, namespace: string): Catalogue =>
  language === 'en' && namespace === 'messages'
    ? (messages as unknown as Catalogue)
    : (catalogues[`../../i18n/locales/${language}/${namespace}.json`]?.default ?? {});

const i18nIn = (language: string) => {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng: language,
    resources: {
      [language]: {
        common: catalogue(language, 'common'),
        messages: catalogue(language, 'messages'),
      },
    },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  });
  return i18n;
};

const Shown = ({ refusal }: { refusal: Refusal }) => <p>{useRefusalText()(refusal)}</p>;
const show = (language: string, refusal: Refusal) =>
  render(
    <I18nextProvider i18n={i18nIn(language)}>
      <Shown refusal={refusal} />
    </I18nextProvider>,
  );

describe('a wrong code’s tries left', () => {
  it.each(LANGUAGES.map((l) => l.code))('%s: the message, then the tries left', (language) => {
    for (const count of [1, 2, 4]) {
      const view = show(language, { message: '', code: 'codeWrong', triesLeft: count });
      const form = new Intl.PluralRules(language).select(count);
      const triesLeft = catalogue(language, 'common')[`codeTriesLeft_${form}`] ?? '';
      expect(triesLeft).not.toBe('');
      const expected = `${catalogue(language, 'messages').codeWrong} ${triesLeft.replace('{{count}}', String(count))}`;
      expect(view.container.textContent).toBe(expected);
      view.unmount();
    }
  });

  it('English reads naturally in the singular and the plural', () => {
    show('en', { message: '', code: 'codeWrong', triesLeft: 1 });
    expect(screen.getByText(/You have 1 try left\.$/)).toBeTruthy();
    show('en', { message: '', code: 'codeWrong', triesLeft: 3 });
    expect(screen.getByText(/You have 3 tries left\.$/)).toBeTruthy();
  });

  it('a refusal that is not a wrong code says only its message', () => {
    show('en', { message: '', code: 'codeUsedUp', triesLeft: 0 });
    expect(screen.getByText(messages.codeUsedUp).textContent).toBe(messages.codeUsedUp);
  });
});
