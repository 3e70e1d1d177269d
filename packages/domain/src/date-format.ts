// Dates as a reader writes them: the one formatter of the web app, the e-mails and the
// documents (docs/decisions/040-one-date-format.md). Day, month in words and year, in the page's
// language; English reads day first ("15 March 2027") unless the language is exactly en-US.
// Digits are 0-9 in every language, as in application and passport numbers and the date boxes.
// Calendar dates are formatted in UTC, so no time zone can move them to the day before.
import { isIsoDate, partsFromIso } from './dates.ts';

/** The locale a page language is written in: plain English is British English (day first). */
const localeOf = (language: string) => (language === 'en' ? 'en-GB' : language);

const formats = new Map<string, Intl.DateTimeFormat>();
const formatter = (language: string, options: Intl.DateTimeFormatOptions) => {
  const key = `${language} ${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(localeOf(language), { numberingSystem: 'latn', ...options });
    formats.set(key, found);
  }
  return found;
};

const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };

/** A calendar date (YYYY-MM-DD) in words, e.g. "15 March 2027"; '' when it is not one. */
export const formatDate = (iso: string | null | undefined, language: string): string => {
  if (!iso || !isIsoDate(iso)) return '';
  const { day, month, year } = partsFromIso(iso);
  const at = Date.UTC(Number(year), Number(month) - 1, Number(day));
  return formatter(language, { ...DATE, timeZone: 'UTC' }).format(at);
};

/**
 * A moment with its date in words, its time (24-hour clock outside en-US) and its time zone,
 * e.g. "26 November 2026 at 20:58 UTC". UTC unless a zone is given (the browser passes its own).
 */
export const formatDateTime = (
  at: Date | string | number,
  language: string,
  timeZone = 'UTC',
): string =>
  formatter(language, {
    ...DATE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: language === 'en-US' ? 'h12' : 'h23',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(at));
