// The messages that stop an application, in a module of their own: the pages that show them as
// banners (the eligibility result, status) need this list, not the English texts of every message.
import type { MessageId } from './messages.ts';

/**
 * Blocking messages shown as a banner with the link to the visa options (SPEC §4 "Alerts", §8):
 * the traveller cannot use ETA-IL with these answers.
 */
export const VISA_OPTION_MESSAGES: readonly MessageId[] = [
  'entryReasonNotEligible',
  'stayOverThreeMonths',
  'tourismStayTooLong',
  'visitPurposeTooLong',
  'arrivalFromIsrael',
  'passportTypeNotEligible',
  'countryIsIsrael',
  'countryNotPossible',
  'countryEnemy',
  'countryPalestinian',
  'passportCountryRejected',
  'nationalityPalestinian',
  'nationalityEnemy',
  'homeCountryEnemy',
];
