// How the review shows stored values: dates in the reader's language with the month spelled out
// (unambiguous in every locale), phones as international numbers.
import { type Flag, PHONE_DEFAULT_PREFIX, partsFromIso } from '@eta-il/domain';
import { AsYouType } from 'libphonenumber-js/min';

export const displayDate = (iso: string, language: string): string => {
  const { day, month, year } = partsFromIso(iso);
  if (!day) return '';
  // English readers get day-month-year too (not the US month-first order).
  const locale = language === 'en' ? 'en-GB' : language;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    Date.UTC(Number(year), Number(month) - 1, Number(day)),
  );
};

export const displayPhone = (digits: string): string =>
  digits ? new AsYouType().input(`${PHONE_DEFAULT_PREFIX}${digits}`) : '';

/** The common namespace's key for a stored Yes/No answer. */
export const yesNoKey = (flag: Flag): 'common:yes' | 'common:no' | undefined =>
  flag === 1 ? 'common:yes' : flag === 0 ? 'common:no' : undefined;
