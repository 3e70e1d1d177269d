// The e-mails ETA-IL sends, as text and HTML, in the reader's language (one catalogue per
// language in ./locales, English as the fallback). Values are escaped into the HTML.
import { readFileSync } from 'node:fs';
import {
  ANSWER_WITHIN_HOURS,
  AUTHORIZATION_VALIDITY_YEARS,
  CODE_TTL_MS,
  formatDate,
  formatDateTime,
  PAYMENT_EXPIRES_AFTER_DAYS,
  REVIEW_DOCUMENTS_MAX,
  STAFF_ROLE_NAMES,
  type StaffRole,
  type TravellerNotice,
  type ValidityEndReason,
} from '@eta-il/domain';

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
  acknowledgement: Record<
    'subject' | 'greeting' | 'received' | 'status' | 'noValid' | 'feeDue' | 'statusUnpaid',
    string
  >;
  /** The receipt of the fee, and the refund of a fee paid twice (issue 27). */
  receipt: Record<'subject' | 'paid' | 'reference' | 'covers' | 'next', string>;
  refund: Record<'subject' | 'refunded' | 'refundedByOffice' | 'reference' | 'when', string>;
  footer: string;
  decision: DecisionCatalogue;
  /** The link to a draft saved to be continued later (decision 033). */
  saved: Record<'subject' | 'intro' | 'link' | 'expiry' | 'code' | 'ignore', string>;
  /** To the address an application had, when a correction changed it (issue 13). */
  contactChanged: Record<'subject' | 'intro' | 'notYou', string>;
  /** An officer's decision on a request to move a lost contact address (decision 047). */
  contactRequest: Record<
    'acceptedSubject' | 'accepted' | 'rejectedSubject' | 'rejected' | 'reason' | 'notYou',
    string
  >;
  /** A staff member's set-up link (the back office speaks English and Hebrew: en and he only). */
  staffSetup?: Record<'subject' | 'intro' | 'link' | 'expiry' | 'ignore', string>;
  /** The payment deadlines (issue 27): one reminder after 24 hours, the expiry after 7 days. */
  paymentReminder: Record<'subject' | 'intro' | 'covers' | 'howToPay' | 'deadline', string>;
  paymentExpired: Record<'subject' | 'intro' | 'covers' | 'next', string>;
  /** A reminder before the authorization ends, and why it ends then (issue 31). */
  expiryReminder: Record<
    'subject' | 'intro' | 'twoYears' | 'passportExpiry' | 'renew' | 'stop',
    string
  >;
};

type DecisionCatalogue = {
  greeting: string;
  statusLink: string;
  approved: Record<'subject' | 'decided' | 'validity' | 'keep', string>;
  /** `review`: until when and how a review of the refusal may be asked (issue 30). */
  refused: Record<'subject' | 'decided' | 'reasonsIntro' | 'review' | 'next', string>;
  infoRequested: Record<
    'subject' | 'decided' | 'askedIntro' | 'questionIntro' | 'howToAnswer',
    string
  >;
  withdrawn: Record<'subject' | 'decided', string>;
  /** A supervisor revoked an approval (issue 28). */
  revoked: Record<'subject' | 'decided' | 'reasonsIntro' | 'next', string>;
  /** A traveller asked for a review of a refusal (issue 30): received, what happens next. */
  reviewRequested: Record<'subject' | 'decided' | 'next', string>;
  /** A supervisor upheld the refusal on review: final, and what remains. */
  reviewUpheld: Record<'subject' | 'decided' | 'next', string>;
  /** Reason codes in plain words (refusals and information requests). */
  reasons: Record<string, string>;
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

/** The e-mail with the link to a saved application, valid until `expiresAt` (decision 033). */
export const savedApplicationMail = (
  { link, expiresAt }: { link: string; expiresAt: Date },
  language: MailLanguage = 'en',
): MailContent => {
  const t = catalogue(language).saved;
  // A moment in the domain's one format, in UTC and saying so: "26 November 2026 at 08:30 UTC".
  const values = { date: formatDateTime(expiresAt, language) };
  const lines = [t.intro, t.link, t.expiry, t.code, t.ignore].map((line) => fill(line, values));
  const [intro = '', linkLine = '', ...rest] = lines;
  return {
    subject: fill(t.subject, values),
    text: [intro, `${linkLine}\n${link}`, ...rest].join('\n\n'),
    html: page(language, fill(t.subject, values), [
      escapeHtml(intro),
      `${escapeHtml(linkLine)}<br><a href="${escapeHtml(link)}" dir="ltr">${escapeHtml(link)}</a>`,
      ...rest.map(escapeHtml),
    ]),
  };
};

/**
 * To the old address, when a correction changed an application's contact e-mail: whoever held the
 * old address learns of it (the new address is shown masked).
 */
export const contactChangedMail = (
  { reqNum, address, at }: { reqNum: string; address: string; at: Date },
  language: MailLanguage = 'en',
): MailContent => {
  const t = catalogue(language).contactChanged;
  const values = { reqNum, address, date: formatDateTime(at, language) };
  const lines = [fill(t.intro, values), t.notYou];
  return {
    subject: fill(t.subject, values),
    text: lines.join('\n\n'),
    html: page(language, fill(t.subject, values), lines.map(escapeHtml)),
  };
};

/**
 * An officer's decision on a request to move an application's contact address to `address`
 * (masked): to the new address when accepted (the old one gets contactChangedMail); to both when
 * rejected, with the officer's reason.
 */
export const contactRequestMail = (
  {
    reqNum,
    address,
    at,
    rejectedFor,
  }: { reqNum: string; address: string; at: Date; rejectedFor?: string },
  language: MailLanguage = 'en',
): MailContent => {
  const t = catalogue(language).contactRequest;
  const values = { reqNum, address, date: formatDateTime(at, language) };
  const f = (line: string) => fill(line, values);
  // The officer's words are appended as they are, never filled in.
  const [subject, filled] =
    rejectedFor === undefined
      ? [t.acceptedSubject, [f(t.accepted)]]
      : [t.rejectedSubject, [f(t.rejected), `${f(t.reason)} ${rejectedFor}`, f(t.notYou)]];
  return {
    subject: fill(subject, values),
    text: filled.join('\n\n'),
    html: page(language, fill(subject, values), filled.map(escapeHtml)),
  };
};

const STAFF_MAIL_LANGUAGES = ['en', 'he'] as const;

/**
 * A new staff member's one-time set-up link, sent to their own address (never shown to the admin
 * who created the account): in English, then in Hebrew, the back office's two languages.
 */
export const staffSetupMail = ({
  link,
  role,
  expiresAt,
}: {
  link: string;
  role: StaffRole;
  expiresAt: Date;
}): MailContent => {
  const parts = STAFF_MAIL_LANGUAGES.map((language) => {
    const t = catalogue(language).staffSetup;
    if (!t) throw new Error(`no staffSetup texts in ${language}`);
    // Each half names the role in its own language.
    const values = {
      role: STAFF_ROLE_NAMES[language][role],
      date: formatDateTime(expiresAt, language),
    };
    return { language, subject: fill(t.subject, values), t, values };
  });
  const subject = parts.map((p) => p.subject).join(' / ');
  const text = parts
    .map(({ t, values }) =>
      [fill(t.intro, values), `${t.link}\n${link}`, fill(t.expiry, values), t.ignore].join('\n\n'),
    )
    .join('\n\n---\n\n');
  const html = page(
    'en',
    subject,
    parts.map(
      ({ language, t, values }) =>
        `<span lang="${language}" dir="${RTL.includes(language) ? 'rtl' : 'ltr'}">${escapeHtml(fill(t.intro, values))}<br>${escapeHtml(t.link)}<br><a href="${escapeHtml(link)}" dir="ltr">${escapeHtml(link)}</a><br>${escapeHtml(fill(t.expiry, values))}<br>${escapeHtml(t.ignore)}</span>`,
    ),
  );
  return { subject, text, html };
};

export interface Acknowledgement {
  reqNum: string;
  firstName: string;
  lastName: string;
  /** The fee still to be paid (issue 27): its amount in shekels and where to pay it. */
  feeDue?: { amount: number; payUrl: string };
}

const escapeAndLink = (line: string, reqNum?: string) => {
  const escaped = escapeHtml(line).replace(
    /https?:\/\/[^\s<]+/g,
    (url) => `<a href="${url}" dir="ltr">${url}</a>`,
  );
  return reqNum
    ? escaped.replace(escapeHtml(reqNum), `<strong dir="ltr">${escapeHtml(reqNum)}</strong>`)
    : escaped;
};

export const acknowledgementMail = (
  { reqNum, firstName, lastName, feeDue }: Acknowledgement,
  language: MailLanguage = 'en',
): MailContent => {
  const t = catalogue(language).acknowledgement;
  const values = {
    reqNum,
    firstName,
    lastName,
    hours: ANSWER_WITHIN_HOURS,
    amount: feeDue?.amount ?? '',
    payUrl: feeDue?.payUrl ?? '',
  };
  const lines = (
    feeDue
      ? [t.greeting, t.received, t.feeDue, t.statusUnpaid, t.noValid]
      : [t.greeting, t.received, t.status, t.noValid]
  ).map((line) => fill(line, values));
  return {
    subject: fill(t.subject, values),
    text: lines.join('\n\n'),
    html: page(
      language,
      fill(t.subject, values),
      lines.map((line) => escapeAndLink(line, reqNum)),
    ),
  };
};

/** What a receipt or a refund e-mail says of one payment (issue 27). */
export interface PaymentMailValues {
  firstName: string;
  lastName: string;
  /** In shekels, as the texts quote it. */
  amount: number;
  /** The day it was paid (ISO date in the service's time zone), written in words. */
  paidOn: string;
  /** The provider's reference of the payment. */
  providerRef: string;
  /** The application numbers the fee covers (every traveller of a family). */
  numbers: readonly string[];
}

const paymentValues = (values: PaymentMailValues, language: MailLanguage) => ({
  firstName: values.firstName,
  lastName: values.lastName,
  amount: values.amount,
  date: formatDate(values.paidOn, language),
  providerRef: values.providerRef,
  numbers: values.numbers.join(', '),
});

const paymentMail = (language: MailLanguage, subject: string, lines: string[]): MailContent => ({
  subject,
  text: lines.join('\n\n'),
  html: page(
    language,
    subject,
    lines.map((line) => escapeAndLink(line)),
  ),
});

/** The receipt: the amount, the date, the provider's reference and the numbers it covers. */
export const receiptMail = (
  values: PaymentMailValues,
  language: MailLanguage = 'en',
): MailContent => {
  const t = catalogue(language).receipt;
  const filled = paymentValues(values, language);
  const greeting = fill(catalogue(language).acknowledgement.greeting, filled);
  return paymentMail(
    language,
    fill(t.subject, filled),
    [greeting, t.paid, t.reference, t.covers, t.next].map((line) => fill(line, filled)),
  );
};

/**
 * A payment given back: the fee had already been paid (or no application waited for it); or
 * (`byOffice`) a supervisor refunded it from the case, whose reason stays in the audit trail.
 */
export const refundMail = (
  values: PaymentMailValues & { byOffice?: boolean },
  language: MailLanguage = 'en',
): MailContent => {
  const t = catalogue(language).refund;
  const filled = paymentValues(values, language);
  const greeting = fill(catalogue(language).acknowledgement.greeting, filled);
  const why = values.byOffice ? t.refundedByOffice : t.refunded;
  return paymentMail(
    language,
    fill(t.subject, filled),
    [greeting, why, t.reference, t.when].map((line) => fill(line, filled)),
  );
};

/** What a decision e-mail says: the notice, and the values its sentences use. */
export interface DecisionMailValues {
  reqNum: string;
  firstName: string;
  lastName: string;
  statusUrl: string;
  /** Approved: validity (ISO dates, written in words in the mail) and the masked passport number. */
  validFrom?: string;
  validUntil?: string;
  passport?: string;
  /** Refused and information requested: the reason codes. */
  reasons?: readonly string[];
  /** Refused and upheld on review: where a visa application starts. */
  visaUrl?: string;
  /** Refused: the last day to ask for a review (ISO date, written in words in the mail). */
  reviewUntil?: string;
  /** Information requested: the officer's question, as written. */
  question?: string;
}
/** The decision e-mails, one per notice of the domain's noticeOnMove (their texts' keys). */
export type DecisionNotice = TravellerNotice;

/** A reason code in plain words in `language` (the code itself when none is written). */
export const reasonText = (code: string, language: MailLanguage = 'en'): string =>
  catalogue(language).decision.reasons[code] ?? catalogue('en').decision.reasons[code] ?? code;

/** The e-mail a traveller gets when the application enters a state they should know of. */
export const decisionMail = (
  notice: DecisionNotice,
  values: DecisionMailValues,
  language: MailLanguage = 'en',
): MailContent => {
  const d = catalogue(language).decision;
  const t = d[notice];
  const filled = {
    ...values,
    validFrom: formatDate(values.validFrom, language),
    validUntil: formatDate(values.validUntil, language),
    reviewUntil: formatDate(values.reviewUntil, language),
    reviewDocumentsMax: REVIEW_DOCUMENTS_MAX,
    reasons: '',
  };
  const line = (template: string) => fill(template, filled);
  const endsAuthorization = notice === 'refused' || notice === 'revoked';
  const listsReasons = endsAuthorization || notice === 'infoRequested';
  const reasons = listsReasons
    ? (values.reasons ?? []).map((code) => reasonText(code, language))
    : [];
  const body: string[] = [line(d.greeting), line(t.decided)];
  if (notice === 'approved') body.push(line(d.approved.validity), line(d.approved.keep));
  if (endsAuthorization) body.push(line(d[notice].reasonsIntro));
  if (notice === 'infoRequested') body.push(line(d.infoRequested.askedIntro));
  const after: string[] = [];
  if (notice === 'refused' && values.reviewUntil) after.push(line(d.refused.review));
  if (endsAuthorization) after.push(line(d[notice].next));
  if (notice === 'reviewRequested' || notice === 'reviewUpheld') after.push(line(d[notice].next));
  // The officer's question as written (plain text, escaped in the HTML part like every line).
  if (notice === 'infoRequested' && values.question) {
    after.push(`${line(d.infoRequested.questionIntro)}\n${values.question}`);
  }
  if (notice === 'infoRequested') after.push(line(d.infoRequested.howToAnswer));
  after.push(line(d.statusLink));
  const list = reasons.map((r) => `- ${r}`);
  const strongNumber = (html: string) =>
    html.replace(
      escapeHtml(values.reqNum),
      `<strong dir="ltr">${escapeHtml(values.reqNum)}</strong>`,
    );
  const linked = (html: string) =>
    html.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}" dir="ltr">${url}</a>`);
  return {
    subject: line(t.subject),
    text: [...body, ...(list.length > 0 ? [list.join('\n')] : []), ...after].join('\n\n'),
    html: page(language, line(t.subject), [
      ...body.map((p) => strongNumber(escapeHtml(p))),
      ...(reasons.length > 0 ? [reasons.map((r) => `&#8226; ${escapeHtml(r)}`).join('<br>')] : []),
      ...after.map((p) => linked(escapeHtml(p))),
    ]),
  };
};

/** What a payment-deadline e-mail says: one per fee reference (a family gets one, for all). */
export interface PaymentDeadlineValues {
  /** The application numbers the fee covers (one for a traveller alone). */
  numbers: readonly string[];
  firstName: string;
  lastName: string;
  /** The fee in shekels, for all the numbers. */
  amount: number;
  /** Where the fee is paid: the status page with the first number filled in. */
  statusUrl: string;
  /** Where a new application starts (the expiry mail). */
  applyUrl: string;
  /** When the unpaid application expires (the reminder). */
  expiresAt: Date;
}
export type PaymentDeadline = 'reminder' | 'expired';

/** The one reminder to pay (24 hours after submission), or the notice that it expired unpaid. */
export const paymentDeadlineMail = (
  deadline: PaymentDeadline,
  values: PaymentDeadlineValues,
  language: MailLanguage = 'en',
): MailContent => {
  const c = catalogue(language);
  const filled = {
    firstName: values.firstName,
    lastName: values.lastName,
    numbers: values.numbers.join(', '),
    reqNum: values.numbers[0] ?? '',
    amount: values.amount,
    days: PAYMENT_EXPIRES_AFTER_DAYS,
    statusUrl: values.statusUrl,
    applyUrl: values.applyUrl,
    date: formatDateTime(values.expiresAt, language),
  };
  const line = (template: string) => fill(template, filled);
  const lines =
    deadline === 'reminder'
      ? [
          c.decision.greeting,
          c.paymentReminder.intro,
          c.paymentReminder.covers,
          c.paymentReminder.howToPay,
          c.paymentReminder.deadline,
        ].map(line)
      : [
          c.decision.greeting,
          c.paymentExpired.intro,
          c.paymentExpired.covers,
          c.paymentExpired.next,
        ].map(line);
  const subject = line(
    deadline === 'reminder' ? c.paymentReminder.subject : c.paymentExpired.subject,
  );
  // Links clickable; the numbers appear inside the status link too, so they are not marked up.
  const html = (text: string) =>
    escapeHtml(text).replace(
      /https?:\/\/[^\s<]+/g,
      (url) => `<a href="${url}" dir="ltr">${url}</a>`,
    );
  return {
    subject,
    text: lines.join('\n\n'),
    html: page(language, subject, lines.map(html)),
  };
};

/** What a reminder before the authorization ends says (issue 31): one traveller's application. */
export interface ExpiryReminderValues {
  reqNum: string;
  firstName: string;
  lastName: string;
  /** The last day of validity (ISO date, written in words in the mail). */
  validUntil: string;
  /** Why it ends then: two years after the decision, or the passport's expiry. */
  reason: ValidityEndReason;
  /** The passport the authorization was granted for, masked. */
  passport: string;
  /** Where the traveller renews (for now the status page; see decisions/renewal-link.ts). */
  renewalUrl: string;
  /** The status page, where the consent is withdrawn. */
  statusUrl: string;
}

/** The reminder 30 or 7 days before an authorization ends: when, why, and where to renew. */
export const expiryReminderMail = (
  values: ExpiryReminderValues,
  language: MailLanguage = 'en',
): MailContent => {
  const c = catalogue(language);
  const t = c.expiryReminder;
  const filled = {
    ...values,
    validUntil: formatDate(values.validUntil, language),
    validityYears: AUTHORIZATION_VALIDITY_YEARS,
  };
  const line = (template: string) => fill(template, filled);
  const lines = [c.decision.greeting, t.intro, t[values.reason], t.renew, t.stop].map(line);
  const subject = line(t.subject);
  return {
    subject,
    text: lines.join('\n\n'),
    html: page(
      language,
      subject,
      // The number is inside the links too: left unmarked, so that no link is broken.
      lines.map((text) => escapeAndLink(text)),
    ),
  };
};
