// The e-mails ETA-IL sends, as text and HTML. Values are escaped into the HTML.
import { ANSWER_WITHIN_HOURS, CODE_TTL_MS } from '@eta-il/domain';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, paragraphs: string[]) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
  `<body style="font-family:Arial,sans-serif;color:#1b1b1b;line-height:1.5">` +
  paragraphs.map((p) => `<p>${p}</p>`).join('') +
  `<p style="color:#555">ETA-IL: State of Israel, Population and Immigration Authority</p></body></html>`;

export const codeMail = (code: string): MailContent => {
  const minutes = CODE_TTL_MS / 60_000;
  return {
    subject: `Your ETA-IL verification code: ${code}`,
    text: `Your ETA-IL verification code is ${code}.\n\nEnter it on the page where you asked for it. It works once and expires in ${minutes} minutes.\n\nIf you did not ask for this code, you can ignore this e-mail.`,
    html: page('Your ETA-IL verification code', [
      'Your ETA-IL verification code is:',
      `<strong style="font-size:28px;letter-spacing:6px">${escapeHtml(code)}</strong>`,
      `Enter it on the page where you asked for it. It works once and expires in ${minutes} minutes.`,
      'If you did not ask for this code, you can ignore this e-mail.',
    ]),
  };
};

export interface Acknowledgement {
  reqNum: string;
  firstName: string;
  lastName: string;
}

export const acknowledgementMail = ({
  reqNum,
  firstName,
  lastName,
}: Acknowledgement): MailContent => ({
  subject: `We received your ETA-IL application ${reqNum}`,
  text: `Dear ${firstName} ${lastName},\n\nWe received your ETA-IL application. Your application number is ${reqNum}.\n\nStatus: Checking application. ETA-IL approval: Pending.\n\nYou do not yet have a valid ETA-IL. The answer usually comes by e-mail within ${ANSWER_WITHIN_HOURS} hours. Please do not plan your trip until you have it.`,
  html: page('We received your ETA-IL application', [
    `Dear ${escapeHtml(firstName)} ${escapeHtml(lastName)},`,
    `We received your ETA-IL application. Your application number is <strong>${escapeHtml(reqNum)}</strong>.`,
    'Status: Checking application. ETA-IL approval: Pending.',
    `You do not yet have a valid ETA-IL. The answer usually comes by e-mail within ${ANSWER_WITHIN_HOURS} hours. Please do not plan your trip until you have it.`,
  ]),
});
