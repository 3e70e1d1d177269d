// The mail server down for a while: mail waits on the job queue, is retried with back-off, and is
// delivered once the SMTP server is back. Nothing is lost, and the delivered code is not kept.
// Without an SMTP server (no SMTP_URL) mail lands in the development mailbox instead.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackgroundWork } from '../../src/jobs/index.ts';
import { enqueueMail } from '../../src/mail/outbox.ts';
import { mailboxTransport } from '../../src/mail/transport.ts';
import { createMetrics } from '../../src/ops/metrics.ts';
import { freePort } from '../application.ts';
import {
  codeFromMail,
  DATABASES,
  eventually,
  type SmtpListener,
  STARTUP_MS,
  startSmtpListener,
  startTestServer,
  type TestServer,
} from '../harness.ts';

describe.each(DATABASES)('mail outage on %s', (kind) => {
  let server: TestServer;
  let port: number;
  let smtp: SmtpListener | undefined;
  beforeAll(async () => {
    // A port where nothing listens: the SMTP server is "down".
    port = await freePort();
    const down: SmtpListener = {
      port,
      url: `smtp://127.0.0.1:${port}`,
      received: [],
      offered: [],
      close: async () => {},
    };
    // Enough retries (1–2 s apart) to outlast the outage of this test.
    const retry = { limit: 20, delaySeconds: 1, maxDelaySeconds: 2 };
    server = await startTestServer({ kind, smtp: down, retry: { code: retry, mail: retry } });
  }, STARTUP_MS);
  afterAll(async () => {
    await server.close();
    await smtp?.close();
  });

  const messageOf = (email: string) =>
    server.database.db
      .selectFrom('mail_message')
      .selectAll()
      .where('recipient', '=', email)
      .executeTakeFirst();

  it('a code asked for while SMTP is down is retried, delivered when it is back, then forgotten', async () => {
    const email = 'outage@example.com';
    const sent = await server.request({
      method: 'POST',
      url: '/api/deletecognitouser%20',
      payload: { email, render: 'signUpUser' },
    });
    expect(sent.statusCode).toBe(200);
    const { timestamp } = sent.json().body;

    // Delivery fails twice and is recorded; the mail stays queued for the next try.
    const failed = await eventually(async () => {
      const row = await messageOf(email);
      return row && row.attempts >= 2 ? row : undefined;
    }, 20_000);
    expect(failed.last_error).toMatch(/ECONNREFUSED/);
    expect(failed.dead_at).toBeNull();
    expect(
      await server.metrics.registry.getSingleMetricAsString('eta_mail_failures_total'),
    ).toMatch(/eta_mail_failures_total\{kind="code"\} [2-9]/);

    // The SMTP server comes back on the same port: the code e-mail arrives.
    smtp = await startSmtpListener(port);
    const code = await codeFromMail(smtp, email);
    expect(code).toMatch(/^\d{6}$/);
    await server.background.drained();
    // Delivered: the message, and the code in it, are gone; the job kept only the message's id.
    expect(await messageOf(email)).toBeUndefined();
    const jobs = await sql<{ data: string }>`
      SELECT data::text AS data FROM pgboss.job WHERE name = 'mail-code'`.execute(
      server.database.db,
    );
    expect(jobs.rows.length).toBeGreaterThan(0);
    for (const job of jobs.rows) expect(job.data).not.toContain(code);
    expect(await server.metrics.registry.getSingleMetricAsString('eta_mail_sent_total')).toMatch(
      /eta_mail_sent_total\{kind="code"\} 1/,
    );

    // The late code still works.
    const confirmed = await server.request({
      method: 'POST',
      url: '/api/deletecognitouser',
      payload: { email, confirmationCode: code, timestamp, render: 'confirmSignUp' },
    });
    expect(confirmed.statusCode).toBe(200);
  }, 60_000);

  it('without an SMTP server, mail lands in the development mailbox', async () => {
    // This test runs its own background work on the mailbox transport; the server's stops.
    await server.background.stop();
    const { db } = server.database;
    const background = await startBackgroundWork({
      database: server.database,
      transport: mailboxTransport(db, server.clock),
      clock: server.clock,
      metrics: createMetrics({ processMetrics: false }),
    });
    try {
      const content = { subject: 'Your code 123456', text: 'Code 123456', html: '<p>123456</p>' };
      await enqueueMail(db, { kind: 'code', to: 'dev@example.com', content, now: server.clock() });
      background.wake();
      await background.drained();
      const box = await db
        .selectFrom('dev_mailbox')
        .selectAll()
        .where('recipient', '=', 'dev@example.com')
        .execute();
      expect(box.map((m) => m.subject)).toEqual(['Your code 123456']);
    } finally {
      await background.stop();
    }
  }, 60_000);
});
