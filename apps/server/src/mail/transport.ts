// Where mail goes: an SMTP server (SMTP_URL), or the development mailbox table.
import nodemailer from 'nodemailer';
import type { Db } from '../db/database.ts';

export interface OutgoingMail {
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

export const smtpTransport = (url: string, from: string): MailTransport => {
  const transporter = nodemailer.createTransport({
    url,
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
