// Corrections before a decision (issue 13): the correctable fields change and are re-checked by
// the submission's rules; nothing else changes.
import { describe, expect, it } from 'vitest';
import { bearerOf, changesScreening, correctRecord, LOCKED_FIELDS } from '../src/index.ts';
import { reference, TODAY, validDraft } from './fixtures.ts';

const ctx = { today: TODAY, reference };

describe('correctRecord', () => {
  it('a new arrival date is stored, and the change is listed with the old value', () => {
    const result = correctRecord(validDraft(), { estimatedArrivalDate: '2027-04-20' }, ctx);
    expect(result.ok && bearerOf(result.record).estimatedArrivalDate).toBe('2027-04-20');
    expect(result.ok && result.changes).toEqual([
      { field: 'estimatedArrivalDate', from: '2027-03-15', to: '2027-04-20' },
    ]);
  });

  it('every other field of the record stays as it was', () => {
    const result = correctRecord(validDraft(), { addressTownName: 'Boston' }, ctx);
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    const before = bearerOf(validDraft());
    const after = bearerOf(result.record);
    expect({ ...after, addressTownName: before.addressTownName }).toEqual(before);
    for (const field of LOCKED_FIELDS) expect(after[field]).toEqual(before[field]);
  });

  it('the same rules as the application: an arrival date in the past is refused', () => {
    const result = correctRecord(validDraft(), { estimatedArrivalDate: '2026-01-01' }, ctx);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.issues[0]).toMatchObject({
      message: 'arrivalInPast',
      step: 'travel',
    });
  });

  it('an e-mail address and a country are checked too; the country is looked up by its id', () => {
    expect(correctRecord(validDraft(), { reqMainEmailAddress: 'not an address' }, ctx).ok).toBe(
      false,
    );
    expect(correctRecord(validDraft(), { addressCountryId: '999999' }, ctx).ok).toBe(false);
    const moved = correctRecord(validDraft(), { addressCountryId: '826' }, ctx);
    expect(moved.ok && bearerOf(moved.record).addressCountryId).toEqual({
      id: 826,
      Description: 'United Kingdom',
    });
  });

  it('a correction to the same value changes nothing', () => {
    const same = correctRecord(validDraft(), { addressTownName: 'New York' }, ctx);
    expect(same.ok && same.changes).toEqual([]);
  });
});

describe('changesScreening', () => {
  const corrected = (correction: Parameters<typeof correctRecord>[1]) => {
    const result = correctRecord(validDraft(), correction, ctx);
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    return result.record;
  };

  it('an arrival date is read by screening: the case is screened again', () => {
    expect(changesScreening(validDraft(), corrected({ estimatedArrivalDate: '2027-04-20' }))).toBe(
      true,
    );
  });

  it('contact details are not', () => {
    const contact = corrected({ mobilePhoneNum: '12125550000', addressTownName: 'Boston' });
    expect(changesScreening(validDraft(), contact)).toBe(false);
  });
});
