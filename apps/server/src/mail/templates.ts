// The e-mails ETA-IL sends, as text and HTML, in the reader's language (one catalogue per
// language in ./locales, English as the fallback). Values are escaped into the HTML.
import { readFileSync } from 'node:fs';
import { ANSWER_WITHIN_HOURS, CODE_TTL_MS } from '@eta-il/domain';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export const MAIL_LANGUAGES = ['en', 'he', 'ar', 'fr', 'ru', 'es', 'de'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];
const RTL: readonly MailLanguage[] = ['he', 'ar'];

type Catalogue = {
  code: Record<'subject' | 'intro' | 'instructions' | 'ignore', string>;
  acknowledgement: Record<'subject' | 'greeting' | 'received' | 'status' | 'noValid', string>;
  footer: string;
};

const catalogues = new Map<MailLanguage, Catalogue>();
const catalogue = (language: MailLanguage): Catalogue => {
  let found = catalogues.get(language);
  if (!found) {
    try {
      found = JSON.parse(
        readFileSync(new URL(`./locales/${language}.json`, import.meta.url), 'utf8'),
      ) as Catalogue;
    } catch {
      found = catalogue('en');
    }
    catalogues.set(language, found);
  }
  return found;
};

/** The first language of an Accept-Language header that we write mail in; else English. */
export const mailLanguage = (acceptLanguage: string | undefined): MailLanguage => {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const base = part.trim().split(';')[0]?.split('-')[0]?.toLowerCase();
    const match = MAIL_LANGUAGES.find((l) => l === base);
    if (match) return match;
  }
  return 'en';
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));

const page = (language: MailLanguage, title: string, paragraphs: string[]) =>
  `<!doctype html><html lang="${language}" dir="${RTL.includes(language) ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
  `<body style="font-family:Arial,sans-serif;color:#1b1b1b;line-height:1.5">` +
  paragraphs.map((p) => `<p>${p}</p>`).join('') +
  `<p style="color:#555">${escapeHtml(catalogue(language).footer)}</p></body></html>`;

export const codeMail = (code: string, language: MailLanguage = 'en'): MailContent => {
  const t = catalogue(language).code;
  const values = { code, minutes: CODE_TTL_MS / 60_000 };
  return {
    subject: fill(t.subject, values),
    text: `${fill(t.intro, values)} ${code}\n\n${fill(t.instructions, values)}\n\n${t.ignore}`,
    html: page(language, fill(t.subject, values), [
      escapeHtml(t.intro),
      `<strong style="font-size:28px;letter-spacing:6px" dir="ltr">${escapeHtml(code)}</strong>`,
      escapeHtml(fill(t.instructions, values)),
      escapeHtml(t.ignore),
    ]),
  };
};

export interface Acknowledgement {
  reqNum: string;
  firstName: string;
  lastName: string;
}

export const acknowledgementMail = (
  { reqNum, firstName, lastName }: Acknowledgement,
  language: MailLanguage = 'en',
): MailContent => {
  const t = catalogue(language).acknowledgement;
  const values = { reqNum, firstName, lastName, hours: ANSWER_WITHIN_HOURS };
  const lines = [t.greeting, t.received, t.status, t.noValid].map((line) => fill(line, values));
  return {
    subject: fill(t.subject, values),
    text: lines.join('\n\n'),
    html: page(
      language,
      fill(t.subject, values),
      lines.map((line) =>
        escapeHtml(line).replace(
          escapeHtml(reqNum),
          `<strong dir="ltr">${escapeHtml(reqNum)}</strong>`,
        ),
      ),
    ),
  };
};
