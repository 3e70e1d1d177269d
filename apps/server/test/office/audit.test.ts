// The audit trail that cannot be rewritten: each row chained to the one before, concurrent
// inserts that do not fork the chain, UPDATE, DELETE and TRUNCATE refused, and a row changed
// directly in the database (triggers switched off, as only a superuser can) found by the verifier
// at that row.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../src/audit/record.ts';
import { describeReport, verifyAuditChain } from '../../src/audit/verify.ts';
import { SETUP_MS } from '../decisions/support.ts';
import { DATABASES } from '../harness.ts';
import { type OfficeTestServer, staffMember, startOfficeServer } from './support.ts';

describe.each(DATABASES)('the audit chain on %s', (kind) => {
  let server: OfficeTestServer;
  beforeAll(async () => {
    server = await startOfficeServer(kind);
  }, SETUP_MS);
  afterAll(async () => {
    await server.close();
  });

  const entry = (i: number) => ({
    at: server.clock(),
    staffId: null,
    actor: `tester-${i}@office.test`,
    action: 'test',
    client: '192.0.2.1',
    details: { i, text: 'שלום, ça va?' },
  });

  it('concurrent inserts make one unbroken chain', async () => {
    await Promise.all(
      Array.from({ length: 25 }, (_, i) => recordAudit(server.database.db, entry(i))),
    );
    const rows = await server.database.db
      .selectFrom('audit_event')
      .select(['seq', 'prev_hash', 'hash'])
      .orderBy('seq')
      .execute();
    expect(rows.map((r) => Number(r.seq))).toEqual(rows.map((_, i) => i + 1));
    expect(rows[0]?.prev_hash).toBe('0'.repeat(64));
    for (let i = 1; i < rows.length; i++) expect(rows[i]?.prev_hash).toBe(rows[i - 1]?.hash);
    expect(new Set(rows.map((r) => r.prev_hash)).size).toBe(rows.length);
    const report = await verifyAuditChain(server.database.db);
    expect(report).toEqual({ intact: true, rows: 25, checkpoints: 0 });
    expect(describeReport(report)).toMatch(/^chain intact, 25 rows/);
  });

  it.each([
    ['UPDATE', sql`UPDATE audit_event SET actor = 'someone else' WHERE seq = 3`],
    ['DELETE', sql`DELETE FROM audit_event WHERE seq = 3`],
    ['TRUNCATE', sql`TRUNCATE audit_event`],
  ])('%s is refused', async (_name, statement) => {
    await expect(statement.execute(server.database.db)).rejects.toThrow(/append-only/);
    expect(await verifyAuditChain(server.database.db)).toEqual({
      intact: true,
      rows: 25,
      checkpoints: 0,
    });
  });

  it('a row changed with the triggers off breaks the chain at that row', async () => {
    await server.database.db.connection().execute(async (c) => {
      await sql`SET session_replication_role = replica`.execute(c);
      try {
        await sql`UPDATE audit_event SET details = '{"i": 999}' WHERE seq = 7`.execute(c);
      } finally {
        await sql`SET session_replication_role = origin`.execute(c);
      }
    });
    const report = await verifyAuditChain(server.database.db);
    expect(report).toEqual({ intact: false, seq: 7, problem: 'hashMismatch' });
    expect(describeReport(report)).toMatch(/^chain broken at row 7:/);
  });

  it('a row deleted with the triggers off is a gap', async () => {
    await server.database.db.connection().execute(async (c) => {
      await sql`SET session_replication_role = replica`.execute(c);
      try {
        await sql`UPDATE audit_event SET details = '{"i": 6}' WHERE seq = 7`.execute(c);
        await sql`DELETE FROM audit_event WHERE seq = 12`.execute(c);
      } finally {
        await sql`SET session_replication_role = origin`.execute(c);
      }
    });
    const report = await verifyAuditChain(server.database.db);
    expect(report).toMatchObject({ intact: false, seq: 7 });
  });

  it('the auditor reads the trail in chain order after a row, or newest first before one', async () => {
    const auditor = await staffMember(server, 'auditor');
    const seqs = async (order: 'asc' | 'desc', bound: number) =>
      (
        await server.database.db
          .selectFrom('audit_event')
          .select('seq')
          .where('seq', order === 'asc' ? '>' : '<', String(bound))
          .orderBy('seq', order)
          .limit(3)
          .execute()
      ).map((r) => Number(r.seq));
    const read = async (query: string) => {
      const answer = await auditor.call({ method: 'GET', url: `/office/api/audit?${query}` });
      expect(answer.statusCode, query).toBe(200);
      return answer.json().events.map((e: { seq: number }) => e.seq);
    };
    const forward = await read('after=2&limit=3');
    expect(forward).toEqual(await seqs('asc', 2));
    expect(forward).toHaveLength(3);
    // Each read is itself a row, written after it answers: the newest rows are taken first.
    const newestNow = await seqs('desc', Number.MAX_SAFE_INTEGER);
    const newest = await read(`before=${Number.MAX_SAFE_INTEGER}&limit=3`);
    expect(newest).toEqual(newestNow);
    expect(newest[0]).toBeGreaterThan(newest[2]);
    expect(await read('before=12&limit=3')).toEqual(await seqs('desc', 12));
    const both = await auditor.call({ method: 'GET', url: '/office/api/audit?after=1&before=9' });
    expect(both.statusCode).toBe(400);
    expect(both.json().statusCode).toBe(400);
  });
});
