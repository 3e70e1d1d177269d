// The mail server down for a while: mail waits in the outbox, is retried with back-off, and is
// delivered once the SMTP server is back. Nothing is lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '../../src/mail/outbox.ts';
import type { MailTransport } from '../../src/mail/transport.ts';
import { backoffMs, startMailWorker } from '../../src/mail/worker.ts';
import { freePort } from '../application.ts';
import {
  codeFromMail,
  DATABASES,
  eventually,
  type SmtpListener,
  startSmtpListener,
  startTestServer,
  type TestServer,
} from '../harness.ts';

describe('backoffMs', () => {
  it('doubles with each failed attempt, from 2 s after the first', () => {
    expect(backoffMs(1)).toBe(2000);
    for (let attempts = 1; backoffMs(attempts + 1) < 5 * 60_000; attempts++) {
      expect(backoffMs(attempts + 1)).toBe(2 * backoffMs(attempts));
    }
  });

  it('is capped at 5 minutes, however many attempts failed', () => {
    expect(backoffMs(8)).toBe(256_000);
    expect(backoffMs(9)).toBe(5 * 60_000);
    expect(backoffMs(100)).toBe(5 * 60_000);
    expect(backoffMs(10_000)).toBe(5 * 60_000);
  });
});

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
      close: async () => {},
    };
    server = await startTestServer({ kind, smtp: down });
  });
  afterAll(async () => {
    await server.close();
    await smtp?.close();
  });

  const outboxRow = (email: string) =>
    server.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('recipient', '=', email)
      .executeTakeFirstOrThrow();

  it('a code asked for while SMTP is down is queued, retried, and delivered when it is back', async () => {
    const email = 'outage@example.com';
    const sent = await server.request({
      method: 'POST',
      url: '/api/deletecognitouser%20',
      payload: { email, render: 'signUpUser' },
    });
    expect(sent.statusCode).toBe(200);
    const { timestamp } = sent.json().body;

    // Delivery fails and is recorded; the mail stays queued and is tried again once its back-off
    // (200 ms in the harness, on the server's clock) has passed.
    const failed = await eventually(async () => {
      server.clock.advance(250);
      const row = await outboxRow(email);
      return row.attempts >= 2 ? row : undefined;
    });
    expect(failed.last_error).toMatch(/ECONNREFUSED/);
    expect(failed.sent_at).toBeNull();

    // The SMTP server comes back on the same port: the code e-mail arrives.
    smtp = await startSmtpListener(port);
    server.clock.advance(250);
    const code = await codeFromMail(smtp, email);
    expect(code).toMatch(/^\d{6}$/);
    const delivered = await eventually(async () => {
      const row = await outboxRow(email);
      return row.sent_at ? row : undefined;
    });
    expect(delivered.attempts).toBeGreaterThan(failed.attempts);

    // The late code still works.
    const confirmed = await server.request({
      method: 'POST',
      url: '/api/deletecognitouser',
      payload: { email, confirmationCode: code, timestamp, render: 'confirmSignUp' },
    });
    expect(confirmed.statusCode).toBe(200);
  });

  it('a failed delivery is tried again after backoffMs(attempts), not before', async () => {
    // This test drives its own worker with the production back-off; the server's stops.
    await server.worker.stop();
    const email = 'backoff@example.com';
    let failures = 0;
    const flaky: MailTransport = {
      kind: 'smtp',
      send: async (mail) => {
        if (mail.to !== email || failures >= 2) return;
        failures += 1;
        throw new Error(`connect ECONNREFUSED (try ${failures})`);
      },
      close: () => {},
    };
    const worker = startMailWorker({
      db: server.database.db,
      transport: flaky,
      clock: server.clock,
      pollMs: 60_000,
    });
    try {
      const content = { subject: 'Test', text: 'Test', html: '<p>Test</p>' };
      await enqueueMail(server.database.db, {
        kind: 'test',
        to: email,
        content,
        now: server.clock(),
      });

      await worker.deliverDue();
      let row = await outboxRow(email);
      expect(row).toMatchObject({ attempts: 1, last_error: 'connect ECONNREFUSED (try 1)' });
      expect(row.next_attempt_at.getTime()).toBe(server.clock().getTime() + backoffMs(1));

      server.clock.advance(backoffMs(1) - 1);
      await worker.deliverDue();
      expect((await outboxRow(email)).attempts).toBe(1);

      server.clock.advance(1);
      await worker.deliverDue();
      row = await outboxRow(email);
      expect(row.attempts).toBe(2);
      expect(row.next_attempt_at.getTime()).toBe(server.clock().getTime() + backoffMs(2));

      server.clock.advance(backoffMs(2) - 1);
      await worker.deliverDue();
      expect((await outboxRow(email)).attempts).toBe(2);

      server.clock.advance(1);
      await worker.deliverDue();
      row = await outboxRow(email);
      expect(row.attempts).toBe(3);
      expect(row.sent_at).not.toBeNull();
    } finally {
      await worker.stop();
    }
  });
});
