// A verification code does not wait behind acknowledgements: it has its own queue, polled twice a
// second, so it reaches a real SMTP listener within seconds while hundreds of acknowledgements wait.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/db/transaction.ts';
import { enqueueMail } from '../../src/mail/outbox.ts';
import {
  codeFromMail,
  DATABASES,
  isCodeMail,
  STARTUP_MS,
  startTestServer,
  type TestServer,
} from '../harness.ts';

// Enough that delivering them all takes many times the 5 s a code may take (about 15 s on
// PostgreSQL and 30 s on PGlite here); a thousand proved no more and took two minutes.
const WAITING = 300;

describe.each(DATABASES)('code priority on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind });
  }, STARTUP_MS);
  afterAll(async () => {
    await server.close();
  });

  it(`delivers a code within seconds while ${WAITING} acknowledgements wait`, async () => {
    const { db } = server.database;
    await withTransaction(db, async (tx) => {
      for (let i = 0; i < WAITING; i++) {
        await enqueueMail(tx, {
          kind: 'acknowledgement',
          to: `traveller${i}@example.com`,
          content: { subject: `Application ${i}`, text: 'Received', html: '<p>Received</p>' },
          now: server.clock(),
        });
      }
    });
    await server.background.relay();
    const depth = await server.metrics.registry.getSingleMetricAsString('eta_queue_depth');
    const waitingNow = Number(/eta_queue_depth\{queue="mail"\} (\d+)/.exec(depth)?.[1]);
    expect(waitingNow).toBeGreaterThan(WAITING / 2);

    const email = 'urgent@example.com';
    const asked = Date.now();
    const sent = await server.request({
      method: 'POST',
      url: '/api/deletecognitouser%20',
      payload: { email, render: 'signUpUser' },
    });
    expect(sent.statusCode).toBe(200);
    await codeFromMail(server.smtp, email);
    const elapsed = Date.now() - asked;
    const acknowledgedBefore = server.smtp.received.filter((m) => !isCodeMail(m)).length;
    // biome-ignore lint/suspicious/noConsole: the figure the closing note quotes
    console.info(
      `${kind}: code delivered in ${elapsed} ms; ${acknowledgedBefore} of ${WAITING} acknowledgements delivered before it`,
    );
    expect(elapsed).toBeLessThan(5000);
    expect(acknowledgedBefore).toBeLessThan(WAITING / 2);

    // And the acknowledgements all arrive too.
    await server.background.drained(120_000);
    expect(server.smtp.received.filter((m) => !isCodeMail(m))).toHaveLength(WAITING);
  }, 180_000);
});
