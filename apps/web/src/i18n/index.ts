// i18next, with one namespace per screen loaded on demand: a route downloads only its own texts,
// in the reader's language. The English `messages` namespace is the domain package's catalogue.
import { messages } from '@eta-il/domain';
import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  directionOf,
  initialLanguage,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
} from './languages.ts';

const load = (language: string, namespace: string) =>
  language === 'en' && namespace === 'messages'
    ? Promise.resolve(messages)
    : import(`./locales/${language}/${namespace}.json`).then((m: { default: object }) => m.default);

const applyDocumentLanguage = (language: string) => {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
};

export const initI18n = async () => {
  const language = initialLanguage(
    sessionStorage.getItem(LANGUAGE_STORAGE_KEY),
    navigator.languages ?? [navigator.language],
  );
  i18n.on('languageChanged', (lng) => {
    applyDocumentLanguage(lng);
    sessionStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  });
  await i18n
    .use(resourcesToBackend(load))
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: LANGUAGES.map((l) => l.code),
      ns: ['common', 'messages'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
  applyDocumentLanguage(i18n.language);
  return i18n;
};

export { i18n };
