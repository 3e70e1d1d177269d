// Each retention purge of docs/decisions/014-retention.md: old rows go, rows still in their
// period stay. The test writes rows at chosen times, runs the purge on the server's clock, and
// reads the tables.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../src/db/database.ts';
import { silentLog } from '../../src/jobs/log.ts';
import {
  applicationRetentionDays,
  DEFAULT_APPLICATION_DAYS,
  runRetention,
} from '../../src/jobs/retention.ts';
import { DATABASES, STARTUP_MS, startTestServer, type TestServer } from '../harness.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('RETENTION_APPLICATION_DAYS', () => {
  it('is 730 days unless set, and must be a whole number of days', () => {
    expect(applicationRetentionDays(undefined)).toBe(DEFAULT_APPLICATION_DAYS);
    expect(DEFAULT_APPLICATION_DAYS).toBe(730);
    expect(applicationRetentionDays('')).toBe(730);
    expect(applicationRetentionDays('90')).toBe(90);
    for (const bad of ['0', '-3', '1.5', 'two years']) {
      expect(() => applicationRetentionDays(bad)).toThrow(/RETENTION_APPLICATION_DAYS/);
    }
  });
});

describe.each(DATABASES)('retention purges on %s', (kind) => {
  let server: TestServer;
  let now: Date;
  const at = (ms: number) => new Date(now.getTime() - ms);
  beforeAll(async () => {
    server = await startTestServer({ kind });
    now = server.clock();
  }, STARTUP_MS);
  afterAll(async () => {
    await server.close();
  });
  const purge = (applicationDays = 730) =>
    runRetention({ db: server.database.db, clock: server.clock, applicationDays, log: silentLog });
  const db = () => server.database.db;

  const addPhoto = async (label: string, age: number) => {
    const id = randomUUID();
    await db()
      .insertInto('photo')
      .values({
        id,
        email: `${label}@example.com`,
        content_type: 'image/jpeg',
        bytes: Buffer.from([0xff, 0xd8, 0xff]),
        width: 1,
        height: 1,
        created_at: at(age),
      })
      .execute();
    return id;
  };
  const addApplication = async (label: string, age: number, photoId: string | null) => {
    const id = randomUUID();
    await db()
      .insertInto('application')
      .values({
        id,
        req_num: `R-${label}-${id.slice(0, 8)}`,
        email: `${label}@example.com`,
        passport_num: 'P1234567',
        passport_country_id: 840,
        first_name: 'ANA',
        last_name: label.toUpperCase(),
        birth_date: '1990-01-01',
        arrival_date: '2027-01-01',
        photo_id: photoId,
        draft: json({}),
        created_at: at(age),
      })
      .execute();
    return id;
  };
  const ids = async (table: 'photo' | 'application') =>
    (await db().selectFrom(table).select('id').execute()).map((r) => r.id);

  it('deletes photos of no submitted application after 24 hours, and only those', async () => {
    const orphanOld = await addPhoto('orphan-old', DAY + HOUR);
    const orphanNew = await addPhoto('orphan-new', DAY - HOUR);
    const attachedOld = await addPhoto('attached-old', 30 * DAY);
    await addApplication('attached-old', 30 * DAY, attachedOld);
    const removed = await purge();
    expect(removed.unattachedPhotos).toBe(1);
    const left = await ids('photo');
    expect(left).not.toContain(orphanOld);
    expect(left).toEqual(expect.arrayContaining([orphanNew, attachedOld]));
  });

  it('deletes submitted applications, with their photos, after the retention period', async () => {
    const oldPhoto = await addPhoto('expired', 100 * DAY);
    const expired = await addApplication('expired', 100 * DAY, oldPhoto);
    const kept = await addApplication('kept', 80 * DAY, null);
    // A decided application has parts that reference it: they go with it.
    await db()
      .insertInto('application_transition')
      .values({
        application_id: expired,
        from_state: 'submitted',
        to_state: 'screening',
        at: at(100 * DAY),
        actor_kind: 'system',
        actor_id: null,
        reasons: json([]),
        note: null,
      })
      .execute();
    await db()
      .insertInto('screening_result')
      .values({
        application_id: expired,
        bearer_index: 0,
        outcome: 'approve',
        hits: json([]),
        rules_checked: json([]),
        screened_at: at(100 * DAY),
      })
      .execute();
    await db()
      .insertInto('application_correction')
      .values({
        application_id: expired,
        field: 'addressTownName',
        old_value: 'New York',
        new_value: 'Boston',
        at: at(99 * DAY),
      })
      .execute();
    // The reminders sent before its authorization ended (issue 31), of it and of the kept one.
    await db()
      .insertInto('application_reminder')
      .values([
        {
          application_id: expired,
          valid_until: '2026-09-01',
          days_before: 30,
          sent_at: at(99 * DAY),
        },
        { application_id: kept, valid_until: '2026-10-01', days_before: 30, sent_at: at(79 * DAY) },
      ])
      .execute();
    const removed = await purge(90);
    expect(removed.applications).toBe(1);
    const reminders = await db()
      .selectFrom('application_reminder')
      .select('application_id')
      .execute();
    expect(reminders.map((r) => r.application_id)).toEqual([kept]);
    const left = await ids('application');
    expect(left).not.toContain(expired);
    expect(left).toContain(kept);
    expect(await ids('photo')).not.toContain(oldPhoto);
    const parts = await db()
      .selectFrom('application_transition')
      .select('application_id')
      .where('application_id', '=', expired)
      .execute();
    expect(parts).toEqual([]);
    const corrections = await db()
      .selectFrom('application_correction')
      .select('application_id')
      .where('application_id', '=', expired)
      .execute();
    expect(corrections).toEqual([]);
  });

  it('deletes idempotency keys after 24 hours', async () => {
    const key = (k: string, age: number) => ({
      key: k,
      email: 'key@example.com',
      request_hash: 'h',
      created_at: at(age),
    });
    await db()
      .insertInto('idempotency_key')
      .values([key('old-key', DAY + 1), key('new-key', DAY - HOUR)])
      .execute();
    expect((await purge()).idempotencyKeys).toBe(1);
    const left = await db().selectFrom('idempotency_key').select('key').execute();
    expect(left.map((r) => r.key)).toEqual(['new-key']);
  });

  it('deletes expired codes once the hourly send limit no longer counts them', async () => {
    const code = (email: string, sentAgo: number) => ({
      email,
      code_hash: 'x',
      sent_at: at(sentAgo),
      expires_at: at(sentAgo - 10 * 60 * 1000),
      used_at: null,
    });
    await db()
      .insertInto('email_code')
      .values([
        code('stale@example.com', 2 * HOUR),
        code('recent@example.com', 30 * 60 * 1000),
        code('live@example.com', 60 * 1000),
      ])
      .execute();
    expect((await purge()).emailCodes).toBe(1);
    const left = await db().selectFrom('email_code').select('email').orderBy('email').execute();
    expect(left.map((r) => r.email)).toEqual(['live@example.com', 'recent@example.com']);
  });

  it('deletes wrong-try rows after the hour they count in, and blocks when they lapse', async () => {
    await db()
      .insertInto('email_code_failure')
      .values([
        { email: 'f@example.com', at: at(HOUR + 1000) },
        { email: 'f@example.com', at: at(HOUR - 1000) },
      ])
      .execute();
    await db()
      .insertInto('email_block')
      .values([
        { email: 'lapsed@example.com', blocked_until: at(1000) },
        { email: 'blocked@example.com', blocked_until: at(-HOUR) },
      ])
      .execute();
    const removed = await purge();
    expect(removed.codeFailures).toBe(1);
    expect(removed.lapsedBlocks).toBe(1);
    expect(await db().selectFrom('email_code_failure').select('at').execute()).toHaveLength(1);
    const blocks = await db().selectFrom('email_block').select('email').execute();
    expect(blocks.map((r) => r.email)).toEqual(['blocked@example.com']);
  });

  it('deletes revoked sessions once every token of theirs has expired anyway', async () => {
    await db()
      .insertInto('revoked_session')
      .values([
        { session_id: 'ended-session-0000000', revoked_at: at(3 * HOUR), expires_at: at(1000) },
        { session_id: 'ends-now-session-00000', revoked_at: at(2 * HOUR), expires_at: at(0) },
        { session_id: 'live-session-000000000', revoked_at: at(HOUR), expires_at: at(-HOUR) },
      ])
      .execute();
    expect((await purge()).revokedSessions).toBe(2);
    const left = await db().selectFrom('revoked_session').select('session_id').execute();
    expect(left.map((r) => r.session_id)).toEqual(['live-session-000000000']);
  });

  it('deletes staff sign-in counts a day after their last attempt, unless a lock still runs', async () => {
    const row = (source: string, lastAgo: number, lockedUntil: Date | null, lockouts = 0) => ({
      email: 'member@office.test',
      source,
      attempts: 2,
      lockouts,
      locked_until: lockedUntil,
      last_at: at(lastAgo),
    });
    await db()
      .insertInto('staff_sign_in_throttle')
      .values([
        row('quiet-for-a-day', DAY + 1000, null),
        row('lock-over', DAY + 1000, at(HOUR), 3),
        row('recent', DAY - 1000, null),
        row('still-locked', DAY + 1000, at(-HOUR), 7),
      ])
      .execute();
    expect((await purge()).signInThrottles).toBe(2);
    const left = await db()
      .selectFrom('staff_sign_in_throttle')
      .select('source')
      .orderBy('source')
      .execute();
    expect(left.map((r) => r.source)).toEqual(['recent', 'still-locked']);
  });

  it('deletes dead-lettered mail after 30 days and the development mailbox after a day', async () => {
    const { db: kysely } = server.database;
    const mail = (to: string, deadAgo: number) => ({
      kind: 'acknowledgement',
      recipient: to,
      subject: 's',
      text_body: 't',
      html_body: 'h',
      created_at: at(deadAgo),
      queued_at: at(deadAgo),
      dead_at: at(deadAgo),
    });
    await kysely
      .insertInto('mail_message')
      .values([mail('dead-old@example.com', 31 * DAY), mail('dead-new@example.com', 29 * DAY)])
      .execute();
    const box = (to: string, age: number) => ({
      recipient: to,
      subject: 'Your code 123456',
      text_body: '123456',
      html_body: '123456',
      delivered_at: at(age),
    });
    await kysely
      .insertInto('dev_mailbox')
      .values([box('box-old@example.com', DAY + 1), box('box-new@example.com', HOUR)])
      .execute();
    const removed = await purge();
    expect(removed.deadMail).toBe(1);
    expect(removed.devMailbox).toBe(1);
    const dead = await kysely.selectFrom('mail_message').select('recipient').execute();
    expect(dead.map((r) => r.recipient)).toEqual(['dead-new@example.com']);
    const inbox = await kysely.selectFrom('dev_mailbox').select('recipient').execute();
    expect(inbox.map((r) => r.recipient)).toEqual(['box-new@example.com']);
  });

  it('runs as a scheduled job on the queue', async () => {
    const schedules = await server.background.boss.getSchedules();
    expect(schedules.map((s) => s.name)).toEqual(
      expect.arrayContaining(['retention', 'mail-relay']),
    );
    // A second run finds nothing left to remove.
    const again = await purge(90);
    expect(Object.values(again).every((n) => n === 0)).toBe(true);
  });
});
