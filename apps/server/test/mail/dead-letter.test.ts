// Mail that cannot be delivered ends in the dead letter, after a bounded number of tries: quickly
// when the SMTP server refuses it for good (5xx), after the queue's retries when it only ever says
// "try later" (4xx). Either way /metrics shows it, and a dead code mail keeps no code.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMANENT_REFUSAL_TRIES } from '../../src/jobs/deliver-mail.ts';
import { enqueueMail } from '../../src/mail/outbox.ts';
import {
  DATABASES,
  eventually,
  type SmtpListener,
  STARTUP_MS,
  startSmtpListener,
  startTestServer,
  TEST_RETRY,
  type TestServer,
} from '../harness.ts';

const deadMessage = (server: TestServer, email: string) =>
  eventually(async () => {
    const row = await server.database.db
      .selectFrom('mail_message')
      .selectAll()
      .where('recipient', '=', email)
      .executeTakeFirst();
    return row?.dead_at ? row : undefined;
  }, 30_000);

/** Jobs in the dead letter queue, once pg-boss has settled the failed job (just after the row). */
const deadLetterJobs = (server: TestServer, expected: number) =>
  eventually(async () => {
    const n = await countDeadLetterJobs(server);
    return n === expected ? n : undefined;
  });

const countDeadLetterJobs = async (server: TestServer) =>
  Number(
    (
      await sql<{
        n: string;
      }>`SELECT count(*) AS n FROM pgboss.job WHERE name = 'mail-dead'`.execute(server.database.db)
    ).rows[0]?.n,
  );

describe.each(DATABASES)('dead letter on %s', (kind) => {
  describe('an SMTP server answering 550 to every recipient', () => {
    let server: TestServer;
    let smtp: SmtpListener;
    beforeAll(async () => {
      smtp = await startSmtpListener(0, { refuseWith: 550 });
      // Many retries allowed: a permanent refusal must not use them.
      const retry = { limit: 20, delaySeconds: 1, maxDelaySeconds: 2 };
      server = await startTestServer({ kind, smtp, retry: { code: retry, mail: retry } });
    }, STARTUP_MS);
    afterAll(async () => {
      await server.close();
      await smtp.close();
    });

    it('dead-letters a refused code after its second try, keeps no code, and counts it', async () => {
      const email = 'refused@example.com';
      const sent = await server.request({
        method: 'POST',
        url: '/api/deletecognitouser%20',
        payload: { email, render: 'signUpUser' },
      });
      expect(sent.statusCode).toBe(200);

      const dead = await deadMessage(server, email);
      expect(dead.attempts).toBe(PERMANENT_REFUSAL_TRIES);
      expect(dead.last_error).toMatch(/550/);
      expect([dead.subject, dead.text_body, dead.html_body]).toEqual(['', '', '']);
      expect(smtp.offered.filter((to) => to === email)).toHaveLength(PERMANENT_REFUSAL_TRIES);
      expect(smtp.received).toHaveLength(0);
      expect(await deadLetterJobs(server, 1)).toBe(1);

      const metrics = await server.metrics.registry.metrics();
      expect(metrics).toMatch(/eta_mail_dead_lettered_total\{kind="code"\} 1\b/);
      expect(metrics).toMatch(/eta_mail_failures_total\{kind="code"\} 2\b/);
      expect(metrics).toMatch(/eta_queue_depth\{queue="mail-dead"\} 1\b/);

      // Not retried afterwards: its delivery job has ended for good (nothing scheduled again).
      const job = await sql<{ state: string }>`
        SELECT state FROM pgboss.job WHERE id = ${dead.job_id}`.execute(server.database.db);
      expect(job.rows.map((r) => r.state)).toEqual(['failed']);
      expect(smtp.offered.filter((to) => to === email)).toHaveLength(PERMANENT_REFUSAL_TRIES);
    }, 60_000);
  });

  describe('an SMTP server answering 451 (try later) to every recipient', () => {
    let server: TestServer;
    let smtp: SmtpListener;
    beforeAll(async () => {
      smtp = await startSmtpListener(0, { refuseWith: 451 });
      server = await startTestServer({ kind, smtp });
    }, STARTUP_MS);
    afterAll(async () => {
      await server.close();
      await smtp.close();
    });

    it('retries an acknowledgement with back-off, then dead-letters it after its last retry', async () => {
      const email = 'later@example.com';
      const content = { subject: 'Received', text: 'Received', html: '<p>Received</p>' };
      const started = Date.now();
      await enqueueMail(server.database.db, {
        kind: 'acknowledgement',
        to: email,
        content,
        now: server.clock(),
      });
      server.background.wake();

      const dead = await deadMessage(server, email);
      const tries = TEST_RETRY.limit + 1;
      expect(dead.attempts).toBe(tries);
      expect(dead.last_error).toMatch(/451/);
      // An acknowledgement keeps its text for an operator to resend.
      expect(dead.subject).toBe('Received');
      expect(smtp.offered.filter((to) => to === email)).toHaveLength(tries);
      // Back-off: at least 1 s, then 2 s, between the tries.
      expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
      expect(await deadLetterJobs(server, 1)).toBe(1);
      expect(await server.metrics.registry.metrics()).toMatch(
        /eta_mail_dead_lettered_total\{kind="acknowledgement"\} 1\b/,
      );
    }, 60_000);
  });
});
