// How the review shows stored values: phones as international numbers, Yes/No answers (dates go
// through the domain's formatDate, in the reader's language with the month spelled out).
import { type Flag, PHONE_DEFAULT_PREFIX } from '@eta-il/domain';
import { AsYouType } from 'libphonenumber-js/min';

export const displayPhone = (digits: string): string =>
  digits ? new AsYouType().input(`${PHONE_DEFAULT_PREFIX}${digits}`) : '';

/** The common namespace's key for a stored Yes/No answer. */
export const yesNoKey = (flag: Flag): 'common:yes' | 'common:no' | undefined =>
  flag === 1 ? 'common:yes' : flag === 0 ? 'common:no' : undefined;
