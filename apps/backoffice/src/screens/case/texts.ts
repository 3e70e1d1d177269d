// The texts the case view shares with the traveller's screens, loaded with the case view's chunk
// (the other screens do without them): the application's questions, labels and reference-list
// names are apps/web's own locale files, so the case view asks what the traveller was asked; the
// screening rules' explanations are the domain's English wording and their Hebrew here.
import { screeningMessages } from '@eta-il/domain';
import i18n from 'i18next';
import webEnCommon from '../../../../web/src/i18n/locales/en/common.json';
import webEnHistory from '../../../../web/src/i18n/locales/en/history.json';
import webEnPassport from '../../../../web/src/i18n/locales/en/passport.json';
import webEnPersonal from '../../../../web/src/i18n/locales/en/personal.json';
import webEnReference from '../../../../web/src/i18n/locales/en/reference.json';
import webEnTravel from '../../../../web/src/i18n/locales/en/travel.json';
import webHeCommon from '../../../../web/src/i18n/locales/he/common.json';
import webHeHistory from '../../../../web/src/i18n/locales/he/history.json';
import webHePassport from '../../../../web/src/i18n/locales/he/passport.json';
import webHePersonal from '../../../../web/src/i18n/locales/he/personal.json';
import webHeReference from '../../../../web/src/i18n/locales/he/reference.json';
import webHeTravel from '../../../../web/src/i18n/locales/he/travel.json';
import he from '../../locales/he.json';

const BUNDLES = {
  en: {
    screening: screeningMessages,
    common: webEnCommon,
    history: webEnHistory,
    passport: webEnPassport,
    personal: webEnPersonal,
    reference: webEnReference,
    travel: webEnTravel,
  },
  he: {
    screening: he.screeningMessages,
    common: webHeCommon,
    history: webHeHistory,
    passport: webHePassport,
    personal: webHePersonal,
    reference: webHeReference,
    travel: webHeTravel,
  },
};

for (const [language, namespaces] of Object.entries(BUNDLES)) {
  for (const [namespace, texts] of Object.entries(namespaces)) {
    i18n.addResourceBundle(language, namespace, texts);
  }
}
