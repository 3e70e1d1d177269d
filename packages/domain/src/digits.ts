// What digit boxes (phone numbers, codes, dates) accept as typed: Latin digits, with the
// Arabic-Indic and Persian ones a phone keyboard in Arabic types read as the same digits. Apart
// from the field schemas (fields.ts), so that a page with digit boxes does not load the validator.

/**
 * Whether typed text holds something a digits-only box refuses, other than the spaces, brackets,
 * plus, dashes, dots and slashes of a formatted number or date: a letter typed into a phone
 * number is told, not silently dropped (issue 17).
 */
export const refusesInDigits = (value: string): boolean =>
  /[^\d\s()+\-./]/u.test(latinDigits(value));

/**
 * Arabic-Indic and Persian digits, as a phone keyboard in Arabic types them, as 0-9 (U+0660…U+0669
 * and U+06F0…U+06F9: the code point's last hexadecimal digit is the digit).
 */
export const latinDigits = (value: string): string =>
  value.replace(/[\u0660-\u0669\u06F0-\u06F9]/gu, (d) => String((d.codePointAt(0) ?? 0) & 0xf));

/**
 * Keeps only digits (Arabic-Indic ones as 0-9), up to `max` of them (phone and code boxes: extra
 * input is ignored).
 */
export const digitsOnly = (value: string, max: number): string =>
  latinDigits(value).replace(/\D/g, '').slice(0, max);
