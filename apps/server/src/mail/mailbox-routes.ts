// GET /dev/mailbox: the development mailbox, where mail goes when no SMTP_URL is set, so a
// newcomer can read the code e-mail. Never registered in production.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const mailboxRoutes = (app: FastifyInstance, { db }: { db: Db }) => {
  const latest = () =>
    db.selectFrom('dev_mailbox').selectAll().orderBy('id', 'desc').limit(50).execute();

  app.get('/dev/mailbox', async (_request, reply) => {
    const mails = await latest();
    const items = mails
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p>To: ${escapeHtml(m.recipient)} · ${m.delivered_at.toISOString()}</p><pre>${escapeHtml(m.text_body)}</pre></article><hr>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5"><title>ETA-IL development mailbox</title></head><body><h1>Development mailbox</h1><p>Mail sent by this server while no SMTP_URL is set. Newest first; the page refreshes every 5 seconds.</p>${items || '<p>No mail yet.</p>'}</body></html>`,
      );
  });

  app.get('/dev/mailbox.json', async (_request, reply) =>
    reply.header('Cache-Control', 'no-store').send(
      (await latest()).map((m) => ({
        to: m.recipient,
        subject: m.subject,
        text: m.text_body,
        deliveredAt: m.delivered_at.toISOString(),
      })),
    ),
  );
};
