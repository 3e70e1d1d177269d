// How long an authorization lasts: from the decision until the earlier of passport expiry and
// two years (SPEC §1; the same rule as bearerDocExpireDate). Also the masked passport number
// the document and the verification page show.
import { AUTHORIZATION_VALIDITY_YEARS } from '../constants.ts';
import { addYearsIso, earlierOf, type IsoDate } from '../dates.ts';

export const authorizationValidUntil = (decidedOn: IsoDate, passportExpiry: IsoDate): IsoDate =>
  earlierOf(addYearsIso(decidedOn, AUTHORIZATION_VALIDITY_YEARS), passportExpiry);

/** All but the last four characters replaced by '•'. */
export const maskPassportNumber = (passportNumber: string): string =>
  passportNumber.length <= 4
    ? passportNumber
    : '•'.repeat(passportNumber.length - 4) + passportNumber.slice(-4);
