// Where mail goes: an SMTP server (SMTP_URL, over a pool of connections), or the development
// mailbox table.
import nodemailer from 'nodemailer';
import type { Db } from '../db/database.ts';

interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  kind: 'smtp' | 'mailbox';
  send: (mail: OutgoingMail) => Promise<void>;
  close: () => void;
}

/** Connections kept open to the SMTP server and shared by every delivery job of the process. */
const SMTP_POOL_CONNECTIONS = 5;

export const smtpTransport = (url: string, from: string): MailTransport => {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: SMTP_POOL_CONNECTIONS,
    maxMessages: 1000,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    kind: 'smtp',
    send: async (mail) => {
      await transporter.sendMail({ from, ...mail });
    },
    close: () => transporter.close(),
  };
};

/**
 * Whether the SMTP server refused the message for good (a 5xx reply, RFC 5321 §4.2.1): sending it
 * again will not help, so it goes to the dead letter after one more try instead of backing off.
 */
export const isPermanentRefusal = (error: unknown): boolean => {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

export const mailboxTransport = (db: Db, clock: () => Date): MailTransport => ({
  kind: 'mailbox',
  send: async (mail) => {
    await db
      .insertInto('dev_mailbox')
      .values({
        recipient: mail.to,
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html,
        delivered_at: clock(),
      })
      .execute();
  },
  close: () => {},
});
