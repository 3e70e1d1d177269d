// What the back office reads of false-hit marks (decision 055): the marks of a case's hits — made
// on the case, or on an earlier application of one of its bearers for an entry it hits, or the
// mark that spared a hit — each with who took each step and when.
import {
  type ApplicationDraft,
  type FalseHitMarkView,
  type FalseHitTraveller,
  falseHitStateOf,
  normalizeDocumentNumber,
  sameFalseHitTraveller,
} from '@eta-il/domain';
import type { OfficeDb } from '../../audit/tables.ts';

/** The key of each bearer of an application, by bearer index. */
export const travellersOf = (draft: ApplicationDraft): FalseHitTraveller[] =>
  draft.bearerList.map((bearer) => ({
    passportNumber: normalizeDocumentNumber(bearer.passportNum),
    issuingCountryId: bearer.passportCountryId?.id ?? null,
    birthDate: bearer.birthDate,
  }));

interface StoredHit {
  code?: unknown;
  details?: { entryId?: unknown };
  sparedBy?: unknown;
}

/** The watchlist entries each bearer hits, and the marks that spared a hit. */
const hitsOf = (results: readonly { bearer_index: number; hits: unknown }[]) => {
  const entries = new Map<number, Set<string>>();
  const spared = new Set<string>();
  for (const result of results) {
    const hits = Array.isArray(result.hits) ? (result.hits as StoredHit[]) : [];
    for (const hit of hits) {
      if (typeof hit.sparedBy === 'string') spared.add(hit.sparedBy);
      if (hit.code !== 'WATCHLIST' || typeof hit.details?.entryId !== 'string') continue;
      const set = entries.get(result.bearer_index) ?? new Set<string>();
      set.add(hit.details.entryId);
      entries.set(result.bearer_index, set);
    }
  }
  return { entries, spared };
};

const MARK_COLUMNS = [
  'm.id',
  'm.entry_id',
  'm.entry_last_change',
  'm.passport_number',
  'm.issuing_country_id',
  'm.birth_date',
  'm.reason',
  'm.application_id',
  'm.bearer_index',
  'm.marked_by',
  'm.marked_at',
  'm.confirmed_at',
  'm.rejected_at',
  'm.rejected_reason',
  'm.withdrawn_at',
  'm.withdrawn_reason',
  'a.req_num',
  'mb.email as marked_by_email',
  'cb.email as confirmed_by_email',
  'rb.email as rejected_by_email',
  'wb.email as withdrawn_by_email',
] as const;

/** The marks, with their staff and application, as one query builder. */
const marksQuery = (db: OfficeDb) =>
  db
    .selectFrom('false_hit_mark as m')
    .leftJoin('application as a', 'a.id', 'm.application_id')
    .innerJoin('staff as mb', 'mb.id', 'm.marked_by')
    .leftJoin('staff as cb', 'cb.id', 'm.confirmed_by')
    .leftJoin('staff as rb', 'rb.id', 'm.rejected_by')
    .leftJoin('staff as wb', 'wb.id', 'm.withdrawn_by')
    .select(MARK_COLUMNS);

type MarkRow = Awaited<ReturnType<ReturnType<typeof marksQuery>['executeTakeFirstOrThrow']>>;

const iso = (date: Date | null) => date?.toISOString() ?? null;

const viewOf = (row: MarkRow, bearerIndex: number): FalseHitMarkView => ({
  id: row.id,
  entryId: row.entry_id,
  entryLastChange: row.entry_last_change,
  bearerIndex,
  markedOn:
    row.application_id && row.req_num
      ? { id: row.application_id, applicationNumber: row.req_num }
      : null,
  state: falseHitStateOf({
    confirmedAt: row.confirmed_at,
    rejectedAt: row.rejected_at,
    withdrawnAt: row.withdrawn_at,
  }),
  reason: row.reason,
  markedBy: row.marked_by,
  markedByEmail: row.marked_by_email,
  markedAt: row.marked_at.toISOString(),
  confirmedByEmail: row.confirmed_by_email,
  confirmedAt: iso(row.confirmed_at),
  rejectedByEmail: row.rejected_by_email,
  rejectedAt: iso(row.rejected_at),
  rejectedReason: row.rejected_reason,
  withdrawnByEmail: row.withdrawn_by_email,
  withdrawnAt: iso(row.withdrawn_at),
  withdrawnReason: row.withdrawn_reason,
});

/** One mark as its own application sees it (after a step). */
export const readMark = async (db: OfficeDb, id: string): Promise<FalseHitMarkView | undefined> => {
  const row = await marksQuery(db).where('m.id', '=', id).executeTakeFirst();
  return row ? viewOf(row, row.bearer_index) : undefined;
};

/** The marks of a case's hits, oldest first (see the file's comment). */
export const marksOfCase = async (
  db: OfficeDb,
  caseId: string,
  draft: ApplicationDraft,
  results: readonly { bearer_index: number; hits: unknown }[],
): Promise<FalseHitMarkView[]> => {
  const travellers = travellersOf(draft);
  const { entries, spared } = hitsOf(results);
  const numbers = [...new Set(travellers.map((t) => t.passportNumber))].filter((n) => n !== '');
  const rows = await marksQuery(db)
    .where((eb) =>
      eb.or([
        eb('m.application_id', '=', caseId),
        ...(numbers.length > 0 ? [eb('m.passport_number', 'in', numbers)] : []),
        ...(spared.size > 0 ? [eb('m.id', 'in', [...spared])] : []),
      ]),
    )
    .orderBy('m.marked_at')
    .execute();
  return rows.flatMap((row) => {
    const key = {
      passportNumber: row.passport_number,
      issuingCountryId: row.issuing_country_id,
      birthDate: row.birth_date,
    };
    if (row.application_id === caseId) return [viewOf(row, row.bearer_index)];
    const bearer = travellers.findIndex(
      (t, i) =>
        sameFalseHitTraveller(t, key) &&
        (spared.has(row.id) || (entries.get(i)?.has(row.entry_id) ?? false)),
    );
    return bearer < 0 ? [] : [viewOf(row, bearer)];
  });
};
