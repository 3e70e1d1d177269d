// Seeds the reference tables from the shipped reference data. Runs at every start: records are
// upserted, so a new release's lists replace the old ones.
import { REFERENCE_LISTS, type ReferenceData } from '@eta-il/domain';
import { sql } from 'kysely';
import { type Db, json } from './database.ts';

/** The code that identifies a record within its list. */
const codeOf = (record: object): number => {
  const r = record as Record<string, unknown>;
  return Number(r.Code ?? r.EXT_COUNTRY_ID ?? r.docTypeId);
};

export const seedReferenceData = async (db: Db, data: ReferenceData): Promise<void> => {
  await db.transaction().execute(async (tx) => {
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
    await sql`ANALYZE reference_item`.execute(tx);
  });
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
