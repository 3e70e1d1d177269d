// The rewritten chain caught by `audit:verify` (issue 26, item 5; docs/decisions/044-audit-seal.md).
// The database's own role can switch the triggers off, rewrite a row and recompute every later
// hash with the database's digest function, insert a row of its own, or cut the last rows; the
// seals under AUDIT_KEY, which the database does not hold, and the signed checkpoints kept
// outside it find each of these.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordAudit } from '../../src/audit/record.ts';
import type { OfficeDb } from '../../src/audit/tables.ts';
import { describeReport, verifyAndCheckpoint } from '../../src/audit/verify.ts';
import { runControl } from '../../src/office/control/commands.ts';
import { SETUP_MS } from '../decisions/support.ts';
import { DATABASES } from '../harness.ts';
import { OFFICE_URL, type OfficeTestServer, startOfficeServer } from './support.ts';

/** As the table's owner (the role the server runs as when it also migrates): triggers off. */
const asOwner = async (db: OfficeDb, work: (db: OfficeDb) => Promise<void>) => {
  await db.connection().execute(async (c) => {
    await sql`ALTER TABLE audit_event DISABLE TRIGGER USER`.execute(c);
    try {
      await work(c);
    } finally {
      await sql`ALTER TABLE audit_event ENABLE TRIGGER USER`.execute(c);
    }
  });
};

/** Every hash from `from` on recomputed with the database's own digest, and the head to match. */
const recomputeHashes = async (db: OfficeDb, from: number) => {
  const { rows } = await sql<{ seq: string }>`
    SELECT e.seq::text AS seq FROM audit_event e WHERE e.seq >= ${from} ORDER BY e.seq`.execute(db);
  for (const { seq } of rows) {
    await sql`UPDATE audit_event e SET
        prev_hash = COALESCE((SELECT hash FROM audit_event p WHERE p.seq = e.seq - 1), repeat('0', 64))
      WHERE seq = ${seq}`.execute(db);
    await sql`UPDATE audit_event e SET hash = audit_event_digest(e.prev_hash, e)
      WHERE seq = ${seq}`.execute(db);
  }
  await sql`UPDATE audit_head SET
      rows = (SELECT count(*) FROM audit_event),
      last_hash = (SELECT hash FROM audit_event ORDER BY seq DESC LIMIT 1)`.execute(db);
};

describe.each(DATABASES)('the rewritten chain caught by audit:verify on %s', (kind) => {
  let server: OfficeTestServer;
  let checkpointPath: string;
  const verify = () => verifyAndCheckpoint(server.database.db, checkpointPath, server.clock());
  const command = () =>
    runControl(
      server.database.db,
      { op: 'verifyAudit' },
      {
        officeUrl: OFFICE_URL,
        checkpointPath,
        timeZone: 'Asia/Jerusalem',
        publicUrl: 'https://eta-il.example.test',
      },
      server.clock(),
    );

  beforeAll(async () => {
    server = await startOfficeServer(kind);
  }, SETUP_MS);
  afterAll(async () => {
    await server.close();
  });
  beforeEach(async () => {
    checkpointPath = join(mkdtempSync(join(tmpdir(), 'eta-audit-')), 'checkpoints.jsonl');
    await asOwner(server.database.db, async (db) => {
      await sql`DELETE FROM audit_event`.execute(db);
      await sql`UPDATE audit_head SET rows = 0, last_hash = repeat('0', 64), last_mac = NULL`.execute(
        db,
      );
    });
    for (let i = 1; i <= 10; i++) {
      await recordAudit(server.database.db, {
        at: server.clock(),
        staffId: null,
        actor: `officer-${i}@office.test`,
        action: 'approve',
        client: '192.0.2.1',
        details: { i, note: 'אושר', nested: { b: 2, a: [1, 'x'] } },
      });
    }
  });

  it('an intact chain is "chain intact", and the check leaves a signed checkpoint', async () => {
    const answer = await command();
    expect(answer.stdout).toMatch(/^chain intact, 10 rows/);
    expect(answer.exitCode).toBe(0);
    const [line] = readFileSync(checkpointPath, 'utf8').trim().split('\n');
    expect(JSON.parse(line ?? '')).toMatchObject({ rows: 10 });
    expect(await verify()).toEqual({ intact: true, rows: 10, checkpoints: 1 });
  });

  it('a row rewritten with the triggers off and every later hash recomputed is found', async () => {
    await asOwner(server.database.db, async (db) => {
      await sql`UPDATE audit_event SET actor = 'someone-else@office.test' WHERE seq = 4`.execute(
        db,
      );
      await recomputeHashes(db, 4);
    });
    const report = await verify();
    expect(report).toEqual({ intact: false, seq: 4, problem: 'sealMismatch' });
    const answer = await command();
    expect(answer.exitCode).toBe(1);
    expect(answer.stderr).toMatch(/^chain broken at row 4: its seal/);
  });

  it('a row inserted by the database role (unsealed, or with a copied seal) is found', async () => {
    await sql`INSERT INTO audit_event (at, actor, action, client, details)
      VALUES (now(), 'forger@office.test', 'approve', '192.0.2.9', '{}')`.execute(
      server.database.db,
    );
    expect(await verify()).toEqual({ intact: false, seq: 11, problem: 'unsealed' });
    await asOwner(server.database.db, async (db) => {
      await sql`UPDATE audit_event SET mac = (SELECT mac FROM audit_event WHERE seq = 10)
        WHERE seq = 11`.execute(db);
    });
    expect(await verify()).toEqual({ intact: false, seq: 11, problem: 'sealMismatch' });
  });

  it('the last rows cut off are found through the signed checkpoint', async () => {
    expect((await command()).exitCode).toBe(0);
    await asOwner(server.database.db, async (db) => {
      await sql`DELETE FROM audit_event WHERE seq > 7`.execute(db);
      await recomputeHashes(db, 8);
    });
    const report = await verify();
    expect(report).toEqual({ intact: false, seq: 8, problem: 'rowsCut' });
    expect(describeReport(report)).toMatch(/^chain broken at row 8: a signed checkpoint/);
    expect((await command()).exitCode).toBe(1);
  });

  it('rows cut and written again in the server’s name do not match the checkpoint', async () => {
    expect((await command()).exitCode).toBe(0);
    await asOwner(server.database.db, async (db) => {
      await sql`DELETE FROM audit_event WHERE seq > 7`.execute(db);
      await sql`UPDATE audit_head SET rows = 7,
          last_hash = (SELECT hash FROM audit_event WHERE seq = 7),
          last_mac = (SELECT mac FROM audit_event WHERE seq = 7)`.execute(db);
    });
    // Three new rows (the server seals them): the count is back to 10, the content is not.
    for (let i = 0; i < 3; i++) {
      await recordAudit(server.database.db, {
        at: server.clock(),
        staffId: null,
        actor: 'later@office.test',
        action: 'viewDashboard',
        client: '192.0.2.1',
      });
    }
    expect(await verify()).toEqual({ intact: false, seq: 10, problem: 'checkpointMismatch' });
  });

  it('a checkpoint edited in its file is refused', async () => {
    expect((await command()).exitCode).toBe(0);
    const edited = readFileSync(checkpointPath, 'utf8').replace('"rows":10', '"rows":3');
    writeFileSync(checkpointPath, edited);
    expect(await verify()).toEqual({
      intact: false,
      checkpointLine: 1,
      problem: 'checkpointForged',
    });
  });
});
