// ARCHITECTURE.md "Growing past one machine": no state another instance needs lives in memory.
// Two server instances on one PostgreSQL database, one SMTP server: a code sent through one is
// confirmed through the other, and an idempotency key used on one is honoured by the other. Two
// instances started at the same moment both come up (the reference seed runs under a lock), and
// a start with unchanged reference data does not rewrite it.
import { referenceData } from '@eta-il/domain/reference-data';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_NUMBER_PATTERN } from '../src/api/submission/application-number.ts';
import { type Db, openDatabase } from '../src/db/database.ts';
import { loadReferenceData, referenceDataHash, seedReferenceData } from '../src/db/seed.ts';
import { applicant, submit } from './application.ts';
import {
  codeFromMail,
  createPostgresDatabase,
  DATABASES,
  postgresServerVersion,
  type SmtpListener,
  startSmtpListener,
  startTestServer,
  type TestServer,
} from './harness.ts';

// PostgreSQL only: PGlite is embedded in one process. This suite needs the server of
// TEST_DATABASE_URL; without one it fails here rather than passing with no case run.
describe('the two-instance suite', () => {
  it('has a PostgreSQL server to run on', async () => {
    expect(await postgresServerVersion()).toMatch(/^\d+/);
  });
});

describe.each(DATABASES.filter((k) => k === 'postgres'))('two instances on %s', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let smtp: SmtpListener;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    database = await createPostgresDatabase();
    smtp = await startSmtpListener();
    a = await startTestServer({ databaseUrl: database.url, smtp });
    b = await startTestServer({ databaseUrl: database.url, smtp });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await smtp?.close();
    await database?.drop();
  });

  it('a code sent through one instance is confirmed through the other', async () => {
    const email = 'two.instances@example.com';
    const sent = await a.request({
      method: 'POST',
      url: '/api/deletecognitouser%20',
      payload: { email, render: 'signUpUser' },
    });
    expect(sent.statusCode).toBe(200);
    const code = await codeFromMail(smtp, email);
    const confirmed = await b.request({
      method: 'POST',
      url: '/api/deletecognitouser',
      payload: {
        email,
        confirmationCode: code,
        timestamp: sent.json().body.timestamp,
        render: 'confirmSignUp',
      },
    });
    expect(confirmed.statusCode).toBe(200);
    // The code was used on b: a cannot use it again.
    const again = await a.request({
      method: 'POST',
      url: '/api/deletecognitouser',
      payload: {
        email,
        confirmationCode: code,
        timestamp: sent.json().body.timestamp,
        render: 'confirmSignUp',
      },
    });
    expect(again.statusCode).toBe(400);
    // Exactly one code e-mail, though two workers deliver the shared outbox.
    expect(smtp.received.filter((m) => m.to === email)).toHaveLength(1);
  });

  it('the per-address send limit holds across instances', async () => {
    const email = 'limit.across@example.com';
    const payload = { email, render: 'signUpUser' };
    expect(
      (await a.request({ method: 'POST', url: '/api/deletecognitouser%20', payload })).statusCode,
    ).toBe(200);
    const tooSoon = await b.request({ method: 'POST', url: '/api/deletecognitouser%20', payload });
    expect(tooSoon.statusCode).toBe(429);
  });

  it('an idempotency key used on one instance is honoured by the other', async () => {
    const ada = await applicant(a, 'ada@example.com');
    const headers = { 'idempotency-key': 'ada-two-instances-1' };
    const first = await submit(a, ada.token, ada.draft(), headers);
    const second = await submit(b, ada.token, ada.draft(), headers);
    expect(first.statusCode).toBe(200);
    expect(first.json().ReqNum).toMatch(APPLICATION_NUMBER_PATTERN);
    expect(second.json()).toEqual(first.json());
    const rows = await b.database.db
      .selectFrom('application')
      .select('req_num')
      .where('email', '=', 'ada@example.com')
      .execute();
    expect(rows).toEqual([{ req_num: first.json().ReqNum }]);
  });

  it('the same key sent to both instances at once stores one application', async () => {
    const bea = await applicant(b, 'bea@example.com');
    const headers = { 'idempotency-key': 'bea-two-instances-concurrent' };
    const answers = await Promise.all([
      submit(a, bea.token, bea.draft(), headers),
      submit(b, bea.token, bea.draft(), headers),
    ]);
    expect(answers.map((x) => x.statusCode)).toEqual([200, 200]);
    expect(answers[1]?.json().ReqNum).toBe(answers[0]?.json().ReqNum);
    const rows = await a.database.db
      .selectFrom('application')
      .select('req_num')
      .where('email', '=', 'bea@example.com')
      .execute();
    expect(rows).toHaveLength(1);
  });
});

/** The stored reference version, and the transaction ids that wrote the reference rows. */
const seedState = async (db: Db) => ({
  version: await db.selectFrom('reference_version').selectAll().executeTakeFirst(),
  writers: (
    await sql<{ xmin: string }>`SELECT DISTINCT xmin::text AS xmin FROM reference_item`.execute(db)
  ).rows
    .map((r) => r.xmin)
    .sort(),
});

describe.each(DATABASES.filter((k) => k === 'postgres'))(
  'two instances starting at once on %s',
  () => {
    let smtp: SmtpListener;
    beforeAll(async () => {
      smtp = await startSmtpListener();
    });
    afterAll(async () => {
      await smtp?.close();
    });

    it('both come up, 8 times out of 8, on a new database each time', async () => {
      for (let trial = 0; trial < 8; trial += 1) {
        const database = await createPostgresDatabase();
        try {
          const started = await Promise.allSettled([
            startTestServer({ databaseUrl: database.url, smtp }),
            startTestServer({ databaseUrl: database.url, smtp }),
          ]);
          for (const s of started) if (s.status === 'fulfilled') await s.value.close();
          expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'up'))).toEqual([
            'up',
            'up',
          ]);
        } finally {
          await database.drop();
        }
      }
    }, 120_000);

    it('a start with unchanged reference data leaves the stored lists as they were', async () => {
      const database = await createPostgresDatabase();
      try {
        const first = await startTestServer({ databaseUrl: database.url, smtp });
        const before = await seedState(first.database.db);
        await first.close();
        const second = await startTestServer({ databaseUrl: database.url, smtp });
        const after = await seedState(second.database.db);
        await second.close();
        expect(before.version?.content_hash).toBe(referenceDataHash(referenceData));
        expect(after).toEqual(before);
      } finally {
        await database.drop();
      }
    });
  },
);

describe.each(DATABASES)('the reference seed on %s', (kind) => {
  it('writes the lists when they changed, and only then', { timeout: 120_000 }, async () => {
    const created = kind === 'postgres' ? await createPostgresDatabase() : undefined;
    const database = await openDatabase(created ? { url: created.url } : { dataDir: 'memory://' });
    try {
      const first = new Date('2026-11-01T00:00:00Z');
      const later = new Date('2026-11-02T00:00:00Z');
      expect(await seedReferenceData(database.db, referenceData, first)).toBe(true);
      expect(await seedReferenceData(database.db, referenceData, later)).toBe(false);
      expect((await seedState(database.db)).version?.updated_at).toEqual(first);

      const fewerGenders = { ...referenceData, gender: referenceData.gender.slice(1) };
      expect(await seedReferenceData(database.db, fewerGenders, later)).toBe(true);
      const stored = await seedState(database.db);
      expect(stored.version).toMatchObject({
        content_hash: referenceDataHash(fewerGenders),
        updated_at: later,
      });
      expect((await loadReferenceData(database.db)).gender).toEqual(fewerGenders.gender);
    } finally {
      await database.close();
      await created?.drop();
    }
  });
});
