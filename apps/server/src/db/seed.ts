// Seeds the reference tables from the shipped reference data. Runs at every start but writes only
// when the lists differ from what the database holds (a hash of them is kept in
// reference_version), and under the migration lock, so instances that start together seed once:
// the second finds the hash the first wrote.
import { createHash } from 'node:crypto';
import { REFERENCE_LISTS, type ReferenceData } from '@eta-il/domain';
import { sql } from 'kysely';
import { type Db, json } from './database.ts';
import { MIGRATION_LOCK_ID } from './migrate.ts';

/** The code that identifies a record within its list. */
const codeOf = (record: object): number => {
  const r = record as Record<string, unknown>;
  return Number(r.Code ?? r.EXT_COUNTRY_ID ?? r.docTypeId);
};

/** Bump when the way lists are stored changes, so that every database is re-seeded once. */
const SEED_FORMAT = 1;

/** A hash of the reference lists as they would be stored. */
export const referenceDataHash = (data: ReferenceData): string =>
  createHash('sha256')
    .update(JSON.stringify([SEED_FORMAT, REFERENCE_LISTS.map((list) => [list, data[list]])]))
    .digest('base64url');

/** How long a start waits for another instance's seed (or migration) to finish. */
const LOCK_WAIT_MS = 5 * 60_000;

/**
 * Writes the lists unless the database already holds them; true when it wrote them. Each try
 * takes the migration lock without waiting, so no statement waits on it past the statement
 * timeout and no transaction sits idle; a busy lock is tried again shortly.
 */
export const seedReferenceData = async (
  db: Db,
  data: ReferenceData,
  now: Date = new Date(),
): Promise<boolean> => {
  const contentHash = referenceDataHash(data);
  const giveUpAt = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    const outcome = await db.transaction().execute(async (tx) => {
      const lock = await sql<{ locked: boolean }>`
        SELECT pg_try_advisory_xact_lock(${MIGRATION_LOCK_ID}) AS locked`.execute(tx);
      if (!lock.rows[0]?.locked) return 'busy';
      const stored = await tx
        .selectFrom('reference_version')
        .select('content_hash')
        .executeTakeFirst();
      if (stored?.content_hash === contentHash) return 'unchanged';
      await writeLists(tx, data);
      await tx
        .insertInto('reference_version')
        .values({ content_hash: contentHash, updated_at: now })
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({ content_hash: contentHash, updated_at: now }),
        )
        .execute();
      await sql`ANALYZE reference_item`.execute(tx);
      return 'written';
    });
    if (outcome !== 'busy') return outcome === 'written';
    if (Date.now() > giveUpAt) {
      throw new Error('The reference seed waited 5 minutes for another instance to finish.');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const writeLists = async (tx: Db, data: ReferenceData) => {
  for (const list of REFERENCE_LISTS) {
    const records: object[] = data[list];
    const rows = records.map((record, position) => ({
      list,
      code: codeOf(record),
      position,
      record: json(record),
    }));
    await tx.deleteFrom('reference_item').where('list', '=', list).execute();
    for (let i = 0; i < rows.length; i += 200) {
      await tx
        .insertInto('reference_item')
        .values(rows.slice(i, i + 200))
        .execute();
    }
  }
};

export const loadReferenceData = async (db: Db): Promise<ReferenceData> => {
  const rows = await db
    .selectFrom('reference_item')
    .select(['list', 'record'])
    .orderBy('list')
    .orderBy('position')
    .execute();
  const data = Object.fromEntries(REFERENCE_LISTS.map((l) => [l, [] as unknown[]]));
  for (const row of rows) data[row.list]?.push(row.record);
  return data as unknown as ReferenceData;
};
