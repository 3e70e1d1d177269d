// How the review shows stored values: dates as DD/MM/YYYY, phones as international numbers.
import { type Flag, PHONE_DEFAULT_PREFIX, partsFromIso } from '@eta-il/domain';
import { AsYouType } from 'libphonenumber-js/min';

export const displayDate = (iso: string): string => {
  const { day, month, year } = partsFromIso(iso);
  return day ? `${day}/${month}/${year}` : '';
};

export const displayPhone = (digits: string): string =>
  digits ? new AsYouType().input(`${PHONE_DEFAULT_PREFIX}${digits}`) : '';

/** The common namespace's key for a stored Yes/No answer. */
export const yesNoKey = (flag: Flag): 'common:yes' | 'common:no' | undefined =>
  flag === 1 ? 'common:yes' : flag === 0 ? 'common:no' : undefined;
