import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../src/index.ts';

// One date in every language of the web app: day, month in words, year; digits 0-9.
const DATES: [language: string, written: string][] = [
  ['en', '15 March 2027'],
  ['en-GB', '15 March 2027'],
  ['en-US', 'March 15, 2027'],
  ['he', '15 במרץ 2027'],
  ['ar', '15 مارس 2027'],
  ['ru', '15 марта 2027 г.'],
  ['fr', '15 mars 2027'],
  ['de', '15. März 2027'],
  ['es', '15 de marzo de 2027'],
];

describe('formatDate', () => {
  it.each(DATES)('writes 2027-03-15 in %s as "%s"', (language, written) => {
    expect(formatDate('2027-03-15', language)).toBe(written);
  });

  it('keeps the calendar day whatever the time zone of the machine', () => {
    // Formatted in UTC: the first of January is never shown as the 31st of December.
    expect(formatDate('2027-01-01', 'en')).toBe('1 January 2027');
    expect(formatDate('2026-12-31', 'en')).toBe('31 December 2026');
  });

  it('writes nothing for what is not a real calendar date', () => {
    expect(formatDate('', 'en')).toBe('');
    expect(formatDate(undefined, 'en')).toBe('');
    expect(formatDate('2027-02-31', 'en')).toBe('');
    expect(formatDate('2027-03-15T10:00:00Z', 'en')).toBe('');
    expect(formatDate('15/03/2027', 'en')).toBe('');
  });
});

describe('formatDateTime', () => {
  const at = new Date('2026-11-26T20:58:00Z');

  it.each([
    ['en', /^26 November 2026(,| at) 20:58 UTC$/],
    ['en-US', /^November 26, 2026(,| at) 08:58\sPM UTC$/],
    ['he', /^26 בנובמבר 2026.* 20:58 UTC$/],
    ['ar', /^26 نوفمبر 2026.* 20:58 UTC$/],
    ['ru', /^26 ноября 2026 г\..* 20:58 UTC$/],
    ['fr', /^26 novembre 2026.* 20:58 UTC$/],
    ['de', /^26\. November 2026.* 20:58 UTC$/],
    ['es', /^26 de noviembre de 2026.* 20:58 UTC$/],
  ])(
    'writes the moment in %s with the day first (but en-US), a 24-hour clock and the zone',
    (language, written) => {
      expect(formatDateTime(at, language)).toMatch(written);
    },
  );

  it('shows the moment in the time zone it is given, and names it', () => {
    expect(formatDateTime(at, 'en', 'Asia/Jerusalem')).toMatch(
      /^26 November 2026(,| at) 22:58 GMT\+2$/,
    );
    expect(formatDateTime('2026-11-26T23:30:00Z', 'en', 'Asia/Jerusalem')).toMatch(
      /^27 November 2026(,| at) 01:30 GMT\+2$/,
    );
  });
});
