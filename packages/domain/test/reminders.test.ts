// Reminders before an authorization ends (issue 31) as tables: when it ends and why, and which
// reminder is due on which day — never without consent, never twice for the same last day, never
// for an application that is not approved, the last one not after a renewal was submitted.
import { describe, expect, it } from 'vitest';
import {
  APPLICATION_STATES,
  authorizationEnd,
  REMINDER_DAYS_BEFORE,
  type ReminderDays,
  type ReminderFacts,
  reminderDue,
  remindersStart,
  validityEndReason,
} from '../src/index.ts';

describe('when an authorization ends, and why', () => {
  it.each([
    // decided on, passport expiry → last day, reason
    ['2026-11-27', '2035-01-01', '2028-11-27', 'twoYears'],
    ['2026-11-27', '2028-11-27', '2028-11-27', 'twoYears'],
    ['2026-11-27', '2028-11-26', '2028-11-26', 'passportExpiry'],
    ['2026-11-27', '2027-03-15', '2027-03-15', 'passportExpiry'],
    ['2028-02-29', '2040-01-01', '2030-02-28', 'twoYears'],
  ] as const)(
    'decided %s, passport until %s → ends %s (%s)',
    (decided, passport, until, reason) => {
      expect(authorizationEnd(decided, passport)).toEqual({ validUntil: until, reason });
      expect(validityEndReason(decided, until)).toBe(reason);
    },
  );
});

describe('which reminder is due', () => {
  const until = '2027-06-30';
  const facts = (today: string, more: Partial<ReminderFacts> = {}): ReminderFacts => ({
    state: 'approved',
    consent: true,
    validUntil: until,
    today,
    sent: [],
    renewalSubmitted: false,
    ...more,
  });

  it('sends 30 and 7 days before the last day', () => {
    expect(REMINDER_DAYS_BEFORE).toEqual([30, 7]);
    expect(remindersStart(until)).toBe('2027-05-31');
  });

  it.each([
    // today, already sent, renewal submitted → due
    ['2027-05-30', [], false, null], // 31 days before: too early
    ['2027-05-31', [], false, 30], // 30 days before
    ['2027-06-10', [], false, 30], // the job was down on the day: late, not lost
    ['2027-05-31', [30], false, null], // never twice
    ['2027-06-22', [30], false, null], // 8 days before: between the two
    ['2027-06-23', [30], false, 7], // 7 days before
    ['2027-06-23', [], false, 7], // the first was missed: only the last, not both
    ['2027-06-30', [30], false, 7], // the last day itself
    ['2027-06-23', [30, 7], false, null], // never twice
    ['2027-07-01', [30], false, null], // it has ended
    ['2027-05-31', [], true, 30], // a renewal does not stop the first
    ['2027-06-23', [30], true, null], // but it stops the last
    ['2027-06-30', [], true, null],
  ] as const)('on %s, sent %o, renewal %s → %s', (today, sent, renewalSubmitted, due) => {
    expect(reminderDue(facts(today, { sent: [...sent] as ReminderDays[], renewalSubmitted }))).toBe(
      due,
    );
  });

  it.each(['2027-05-31', '2027-06-23'])('never without consent (%s)', (today) => {
    expect(reminderDue(facts(today, { consent: false }))).toBeNull();
  });

  it.each(APPLICATION_STATES.map((state) => [state, state === 'approved' ? 30 : null] as const))(
    'in state %s → %s',
    (state, due) => {
      expect(reminderDue(facts('2027-05-31', { state }))).toBe(due);
    },
  );

  it('a state this build does not know gets none', () => {
    expect(reminderDue(facts('2027-05-31', { state: 'renewed-elsewhere' }))).toBeNull();
  });

  it('a new last day (another authorization) starts again', () => {
    // Sent for 2027-06-30; the application's validity is now another day: nothing sent for it.
    expect(reminderDue(facts('2027-12-01', { validUntil: '2027-12-31', sent: [] }))).toBe(30);
  });
});
