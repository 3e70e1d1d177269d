// The refusal e-mail says until when a review may be asked and how (issue 30 item 1); the review's
// two e-mails (received, upheld) say what follows; in each of the seven languages, written for it
// (no English copy), and every catalogue has every text English has.
import { formatDate } from '@eta-il/domain';
import { describe, expect, it } from 'vitest';
import { decisionMail, MAIL_LANGUAGES } from '../../src/mail/templates.ts';

const VALUES = {
  reqNum: 'IL-1234-5678',
  firstName: 'Jane',
  lastName: 'Doe',
  statusUrl: 'https://eta.example/status?n=IL-1234-5678',
  visaUrl: 'https://eta.example/visa',
  reasons: ['previousRefusal'],
  reviewUntil: '2026-12-20',
};
const OTHERS = MAIL_LANGUAGES.filter((l) => l !== 'en');

describe('the review in the e-mails', () => {
  it.each(MAIL_LANGUAGES)('the refusal in %s gives the last day to ask, and where', (language) => {
    const mail = decisionMail('refused', VALUES, language);
    const day = formatDate('2026-12-20', language);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(day);
      expect(part).toContain(VALUES.statusUrl);
      expect(part).not.toContain('2026-12-20');
      expect(part).not.toContain('{{');
      expect(part).toContain('3');
    }
    // The ground in plain words, then the review, then the visa.
    const english = decisionMail('refused', VALUES, 'en').text;
    expect(english.indexOf('An earlier request')).toBeLessThan(english.indexOf('review'));
    expect(english.indexOf('review')).toBeLessThan(english.indexOf('visa'));
  });

  it('a refusal without a review date (an upheld one is final) does not offer a review', () => {
    const mail = decisionMail('refused', { ...VALUES, reviewUntil: undefined }, 'en');
    expect(mail.text).not.toMatch(/review/i);
  });

  it.each(MAIL_LANGUAGES)(
    'received and upheld in %s: subject, number, what follows',
    (language) => {
      const requested = decisionMail('reviewRequested', VALUES, language);
      const upheld = decisionMail('reviewUpheld', VALUES, language);
      for (const mail of [requested, upheld]) {
        expect(mail.subject).toContain(VALUES.reqNum);
        expect(mail.text).toContain(VALUES.statusUrl);
        expect(mail.text).not.toContain('{{');
        expect(mail.html).toContain(`lang="${language}"`);
      }
      expect(upheld.text).toContain(VALUES.visaUrl);
      // Three paragraphs after the greeting: what happened, what follows, the status page.
      expect(requested.text.split('\n\n')).toHaveLength(4);
    },
  );

  it.each(OTHERS)('%s is written in its own language, not copied from English', (language) => {
    for (const notice of ['refused', 'reviewRequested', 'reviewUpheld'] as const) {
      const own = decisionMail(notice, VALUES, language).text.split('\n\n');
      const english = decisionMail(notice, VALUES, 'en').text.split('\n\n');
      own.forEach((paragraph, i) => {
        if (!paragraph.startsWith('- ')) expect(paragraph).not.toBe(english[i]);
      });
    }
  });
});
