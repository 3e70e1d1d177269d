// The languages ETA-IL speaks, their writing direction, and the choice for a new visitor.
export const LANGUAGES = [
  { code: 'en', name: 'English', dir: 'ltr' },
  { code: 'he', name: 'עברית', dir: 'rtl' },
  { code: 'ar', name: 'العربية', dir: 'rtl' },
  { code: 'fr', name: 'Français', dir: 'ltr' },
  { code: 'ru', name: 'Русский', dir: 'ltr' },
  { code: 'es', name: 'Español', dir: 'ltr' },
  { code: 'de', name: 'Deutsch', dir: 'ltr' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANGUAGE: LanguageCode = 'en';
export const LANGUAGE_STORAGE_KEY = 'language';
/** The cookie by which the server picks a prerendered page's language. */
export const LANGUAGE_COOKIE = 'lang';

export const isLanguage = (code: string | null | undefined): code is LanguageCode =>
  LANGUAGES.some((l) => l.code === code);

export const directionOf = (code: string) => LANGUAGES.find((l) => l.code === code)?.dir ?? 'ltr';

/** The remembered choice of this session, else the browser's first language we speak. */
export const initialLanguage = (
  stored: string | null,
  browserLanguages: readonly string[],
): LanguageCode => {
  if (isLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
};
