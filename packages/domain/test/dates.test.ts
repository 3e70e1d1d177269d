import { describe, expect, it } from 'vitest';
import {
  addDaysIso,
  addYearsIso,
  ageOn,
  dateFields,
  earlierOf,
  isIsoDate,
  isoDateOf,
  isoFromParts,
  isoOfBoxes,
  partsFromIso,
  todayIn,
  yearOf,
} from '../src/index.ts';

describe('isoFromParts', () => {
  it('builds the ISO date of real day/month/year boxes', () => {
    expect(isoFromParts('22', '11', '2026')).toBe('2026-11-22');
    expect(isoFromParts('1', '2', '1990')).toBe('1990-02-01');
  });

  it('rejects 31/02', () => {
    expect(isoFromParts('31', '02', '2026')).toBeUndefined();
  });

  it('rejects 29/02 in a non-leap year, 1900 included', () => {
    expect(isoFromParts('29', '02', '2025')).toBeUndefined();
    expect(isoFromParts('29', '02', '1900')).toBeUndefined();
  });

  it('accepts 29/02/2024 and 29/02/2000', () => {
    expect(isoFromParts('29', '02', '2024')).toBe('2024-02-29');
    expect(isoFromParts('29', '02', '2000')).toBe('2000-02-29');
  });

  it('rejects 31 in a 30-day month, month 13, day 0 and malformed boxes', () => {
    expect(isoFromParts('31', '04', '2026')).toBeUndefined();
    expect(isoFromParts('01', '13', '2026')).toBeUndefined();
    expect(isoFromParts('00', '01', '2026')).toBeUndefined();
    expect(isoFromParts('1a', '01', '2026')).toBeUndefined();
    expect(isoFromParts('01', '01', '26')).toBeUndefined();
    expect(isoFromParts('', '', '')).toBeUndefined();
  });
});

describe('partsFromIso and isIsoDate', () => {
  it('splits an ISO date (or timestamp) into boxes and a missing one into blanks', () => {
    expect(partsFromIso('2027-03-15')).toEqual({ day: '15', month: '03', year: '2027' });
    // Anything after the date is not a date: no boxes, so the rules refuse it.
    expect(partsFromIso('2027-03-15T10:00:00Z')).toEqual({ day: '', month: '', year: '' });
    expect(partsFromIso('2027-03-15junk')).toEqual({ day: '', month: '', year: '' });
    expect(partsFromIso('')).toEqual({ day: '', month: '', year: '' });
    expect(partsFromIso(null)).toEqual({ day: '', month: '', year: '' });
    expect(partsFromIso(undefined)).toEqual({ day: '', month: '', year: '' });
  });

  it('knows a real ISO date', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-2-1')).toBe(false);
  });
});

describe('ageOn', () => {
  it('counts whole years: 18 on the 18th birthday, 17 the day before', () => {
    expect(ageOn('2008-11-22', '2026-11-22')).toBe(18);
    expect(ageOn('2008-11-23', '2026-11-22')).toBe(17);
    expect(ageOn('1990-07-04', '2026-11-22')).toBe(36);
    expect(ageOn('2026-11-22', '2026-11-22')).toBe(0);
  });

  it('for a 29 February birthday, reaches the new age only after 28 February', () => {
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageOn('2008-02-29', '2026-02-27')).toBe(17);
  });

  it('refuses an unreal date', () => {
    expect(() => ageOn('2025-02-29', '2026-11-22')).toThrow(RangeError);
  });
});

describe('addYearsIso', () => {
  it('adds whole years', () => {
    expect(addYearsIso('2026-11-22', 2)).toBe('2028-11-22');
    expect(addYearsIso('2026-11-22', 20)).toBe('2046-11-22');
    expect(addYearsIso('2026-11-22', 50)).toBe('2076-11-22');
  });

  it('on 29 February lands on 28 February of a non-leap year and stays on 29 in a leap year', () => {
    expect(addYearsIso('2024-02-29', 1)).toBe('2025-02-28');
    expect(addYearsIso('2024-02-29', 2)).toBe('2026-02-28');
    expect(addYearsIso('2024-02-29', 4)).toBe('2028-02-29');
    expect(addYearsIso('2024-02-29', 20)).toBe('2044-02-29');
  });

  it('refuses an unreal date', () => {
    expect(() => addYearsIso('2026-02-30', 1)).toThrow(RangeError);
  });
});

describe('other date helpers', () => {
  it('yearOf and earlierOf', () => {
    expect(yearOf('1990-07-04')).toBe(1990);
    expect(earlierOf('2028-11-22', '2030-05-09')).toBe('2028-11-22');
    expect(earlierOf('2030-05-09', '2028-11-22')).toBe('2028-11-22');
  });

  it("todayIn gives the traveller's calendar day in a time zone", () => {
    const now = new Date('2026-11-22T23:30:00Z');
    expect(todayIn(now, 'UTC')).toBe('2026-11-22');
    expect(todayIn(now, 'Asia/Jerusalem')).toBe('2026-11-23');
    expect(todayIn(now, 'America/New_York')).toBe('2026-11-22');
  });
});

describe('isoDateOf', () => {
  it('is the local calendar day, zero-padded, whatever the year', () => {
    expect(isoDateOf(new Date(2026, 10, 5, 23, 59))).toBe('2026-11-05');
    const early = new Date(2020, 0, 9);
    early.setFullYear(7);
    expect(isoDateOf(early)).toBe('0007-01-09');
    expect(addDaysIso('2024-02-28', 1)).toBe('2024-02-29');
    expect(addYearsIso('2024-02-29', 1)).toBe('2025-02-28');
  });
});

describe('isoOfBoxes', () => {
  const birth = dateFields('BirthDate');
  const boxes = (day: string, month: string, year: string) => ({
    dayBirthDate: day,
    monthBirthDate: month,
    yearBirthDate: year,
  });

  it('reads the boxes of a real date as its ISO date', () => {
    expect(isoOfBoxes(boxes('5', '3', '1990'), birth)).toEqual({ iso: '1990-03-05' });
    expect(isoOfBoxes(boxes('29', '02', '2024'), birth)).toEqual({ iso: '2024-02-29' });
  });

  it('says the date is required when every box is empty, and invalid when they make no date', () => {
    expect(isoOfBoxes({}, birth)).toEqual({ problem: 'required' });
    expect(isoOfBoxes(boxes(' ', '', ''), birth)).toEqual({ problem: 'required' });
    expect(isoOfBoxes(boxes('31', '02', '2023'), birth)).toEqual({ problem: 'dateInvalid' });
    expect(isoOfBoxes(boxes('12', '', '1990'), birth)).toEqual({ problem: 'dateInvalid' });
    expect(isoOfBoxes(boxes('12', '05', '90'), birth)).toEqual({ problem: 'dateInvalid' });
  });
});
