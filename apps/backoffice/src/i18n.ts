// English and Hebrew for the officers' screens, both bundled (the app is small and used all day);
// the choice is kept in this browser and sets the page's language and direction.
// The application's questions, labels and reference-list names are the traveller's own screens'
// texts (apps/web's locale files), so the case view asks what the traveller was asked.
import { screeningMessages } from '@eta-il/domain';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import webEnCommon from '../../web/src/i18n/locales/en/common.json';
import webEnHistory from '../../web/src/i18n/locales/en/history.json';
import webEnPassport from '../../web/src/i18n/locales/en/passport.json';
import webEnPersonal from '../../web/src/i18n/locales/en/personal.json';
import webEnReference from '../../web/src/i18n/locales/en/reference.json';
import webEnTravel from '../../web/src/i18n/locales/en/travel.json';
import webHeCommon from '../../web/src/i18n/locales/he/common.json';
import webHeHistory from '../../web/src/i18n/locales/he/history.json';
import webHePassport from '../../web/src/i18n/locales/he/passport.json';
import webHePersonal from '../../web/src/i18n/locales/he/personal.json';
import webHeReference from '../../web/src/i18n/locales/he/reference.json';
import webHeTravel from '../../web/src/i18n/locales/he/travel.json';
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
    resources: {
      en: {
        translation: en,
        // The rules' explanations: English is the domain's source wording.
        screening: screeningMessages,
        common: webEnCommon,
        history: webEnHistory,
        passport: webEnPassport,
        personal: webEnPersonal,
        reference: webEnReference,
        travel: webEnTravel,
      },
      he: {
        translation: he,
        screening: he.screeningMessages,
        common: webHeCommon,
        history: webHeHistory,
        passport: webHePassport,
        personal: webHePersonal,
        reference: webHeReference,
        travel: webHeTravel,
      },
    },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = i18n.language;
  document.documentElement.dir = directionOf(i18n.language);
};
