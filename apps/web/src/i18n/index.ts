// i18next, with one namespace per screen loaded on demand: a route downloads only its own texts,
// in the reader's language, as a JSON file of the build (the English `messages` namespace is the
// domain package's catalogue, written out by the build: apps/web/texts-plugin.ts).
import { TEXT_PARAMETERS } from '@eta-il/domain';
import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { addBidiFormats } from './bidi.ts';
import {
  DEFAULT_LANGUAGE,
  directionOf,
  initialLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
} from './languages.ts';

/** A screen's texts: a JSON file of the build (apps/web/texts-plugin.ts). */
const textsUrl = (language: string, namespace: string) =>
  `${__TEXTS_BASE__}.${language}.${namespace}.json`;

const fetchTexts = async (language: string, namespace: string): Promise<object> => {
  const response = await fetch(textsUrl(language, namespace), { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`texts ${language}/${namespace}: HTTP ${response.status}`);
  return (await response.json()) as object;
};

const applyDocumentLanguage = (language: string) => {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
};

/**
 * A prerendered page (docs/decisions/015-prerendered-entry-pages.md) is in the language the
 * server chose, with the namespaces its screen needs: hydration must speak the same.
 */
const prerendered = () => {
  const html = document.documentElement;
  const namespaces = html.dataset.namespaces;
  return namespaces === undefined
    ? undefined
    : { language: html.lang, namespaces: namespaces.split(' ') };
};

export const initI18n = async () => {
  const page = prerendered();
  const language = initialLanguage(
    page?.language ?? sessionStorage.getItem(LANGUAGE_STORAGE_KEY),
    navigator.languages ?? [navigator.language],
  );
  i18n.on('languageChanged', (lng) => {
    applyDocumentLanguage(lng);
    sessionStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
    // The server prerenders the next page opened in this language.
    // biome-ignore lint/suspicious/noDocumentCookie: one session cookie, written synchronously (the Cookie Store API is async and missing in older browsers).
    document.cookie = `${LANGUAGE_COOKIE}=${lng}; path=/; SameSite=Lax`;
  });
  await i18n
    .use(resourcesToBackend(fetchTexts))
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: LANGUAGES.map((l) => l.code),
      // A prerendered first page loads only its own texts; screens that show validation
      // messages ask for the `messages` namespace themselves.
      ns: ['common', ...(page ? page.namespaces : ['messages'])],
      defaultNS: 'common',
      interpolation: { escapeValue: false, defaultVariables: TEXT_PARAMETERS },
      react: { useSuspense: true },
      returnNull: false,
    });
  addBidiFormats(i18n);
  applyDocumentLanguage(i18n.language);
  return i18n;
};
