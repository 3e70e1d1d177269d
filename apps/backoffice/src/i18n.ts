// English and Hebrew for the officers' screens, both bundled (the app is small and used all day);
// the choice is kept in this browser and sets the page's language and direction.
import { STAFF_ROLE_NAMES } from '@eta-il/domain';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import he from './locales/he.json';

export const OFFICE_LANGUAGES = [
  { code: 'en', name: 'English', dir: 'ltr' },
  { code: 'he', name: 'עברית', dir: 'rtl' },
] as const;
export type OfficeLanguage = (typeof OFFICE_LANGUAGES)[number]['code'];

const STORAGE_KEY = 'office-language';

const directionOf = (language: string) =>
  OFFICE_LANGUAGES.find((l) => l.code === language)?.dir ?? 'ltr';

const initial = (): OfficeLanguage => {
  const kept = localStorage.getItem(STORAGE_KEY);
  if (kept === 'en' || kept === 'he') return kept;
  return navigator.language.toLowerCase().startsWith('he') ? 'he' : 'en';
};

export const initI18n = async () => {
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language;
    document.documentElement.dir = directionOf(language);
    localStorage.setItem(STORAGE_KEY, language);
  });
  await i18n.use(initReactI18next).init({
    lng: initial(),
    fallbackLng: 'en',
    supportedLngs: OFFICE_LANGUAGES.map((l) => l.code),
    // The roles' names are the domain's (the set-up e-mail names them too).
    resources: {
      en: { translation: { ...en, roles: STAFF_ROLE_NAMES.en } },
      he: { translation: { ...he, roles: STAFF_ROLE_NAMES.he } },
    },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = i18n.language;
  document.documentElement.dir = directionOf(i18n.language);
};
