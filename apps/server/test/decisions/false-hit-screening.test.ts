// Issue 30 item 4 on a real database: screening reads the traveller's confirmed false-hit marks
// (migration 024) and a watchlist hit a mark spares refers no one, while other hits still do. The
// lists are built here from OpenSanctions-shaped CSV text, with a `last_change` per entry, so a
// list change can expire a mark.
import { type FalseHitState, normalizeDocumentNumber } from '@eta-il/domain';
import { referenceData } from '@eta-il/domain/reference-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenApplication } from '../../src/decisions/screen-application.ts';
import { silentLog } from '../../src/jobs/log.ts';
import { runRetention } from '../../src/jobs/retention.ts';
import { loadScreeningLists, screeningListPaths } from '../../src/screening/lists.ts';
import { DATABASES, startTestServer, type TestServer } from '../harness.ts';
import { addStaffWithLink } from '../office/support.ts';
import { decisionDeps, HIGH_LIMITS, SETUP_MS, type Submitted, submitted } from './support.ts';
import { listsWith, TWO_ENTRIES } from './watchlists.ts';

describe.each(DATABASES)('screening with false-hit marks on %s', (kind) => {
  let server: TestServer;
  let deps: Parameters<typeof screenApplication>[1];
  let officerId: string;
  let supervisorId: string;
  beforeAll(async () => {
    server = await startTestServer({ kind, services: { rateLimits: HIGH_LIMITS } });
    const base = await loadScreeningLists(screeningListPaths({}), referenceData.allcountry);
    deps = { ...decisionDeps(server), lists: base.lists };
    const now = server.clock();
    const officer = await addStaffWithLink(
      server.database.db,
      now,
      'fh-off@office.test',
      'officer',
    );
    const sup = await addStaffWithLink(server.database.db, now, 'fh-sup@office.test', 'supervisor');
    if (!officer.ok || !sup.ok) throw new Error('staff not added');
    officerId = officer.id;
    supervisorId = sup.id;
  }, SETUP_MS);
  afterAll(async () => {
    await server.close();
  });

  const USA = referenceData.allcountry.find((c) => c.COUNTRY_CODE === 'USA')?.EXT_COUNTRY_ID ?? 0;
  /** The bearer both listed entries name (born 1961-03-14), clean otherwise. */
  const listedBearer = (passportNum: string, more: object = {}) => ({
    anotherVisaRequestYN: 0,
    anotherVisaRequestDesc: '',
    firstName: 'IVAN',
    lastName: 'SIDOROV',
    birthDate: '1961-03-14',
    passportNum,
    ...more,
  });

  let serial = 0;
  const apply = (passportNum: string, more: object = {}) => {
    serial += 1;
    return submitted(server, `fh-${serial}@example.com`, {
      changes: listedBearer(passportNum, more) as never,
    });
  };

  /** A mark stored as the office API stores it, in `state`. */
  const mark = async (
    app: Submitted,
    entryId: string,
    state: FalseHitState,
    traveller: { passportNumber?: string; birthDate?: string; entryLastChange?: string } = {},
  ) => {
    const now = server.clock();
    const row = await server.database.db
      .insertInto('false_hit_mark')
      .values({
        entry_id: entryId,
        entry_last_change: traveller.entryLastChange ?? '2026-01-01T00:00:00',
        passport_number: normalizeDocumentNumber(traveller.passportNumber ?? app.passportNumber),
        issuing_country_id: USA,
        birth_date: traveller.birthDate ?? app.birthDate,
        reason: 'Another person: born elsewhere, photo differs.',
        application_id: app.id,
        bearer_index: 0,
        marked_by: officerId,
        marked_at: now,
        ...(state === 'proposed' || state === 'rejected'
          ? {}
          : { confirmed_by: supervisorId, confirmed_at: now }),
        ...(state === 'rejected' ? { rejected_by: supervisorId, rejected_at: now } : {}),
        ...(state === 'withdrawn'
          ? { withdrawn_by: supervisorId, withdrawn_at: now, withdrawn_reason: 'Checked again.' }
          : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  const screened = async (app: Submitted, lastChange = '2026-01-01T00:00:00') => {
    const outcome = await screenApplication(
      server.database.db,
      { ...deps, lists: listsWith(TWO_ENTRIES, lastChange) },
      app.id,
    );
    const result = await server.database.db
      .selectFrom('screening_result')
      .select('hits')
      .where('application_id', '=', app.id)
      .executeTakeFirstOrThrow();
    const hits = result.hits as {
      code: string;
      details: { entryId?: string };
      sparedBy?: string;
    }[];
    const reasons = await server.database.db
      .selectFrom('application_transition')
      .select('reasons')
      .where('application_id', '=', app.id)
      .where('to_state', 'in', ['in_review', 'approved'])
      .executeTakeFirst();
    return {
      outcome,
      hits: hits.map((h) => `${h.code}:${h.details.entryId ?? ''}:${h.sparedBy ?? '-'}`),
      reasons: reasons?.reasons ?? null,
    };
  };

  it('without marks the traveller is referred for both listed entries', async () => {
    const app = await apply('FH1000001');
    expect(await screened(app)).toEqual({
      outcome: 'in_review',
      hits: ['WATCHLIST:fh-entry-1:-', 'WATCHLIST:fh-entry-2:-'],
      reasons: ['WATCHLIST'],
    });
  });

  it('confirmed marks for both entries spare the next application: approved by screening', async () => {
    const first = await apply('FH1000002');
    const m1 = await mark(first, 'fh-entry-1', 'confirmed');
    const m2 = await mark(first, 'fh-entry-2', 'confirmed');
    const next = await apply('FH1000002');
    expect(await screened(next)).toEqual({
      outcome: 'approved',
      hits: [`WATCHLIST:fh-entry-1:${m1}`, `WATCHLIST:fh-entry-2:${m2}`],
      reasons: [],
    });
  });

  it('a mark for one entry does not spare the other: still referred, for the other', async () => {
    const first = await apply('FH1000003');
    const m1 = await mark(first, 'fh-entry-1', 'confirmed');
    const next = await apply('FH1000003');
    expect(await screened(next)).toEqual({
      outcome: 'in_review',
      hits: [`WATCHLIST:fh-entry-1:${m1}`, 'WATCHLIST:fh-entry-2:-'],
      reasons: ['WATCHLIST'],
    });
  });

  it('other hits still refer: both entries spared, the law question answered yes', async () => {
    const first = await apply('FH1000004');
    const m1 = await mark(first, 'fh-entry-1', 'confirmed');
    const m2 = await mark(first, 'fh-entry-2', 'confirmed');
    const next = await apply('FH1000004', { lawProblemsYN: 1 });
    expect(await screened(next)).toEqual({
      outcome: 'in_review',
      hits: [`WATCHLIST:fh-entry-1:${m1}`, `WATCHLIST:fh-entry-2:${m2}`, 'LAW_PROBLEMS::-'],
      // The spared entries are no reason; the declared one is.
      reasons: ['LAW_PROBLEMS'],
    });
  });

  it.each<[string, FalseHitState]>([
    ['proposed but not confirmed', 'proposed'],
    ['rejected', 'rejected'],
    ['withdrawn', 'withdrawn'],
  ])('a mark %s spares nothing', async (_name, state) => {
    const passport = `FH2${String(serial).padStart(6, '0')}`;
    const first = await apply(passport);
    await mark(first, 'fh-entry-1', state);
    await mark(first, 'fh-entry-2', state);
    const next = await apply(passport);
    expect((await screened(next)).hits).toEqual([
      'WATCHLIST:fh-entry-1:-',
      'WATCHLIST:fh-entry-2:-',
    ]);
  });

  it('a mark expires when the list changes the entry (another last_change)', async () => {
    const first = await apply('FH1000005');
    await mark(first, 'fh-entry-1', 'confirmed');
    await mark(first, 'fh-entry-2', 'confirmed');
    const next = await apply('FH1000005');
    expect(await screened(next, '2026-11-20T08:00:00')).toEqual({
      outcome: 'in_review',
      hits: ['WATCHLIST:fh-entry-1:-', 'WATCHLIST:fh-entry-2:-'],
      reasons: ['WATCHLIST'],
    });
  });

  it.each([
    ['another passport number', { passportNumber: 'FH9999999' }],
    ['another birth date', { birthDate: '1961-03-15' }],
  ])('a mark for %s spares nothing', async (_name, traveller) => {
    const passport = `FH3${String(serial).padStart(6, '0')}`;
    const first = await apply(passport);
    await mark(first, 'fh-entry-1', 'confirmed', traveller);
    await mark(first, 'fh-entry-2', 'confirmed', traveller);
    const next = await apply(passport);
    expect((await screened(next)).outcome).toBe('in_review');
  });

  it('one live mark per entry version and traveller: a second is refused by the database', async () => {
    const first = await apply('FH1000007');
    await mark(first, 'fh-entry-1', 'proposed');
    await expect(mark(first, 'fh-entry-1', 'proposed')).rejects.toThrow();
    // A rejected one is no longer live; nor is one made against an older version of the entry.
    await mark(first, 'fh-entry-2', 'rejected');
    await mark(first, 'fh-entry-2', 'proposed');
    await mark(first, 'fh-entry-1', 'proposed', { entryLastChange: '2025-01-01T00:00:00' });
  });

  it('retention keeps standing marks and purges, after the period, those that spare no one', async () => {
    const first = await apply('FH1000008');
    const confirmed = await mark(first, 'fh-entry-1', 'confirmed');
    const withdrawn = await mark(first, 'fh-entry-2', 'withdrawn');
    const rejected = await mark(first, 'fh-entry-2', 'rejected');
    const undecided = await mark(first, 'fh-entry-2', 'proposed');
    const recent = await mark(first, 'fh-entry-1', 'withdrawn', { entryLastChange: 'x' });
    const old = new Date(server.clock().getTime() - 100 * 24 * 60 * 60 * 1000);
    await server.database.db
      .updateTable('false_hit_mark')
      .set({ marked_at: old, confirmed_at: old })
      .where('id', 'in', [confirmed, withdrawn])
      .execute();
    await server.database.db
      .updateTable('false_hit_mark')
      .set({ withdrawn_at: old })
      .where('id', '=', withdrawn)
      .execute();
    await server.database.db
      .updateTable('false_hit_mark')
      .set({ marked_at: old, rejected_at: old })
      .where('id', '=', rejected)
      .execute();
    await server.database.db
      .updateTable('false_hit_mark')
      .set({ marked_at: old })
      .where('id', 'in', [undecided, recent])
      .execute();
    const removed = await runRetention({
      db: server.database.db,
      clock: server.clock,
      applicationDays: 90,
      log: silentLog,
    });
    expect(removed).toMatchObject({
      withdrawnFalseHitMarks: 1,
      rejectedFalseHitMarks: 1,
      undecidedFalseHitMarks: 1,
    });
    const left = await server.database.db
      .selectFrom('false_hit_mark')
      .select('id')
      .where('application_id', '=', first.id)
      .execute();
    // The old confirmed mark stands; the one withdrawn lately is kept for its period.
    expect(left.map((r) => r.id).sort()).toEqual([confirmed, recent].sort());
  });
});
