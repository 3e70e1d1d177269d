// The shared components own no wording: a test gives them an app's texts, here a made-up app's
// (not the apps' own), in the default namespace under the name the app gives it.
import { render } from '@testing-library/react';
import { createInstance } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { UiTextKey } from '../src/texts.ts';

/** An app's texts for every key the shared components read. */
const TEXTS = {
  skipToContent: 'Skip to the content',
  stateOfIsrael: 'State of Israel',
  serviceName: 'Test service',
  language: 'Language',
  errorSummaryTitle: 'There is a problem',
  errorPrefix: 'Error:',
} satisfies Record<UiTextKey, string>;

/** An app's i18next instance, its texts in `namespace` (the web app's `common`), in English. */
export const testI18n = ({ namespace = 'translation', texts = TEXTS } = {}) => {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: ['en', 'he'],
    resources: { en: { [namespace]: texts }, he: { [namespace]: texts } },
    defaultNS: namespace,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  });
  return i18n;
};

export const renderUi = (ui: ReactNode, i18n = testI18n()) =>
  render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
