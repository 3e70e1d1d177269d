// The e-mails write their dates with the domain's one formatter, in the mail's language: day first
// with the month in words (never the US order, never ISO), moments in UTC and saying so.
import { formatDate } from '@eta-il/domain';
import { describe, expect, it } from 'vitest';
import {
  contactChangedMail,
  decisionMail,
  MAIL_LANGUAGES,
  savedApplicationMail,
} from '../../src/mail/templates.ts';

const APPROVED = {
  reqNum: 'IL-1234-5678',
  firstName: 'Jane',
  lastName: 'Doe',
  statusUrl: 'https://eta.example/status',
  validFrom: '2026-11-22',
  validUntil: '2028-11-22',
  passport: '•••••4567',
};

const WRITTEN: Record<(typeof MAIL_LANGUAGES)[number], [from: string, until: string]> = {
  en: ['22 November 2026', '22 November 2028'],
  he: ['22 בנובמבר 2026', '22 בנובמבר 2028'],
  ar: ['22 نوفمبر 2026', '22 نوفمبر 2028'],
  ru: ['22 ноября 2026 г.', '22 ноября 2028 г.'],
  fr: ['22 novembre 2026', '22 novembre 2028'],
  de: ['22. November 2026', '22. November 2028'],
  es: ['22 de noviembre de 2026', '22 de noviembre de 2028'],
};

describe('dates in the e-mails', () => {
  it.each(MAIL_LANGUAGES)(
    'the approval in %s gives its validity in words, as the web app does',
    (language) => {
      const mail = decisionMail('approved', APPROVED, language);
      const [from, until] = WRITTEN[language];
      for (const part of [mail.text, mail.html]) {
        expect(part).toContain(from);
        expect(part).toContain(until);
        expect(part).not.toContain('2028-11-22');
      }
      expect(formatDate('2028-11-22', language)).toBe(until);
    },
  );

  it.each(MAIL_LANGUAGES)('a moment in %s is day first, on a 24-hour clock, in UTC', (language) => {
    const at = new Date('2026-11-26T20:58:00Z');
    const saved = savedApplicationMail(
      { link: 'https://eta.example/resume#x', expiresAt: at },
      language,
    );
    const changed = contactChangedMail(
      { reqNum: 'IL-1', address: 'n•••@example.com', at },
      language,
    );
    for (const text of [saved.text, changed.text]) {
      expect(text).toContain('20:58 UTC');
      expect(text).not.toMatch(/November 26|8:58\s?PM|2026-11-26/);
      expect(text).toContain(WRITTEN[language][0].replace('22', '26'));
    }
  });
});
