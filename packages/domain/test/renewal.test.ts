// A renewal's draft (issue 31 item 3, decision 057): every field of a traveller carried, asked
// again or emptied; the passport carried only while it lasts a new authorization.
import { describe, expect, it } from 'vitest';
import {
  type Bearer,
  bearerOf,
  blankDraft,
  messageText,
  passportLastsNewAuthorization,
  RENEWAL_FIELDS,
  type RenewalFate,
  renewalDraft,
} from '../src/index.ts';
import { buildDraft, countryChoice, groupDraft, TODAY, validDraft } from './fixtures.ts';

/** A draft whose passport expires on `iso`. */
const expiringOn = (iso: string) => {
  const [yearPassportExpire, monthPassportExpire, dayPassportExpire] = iso.split('-');
  return buildDraft({ passport: { yearPassportExpire, monthPassportExpire, dayPassportExpire } });
};
const LASTING = '2030-05-09'; // the fixture's passport: more than two years after TODAY

const fieldsOf = (fate: RenewalFate) =>
  (Object.entries(RENEWAL_FIELDS) as [keyof Bearer, RenewalFate][])
    .filter(([, f]) => f === fate)
    .map(([field]) => field);

describe('renewalDraft: what each field of a traveller becomes', () => {
  const previous = buildDraft({
    travel: { yearEstimatedAarrivalDate: '2027' },
    personal: { anotherNationalityArray: [countryChoice('GBR')] },
  });
  const old = bearerOf(previous);
  const renewed = bearerOf(renewalDraft(previous, TODAY).draft);
  const blank = bearerOf(blankDraft());

  it('every field of a traveller has a fate in the table', () => {
    expect(Object.keys(RENEWAL_FIELDS).sort()).toEqual(Object.keys(blank).sort());
  });

  it.each(fieldsOf('carried'))('%s is carried over', (field) => {
    expect(renewed[field]).toEqual(old[field]);
  });

  it.each(fieldsOf('confirmAgain'))('%s is carried, to be confirmed again', (field) => {
    expect(renewed[field]).toEqual(old[field]);
  });

  it.each(fieldsOf('passport'))('%s is carried with a passport that lasts', (field) => {
    expect(old[field]).not.toEqual(blank[field]);
    expect(renewed[field]).toEqual(old[field]);
  });

  it.each(fieldsOf('asked'))('%s is asked again (empty)', (field) => {
    expect(renewed[field]).toEqual(blank[field]);
  });

  it('the filled-in fields the traveller answered before are not all empty (the fixture is real)', () => {
    for (const field of ['entryReasonId', 'estimatedArrivalDate', 'photoId'] as const) {
      expect(old[field]).not.toEqual(blank[field]);
    }
    expect(old.previousStayInIsraelYN).not.toBeNull();
  });

  it('carries the contact e-mail and the applicant, and asks for the declaration again', () => {
    const { draft } = renewalDraft(previous, TODAY);
    expect(previous.reqDeclaration).toBe(1);
    expect(draft.reqMainEmailAddress).toBe(previous.reqMainEmailAddress);
    expect(draft.applicantMobilePhoneNum).toBe(previous.applicantMobilePhoneNum);
    expect(draft.applicantFirstName).toBe(previous.applicantFirstName);
    expect(draft.groupTypeId).toEqual(previous.groupTypeId);
    expect([draft.reqDeclaration, draft.reqDisclaimer]).toEqual([0, 0]);
  });

  it('asks the history answers to be confirmed again and has no notice for a lasting passport', () => {
    const result = renewalDraft(previous, TODAY);
    expect(result.confirmAgain).toEqual(['history']);
    expect(result.notices).toEqual([]);
  });
});

describe('renewalDraft: the passport', () => {
  it.each([
    // expiry, carried, notice
    [LASTING, true, null],
    ['2028-11-22', true, null], // exactly two years after TODAY (2026-11-22)
    ['2028-11-21', false, 'renewalPassportExpiresSoon'],
    ['2027-01-01', false, 'renewalPassportExpiresSoon'],
    ['2026-11-22', false, 'renewalPassportExpiresSoon'], // its last day
    ['2026-11-21', false, 'renewalPassportExpired'],
    ['2020-01-01', false, 'renewalPassportExpired'],
  ] as const)('expiring %s: carried %s, notice %s', (expiry, carried, notice) => {
    const previous = expiringOn(expiry);
    const { draft, notices } = renewalDraft(previous, TODAY);
    const bearer = bearerOf(draft);
    expect(bearer.passportNum).toBe(carried ? bearerOf(previous).passportNum : '');
    expect(bearer.passportExpireDate).toBe(carried ? expiry : '');
    expect(bearer.passportCountryId).toEqual(carried ? bearerOf(previous).passportCountryId : null);
    expect(notices).toEqual(notice ? [{ traveller: 0, step: 'passport', message: notice }] : []);
    // The person on the passport step is carried either way.
    expect([bearer.firstName, bearer.lastName, bearer.birthDate]).toEqual([
      bearerOf(previous).firstName,
      bearerOf(previous).lastName,
      bearerOf(previous).birthDate,
    ]);
    expect(passportLastsNewAuthorization(expiry, TODAY)).toBe(carried);
  });

  it('a group: each traveller is judged on their own passport', () => {
    const previous = groupDraft(
      { passport: { yearPassportExpire: '2030' } },
      { passport: { passportNum: 'CD7654321', yearPassportExpire: '2027' } },
    );
    const { draft, notices } = renewalDraft(previous, TODAY);
    expect(draft.bearerList.map((b) => b.passportNum)).toEqual(['AB1234567', '']);
    expect(notices).toEqual([
      { traveller: 1, step: 'passport', message: 'renewalPassportExpiresSoon' },
    ]);
  });

  it("'Someone else': the applicant's own passport is carried even when the traveller's is emptied", () => {
    const previous = buildDraft({ passport: { yearPassportExpire: '2027' } });
    expect(previous.groupTypeId.id).toBe(2);
    const { draft } = renewalDraft(previous, TODAY);
    expect(bearerOf(draft).passportNum).toBe('');
    expect(draft.applicantPassportNum).toBe(previous.applicantPassportNum);
    expect(draft.applicantPassportNum).not.toBe('');
    expect(draft.applicantPassportCountryId).toEqual(previous.applicantPassportCountryId);
  });

  it('a new passport fills the first traveller, with no notice, whatever the old one', () => {
    const previous = expiringOn('2027-01-01');
    const country = bearerOf(validDraft()).passportCountryId!;
    const { draft, notices } = renewalDraft(previous, TODAY, {
      passportNum: 'NEW12345',
      passportCountryId: country,
      passportIssueDate: '2026-10-01',
      passportExpireDate: '2036-09-30',
    });
    const bearer = bearerOf(draft);
    expect(bearer.passportNum).toBe('NEW12345');
    expect(bearer.passportExpireDate).toBe('2036-09-30');
    // The type and chip as the old passport's; the dates and number the new one's.
    expect(bearer.passportTypeId).toEqual(bearerOf(previous).passportTypeId);
    expect(bearer.passportIssueDate).toBe('2026-10-01');
    expect(bearer.firstName).toBe(bearerOf(previous).firstName);
    expect(notices).toEqual([]);
  });

  it('says why, in English, with the figure', () => {
    expect(messageText('renewalPassportExpiresSoon')).toContain('less than 2 years');
    expect(messageText('renewalPassportExpired')).toContain('new passport');
  });
});
