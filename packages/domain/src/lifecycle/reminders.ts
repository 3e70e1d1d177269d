// Reminders before an authorization ends (issue 31, docs/decisions/056-expiry-reminders.md): when
// it ends and why, and which reminder is due on a given day. The server's job asks reminderDue
// for each approved application whose traveller consented, and records each reminder it sends, so
// none goes twice for the same last day of validity.
import { AUTHORIZATION_VALIDITY_YEARS, REMINDER_DAYS_BEFORE } from '../constants.ts';
import { addDaysIso, addYearsIso, type IsoDate } from '../dates.ts';
import { authorizationValidUntil } from './authorization.ts';
import { isAuthorized } from './states.ts';

export { REMINDER_DAYS_BEFORE } from '../constants.ts';
/** A reminder by the days it is sent before the last day of validity: 30 or 7. */
export type ReminderDays = (typeof REMINDER_DAYS_BEFORE)[number];

/** Why an authorization ends when it does: two years after the decision, or the passport's expiry. */
export type ValidityEndReason = 'twoYears' | 'passportExpiry';

/**
 * Why an authorization valid from `validFrom` ends on `validUntil`: the passport's expiry when that
 * came before the two years were up, else the two years (also when both fall on the same day).
 */
export const validityEndReason = (validFrom: IsoDate, validUntil: IsoDate): ValidityEndReason =>
  validUntil < addYearsIso(validFrom, AUTHORIZATION_VALIDITY_YEARS) ? 'passportExpiry' : 'twoYears';

/** The last day of an authorization decided on `decidedOn`, and why it is that day. */
export const authorizationEnd = (
  decidedOn: IsoDate,
  passportExpiry: IsoDate,
): { validUntil: IsoDate; reason: ValidityEndReason } => {
  const validUntil = authorizationValidUntil(decidedOn, passportExpiry);
  return { validUntil, reason: validityEndReason(decidedOn, validUntil) };
};

/** The first day on which the reminder `days` before `validUntil` may be sent. */
const reminderFrom = (validUntil: IsoDate, days: ReminderDays): IsoDate =>
  addDaysIso(validUntil, -days);

/** What decides whether a reminder is due today. */
export interface ReminderFacts {
  /** The application's state: only an approved one (never refused, revoked, withdrawn…). */
  state: string;
  /** The traveller ticked "E-mail me before my authorization expires", and has not withdrawn it. */
  consent: boolean;
  /** The last day of validity. */
  validUntil: IsoDate;
  /** Today, in the service's time zone. */
  today: IsoDate;
  /** The reminders already sent for this same `validUntil`. */
  sent: readonly ReminderDays[];
  /** A renewal of this authorization has been submitted: no last reminder then. */
  renewalSubmitted: boolean;
}

/**
 * The reminder due today, or null. The nearest reminder whose first day has come, if it was not
 * sent: a job that was down on the 30th day before sends the first one late (from the 29th on),
 * but once the 7th day before has come only the last one is due, so a traveller never gets two at
 * once. None after the last day, without consent, or for an application not approved; the last
 * one not once a renewal was submitted.
 */
export const reminderDue = (facts: ReminderFacts): ReminderDays | null => {
  if (!facts.consent || !isAuthorized(facts.state)) return null;
  if (facts.today > facts.validUntil) return null;
  // Nearest first: [7, 30].
  const nearestFirst = [...REMINDER_DAYS_BEFORE].sort((a, b) => a - b);
  const current = nearestFirst.find((days) => facts.today >= reminderFrom(facts.validUntil, days));
  if (current === undefined || facts.sent.includes(current)) return null;
  if (current === Math.min(...REMINDER_DAYS_BEFORE) && facts.renewalSubmitted) return null;
  return current;
};

/** The earliest day from which any reminder may be due for an authorization ending `validUntil`. */
export const remindersStart = (validUntil: IsoDate): IsoDate =>
  reminderFrom(validUntil, Math.max(...REMINDER_DAYS_BEFORE) as ReminderDays);
