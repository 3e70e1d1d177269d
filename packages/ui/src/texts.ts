// The shared components own no wording. The few texts they show themselves they read from the
// app's default i18next namespace (the web app's `common`, the back office's `translation`), under
// these keys, which each app words in its own locale files; every other text is a prop.
import { useTranslation } from 'react-i18next';

export const UI_TEXT_KEYS = [
  'skipToContent',
  'stateOfIsrael',
  'serviceName',
  'language',
  'errorSummaryTitle',
  'errorPrefix',
] as const;

export type UiTextKey = (typeof UI_TEXT_KEYS)[number];

/** The shared components' texts in the reader's language, and the app's i18next instance. */
export const useUiTexts = () => {
  const { t, i18n } = useTranslation();
  return { text: (key: UiTextKey): string => t(key), i18n };
};
