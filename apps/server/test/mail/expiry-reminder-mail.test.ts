// The reminder before an authorization ends (issue 31) in each of the seven languages: its own
// words (not English), the day in that language's words, the reason that applies and only it, the
// links clickable, and Hebrew and Arabic right to left.
import { formatDate } from '@eta-il/domain';
import { describe, expect, it } from 'vitest';
import {
  type ExpiryReminderValues,
  expiryReminderMail,
  MAIL_LANGUAGES,
} from '../../src/mail/templates.ts';

const values: ExpiryReminderValues = {
  reqNum: 'ISR-ABC-123',
  firstName: 'ANA',
  lastName: 'LOPEZ',
  validUntil: '2028-11-27',
  reason: 'twoYears',
  passport: '•••••4567',
  renewalUrl: 'https://eta-il.example.test/status?applicationNumber=ISR-ABC-123',
  statusUrl: 'https://eta-il.example.test/status?applicationNumber=ISR-ABC-123',
};

describe.each(MAIL_LANGUAGES)('the reminder in %s', (language) => {
  const twoYears = expiryReminderMail(values, language);
  const passport = expiryReminderMail({ ...values, reason: 'passportExpiry' }, language);

  it('says when it ends, in its own words, with every value filled in', () => {
    expect(twoYears.subject).toContain(values.reqNum);
    expect(twoYears.subject).toContain(formatDate(values.validUntil, language));
    expect(twoYears.text).toContain('ANA LOPEZ');
    expect(twoYears.text).toContain(values.statusUrl);
    expect(twoYears.text).not.toMatch(/\{\{|\}\}/);
    if (language !== 'en') {
      expect(twoYears.subject).not.toBe(expiryReminderMail(values, 'en').subject);
    }
  });

  it('says why: the two years, or the passport (masked), never both', () => {
    expect(twoYears.text).toContain('2');
    expect(twoYears.text).not.toContain(values.passport);
    expect(passport.text).toContain(values.passport);
    expect(passport.text).not.toBe(twoYears.text);
  });

  it('links the pages, in the reading direction of the language', () => {
    expect(twoYears.html).toContain(`<a href="${values.statusUrl}" dir="ltr">`);
    expect(twoYears.html).toContain(`dir="${['he', 'ar'].includes(language) ? 'rtl' : 'ltr'}"`);
  });
});
