// The language of a prerendered page: the reader's own choice (the cookie the web app sets when
// the language changes), else the browser's preferred languages in order of weight, else English.
export const LANGUAGE_COOKIE = 'lang';
const DEFAULT_LANGUAGE = 'en';

/** The base languages of an Accept-Language header, most wanted first (q=0 left out). */
export const acceptedLanguages = (header: string | undefined): string[] =>
  (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q) : 1, index };
    })
    .filter((l) => l.base && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.base);

export const chooseLanguage = (
  cookie: string | undefined,
  acceptLanguage: string | undefined,
  available: readonly string[],
): string => {
  if (cookie && available.includes(cookie)) return cookie;
  return (
    acceptedLanguages(acceptLanguage).find((l) => available.includes(l)) ??
    (available.includes(DEFAULT_LANGUAGE) ? DEFAULT_LANGUAGE : (available[0] ?? DEFAULT_LANGUAGE))
  );
};
