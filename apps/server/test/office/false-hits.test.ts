// Issue 30 item 4 through the office routes on a real database: an officer marks a watchlist hit
// "not this person", a different supervisor confirms it, and the traveller's next application is
// not referred for that entry; the attacks (another origin, no anti-forgery token, the marker
// confirming their own mark, an officer confirming or withdrawing, someone not holding the case)
// are refused; a withdrawn or expired mark spares nothing; every step is in the audit trail.
import type { FalseHitMarkEntry, FalseHitMarkView } from '@eta-il/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenApplication } from '../../src/decisions/screen-application.ts';
import {
  decisionDeps,
  HIGH_LIMITS,
  SETUP_MS,
  type Submitted,
  submitted,
} from '../decisions/support.ts';
import { listsWith, TWO_ENTRIES } from '../decisions/watchlists.ts';
import { DATABASES } from '../harness.ts';
import {
  auditActions,
  FROM_OFFICE,
  type OfficeTestServer,
  type SignedIn,
  staffMember,
  startOfficeServer,
} from './support.ts';

const LAST_CHANGE = '2026-01-01T00:00:00';

describe.each(DATABASES)('false-hit marks through the back office on %s', (kind) => {
  let server: OfficeTestServer;
  let officer: SignedIn;
  let otherOfficer: SignedIn;
  let supervisor: SignedIn;
  let otherSupervisor: SignedIn;
  beforeAll(async () => {
    server = await startOfficeServer(kind, {}, { rateLimits: HIGH_LIMITS });
    officer = await staffMember(server, 'officer');
    otherOfficer = await staffMember(server, 'officer');
    supervisor = await staffMember(server, 'supervisor');
    otherSupervisor = await staffMember(server, 'supervisor');
  }, SETUP_MS);
  afterAll(async () => {
    await server.close();
  });

  let serial = 0;
  /** An application of IVAN SIDOROV (both listed entries name him) with `passportNum`, screened. */
  const screenedApplication = async (
    passportNum: string,
    { lastChange = LAST_CHANGE, more = {} }: { lastChange?: string; more?: object } = {},
  ) => {
    serial += 1;
    const app = await submitted(server, `fh-office-${serial}@example.com`, {
      changes: {
        anotherVisaRequestYN: 0,
        anotherVisaRequestDesc: '',
        firstName: 'IVAN',
        lastName: 'SIDOROV',
        birthDate: '1961-03-14',
        passportNum,
        ...more,
      } as never,
    });
    const deps = { ...decisionDeps(server), lists: listsWith(TWO_ENTRIES, lastChange) };
    const state = await screenApplication(server.database.db, deps, app.id);
    return { ...app, state };
  };

  const post = (who: SignedIn, url: string, payload: object = {}) =>
    who.call({ method: 'POST', url: `/office/api/${url}`, payload });
  const claim = (who: SignedIn, app: Submitted) => post(who, `cases/${app.id}/claim`);
  const markHit = (
    who: SignedIn,
    app: Submitted,
    entryId: string,
    reason = 'Born in Kazan, not Moscow; another face.',
  ) => post(who, `cases/${app.id}/false-hits`, { bearerIndex: 0, entryId, reason });
  const markIdOf = (response: { json: () => unknown }) =>
    (response.json() as { mark: FalseHitMarkView }).mark.id;
  const marksOf = async (who: SignedIn, app: Submitted) =>
    (await who.call({ method: 'GET', url: `/office/api/cases/${app.id}/false-hits` })).json() as {
      marks: FalseHitMarkEntry[];
      mayMark: boolean;
    };

  /** An officer marks both hits of a referred case and another supervisor confirms both. */
  const clearedTraveller = async (passportNum: string) => {
    const app = await screenedApplication(passportNum);
    expect(app.state).toBe('in_review');
    expect((await claim(officer, app)).statusCode).toBe(200);
    const ids: string[] = [];
    for (const entry of TWO_ENTRIES) {
      const marked = await markHit(officer, app, entry.id);
      expect(marked.statusCode).toBe(200);
      ids.push(markIdOf(marked));
    }
    for (const id of ids) {
      expect((await post(supervisor, `false-hits/${id}/confirm`)).statusCode).toBe(200);
    }
    return { app, ids };
  };

  it('marked, confirmed by another supervisor: the next application is approved by screening', async () => {
    const app = await screenedApplication('FO1000001');
    expect(app.state).toBe('in_review');
    expect((await claim(officer, app)).statusCode).toBe(200);
    expect((await marksOf(officer, app)).mayMark).toBe(true);
    const marked = await markHit(officer, app, 'fh-entry-1');
    expect(marked.statusCode).toBe(200);
    expect((marked.json() as { mark: FalseHitMarkView }).mark).toMatchObject({
      entryId: 'fh-entry-1',
      entryLastChange: LAST_CHANGE,
      state: 'proposed',
      markedByEmail: officer.email,
      markedOn: { id: app.id, applicationNumber: app.reqNum },
    });
    const m1 = markIdOf(marked);
    // The supervisor reads it as waiting for them; the officer cannot confirm.
    const seen = await marksOf(supervisor, app);
    expect(seen.marks.map((m) => [m.id, m.state, m.mayConfirm])).toEqual([[m1, 'proposed', true]]);
    expect(seen.mayMark).toBe(false);
    expect((await post(officer, `false-hits/${m1}/confirm`)).statusCode).toBe(403);
    const confirmed = await post(supervisor, `false-hits/${m1}/confirm`);
    expect(confirmed.statusCode).toBe(200);
    expect((confirmed.json() as { mark: FalseHitMarkView }).mark).toMatchObject({
      state: 'confirmed',
      confirmedByEmail: supervisor.email,
    });
    // A step already taken is not taken twice.
    expect((await post(otherSupervisor, `false-hits/${m1}/confirm`)).statusCode).toBe(409);
    const m2 = markIdOf(await markHit(officer, app, 'fh-entry-2'));
    expect((await post(otherSupervisor, `false-hits/${m2}/confirm`)).statusCode).toBe(200);

    const next = await screenedApplication('FO1000001');
    expect(next.state).toBe('approved');
    const view = (
      await supervisor.call({ method: 'GET', url: `/office/api/cases/${next.id}` })
    ).json().case;
    expect(view.screening[0].hits.map((h: { sparedBy?: string }) => h.sparedBy)).toEqual([m1, m2]);
    expect(
      view.falseHitMarks.map((m: FalseHitMarkView) => [m.id, m.bearerIndex, m.markedByEmail]),
    ).toEqual([
      [m1, 0, officer.email],
      [m2, 0, officer.email],
    ]);
    expect(await auditActions(server, app.id)).toEqual(
      expect.arrayContaining(['markFalseHit', 'confirmFalseHit']),
    );
    const actions = await auditActions(server, app.id);
    expect(actions.filter((a) => a === 'markFalseHit')).toHaveLength(2);
    expect(actions.filter((a) => a === 'confirmFalseHit')).toHaveLength(2);
  });

  it('a mark spares only its entry: the next application is referred for the other, the spared hit shown', async () => {
    const app = await screenedApplication('FO1000002');
    await claim(officer, app);
    const m1 = markIdOf(await markHit(officer, app, 'fh-entry-1'));
    await post(supervisor, `false-hits/${m1}/confirm`);
    const next = await screenedApplication('FO1000002');
    expect(next.state).toBe('in_review');
    const view = (await officer.call({ method: 'GET', url: `/office/api/cases/${next.id}` })).json()
      .case;
    expect(
      view.screening[0].hits.map((h: { details: { entryId: string }; sparedBy?: string }) => [
        h.details.entryId,
        h.sparedBy ?? null,
      ]),
    ).toEqual([
      ['fh-entry-1', m1],
      ['fh-entry-2', null],
    ]);
    const [shown] = view.falseHitMarks as FalseHitMarkView[];
    expect(shown).toMatchObject({
      id: m1,
      state: 'confirmed',
      markedByEmail: officer.email,
      confirmedByEmail: supervisor.email,
      markedOn: { applicationNumber: app.reqNum },
    });
    expect(shown?.confirmedAt).toEqual(expect.any(String));
  });

  it('a proposed mark spares nothing; a rejected one neither, and the rejection is recorded', async () => {
    const app = await screenedApplication('FO1000003');
    await claim(officer, app);
    const m1 = markIdOf(await markHit(officer, app, 'fh-entry-1'));
    const m2 = markIdOf(await markHit(officer, app, 'fh-entry-2'));
    expect((await screenedApplication('FO1000003')).state).toBe('in_review');
    const rejected = await post(supervisor, `false-hits/${m2}/reject`, { reason: 'Same face.' });
    expect(rejected.statusCode).toBe(200);
    expect((rejected.json() as { mark: FalseHitMarkView }).mark).toMatchObject({
      state: 'rejected',
      rejectedByEmail: supervisor.email,
      rejectedReason: 'Same face.',
    });
    expect((await post(supervisor, `false-hits/${m1}/withdraw`, { reason: 'x' })).statusCode).toBe(
      409,
    );
    expect(await auditActions(server, app.id)).toContain('rejectFalseHit');
  });

  it('the marker cannot confirm or reject their own mark (four eyes): 403', async () => {
    const app = await screenedApplication('FO1000004');
    await claim(supervisor, app);
    const own = markIdOf(await markHit(supervisor, app, 'fh-entry-1'));
    const confirm = await post(supervisor, `false-hits/${own}/confirm`);
    expect(confirm.statusCode).toBe(403);
    expect(confirm.json()).toMatchObject({ statusCode: 403, code: 'sameStaff' });
    expect((await post(supervisor, `false-hits/${own}/reject`)).statusCode).toBe(403);
    expect((await marksOf(supervisor, app)).marks[0]).toMatchObject({
      state: 'proposed',
      mayConfirm: false,
    });
  });

  it('only the case holder marks, with a reason, a hit the case has; once per entry and traveller', async () => {
    const app = await screenedApplication('FO1000005');
    // Unclaimed: claim first.
    expect((await markHit(officer, app, 'fh-entry-1')).statusCode).toBe(409);
    await claim(officer, app);
    expect((await markHit(otherOfficer, app, 'fh-entry-1')).json()).toMatchObject({
      statusCode: 403,
      code: 'claimedByOther',
    });
    expect((await markHit(officer, app, 'fh-entry-1', '   ')).json()).toMatchObject({
      statusCode: 400,
      code: 'reasonRequired',
    });
    expect((await markHit(officer, app, 'fh-entry-1', 'x'.repeat(1001))).statusCode).toBe(400);
    expect((await markHit(officer, app, 'no-such-entry')).statusCode).toBe(404);
    expect((await markHit(officer, app, 'fh-entry-1')).statusCode).toBe(200);
    expect((await markHit(officer, app, 'fh-entry-1')).json()).toMatchObject({
      statusCode: 409,
      code: 'alreadyMarked',
    });
    // An auditor reads marks but takes no step.
    const auditor = await staffMember(server, 'auditor');
    expect((await markHit(auditor, app, 'fh-entry-2')).statusCode).toBe(403);
  });

  it('refuses a mark from another origin or without the anti-forgery token', async () => {
    const app = await screenedApplication('FO1000006');
    await claim(officer, app);
    const payload = { bearerIndex: 0, entryId: 'fh-entry-1', reason: 'Not him.' };
    const url = `/office/api/cases/${app.id}/false-hits`;
    const otherOrigin = await officer.call({
      method: 'POST',
      url,
      payload,
      headers: { origin: 'https://evil.example' },
    });
    expect(otherOrigin.json()).toMatchObject({ statusCode: 403, code: 'crossOrigin' });
    const noToken = await officer.call({
      method: 'POST',
      url,
      payload,
      headers: { ...FROM_OFFICE, 'x-office-token': '' },
    });
    expect(noToken.json()).toMatchObject({ statusCode: 403, code: 'antiForgeryToken' });
    expect((await marksOf(officer, app)).marks).toEqual([]);
    // A supervisor's step from another origin is refused the same way.
    const marked = await markHit(officer, app, 'fh-entry-1');
    const forged = await supervisor.call({
      method: 'POST',
      url: `/office/api/false-hits/${markIdOf(marked)}/confirm`,
      payload: {},
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.json()).toMatchObject({ statusCode: 403, code: 'crossOrigin' });
    expect((await marksOf(officer, app)).marks.map((m) => m.state)).toEqual(['proposed']);
  });

  it('withdrawn by a supervisor with a reason, a mark spares nothing any more', async () => {
    const { app, ids } = await clearedTraveller('FO1000007');
    expect((await screenedApplication('FO1000007')).state).toBe('approved');
    const [m1] = ids as [string];
    expect(
      (await post(officer, `false-hits/${m1}/withdraw`, { reason: 'Doubt.' })).statusCode,
    ).toBe(403);
    expect((await post(supervisor, `false-hits/${m1}/withdraw`, {})).statusCode).toBe(400);
    const withdrawn = await post(otherSupervisor, `false-hits/${m1}/withdraw`, {
      reason: 'New information from the list owner.',
    });
    expect((withdrawn.json() as { mark: FalseHitMarkView }).mark).toMatchObject({
      state: 'withdrawn',
      withdrawnByEmail: otherSupervisor.email,
      withdrawnReason: 'New information from the list owner.',
    });
    const next = await screenedApplication('FO1000007');
    expect(next.state).toBe('in_review');
    expect(await auditActions(server, app.id)).toContain('withdrawFalseHit');
  });

  it('a mark expires when the list changes the entry: referred again, and marked anew', async () => {
    await clearedTraveller('FO1000008');
    const changed = await screenedApplication('FO1000008', { lastChange: '2026-11-25T12:00:00' });
    expect(changed.state).toBe('in_review');
    // The new version of the entry may be marked again: the old mark does not block it.
    await claim(officer, changed);
    const again = await markHit(officer, changed, 'fh-entry-1');
    expect(again.statusCode).toBe(200);
    expect((again.json() as { mark: FalseHitMarkView }).mark.entryLastChange).toBe(
      '2026-11-25T12:00:00',
    );
  });

  it('another passport or birth date is another traveller: not spared', async () => {
    await clearedTraveller('FO1000009');
    expect((await screenedApplication('FO1000010')).state).toBe('in_review');
    expect(
      (await screenedApplication('FO1000009', { more: { birthDate: '1961-03-15' } })).state,
    ).toBe('in_review');
  });

  it('the dashboard counts marks by state, the referrals they spared and the referred cases’ time', async () => {
    const dashboard = async () =>
      (await supervisor.call({ method: 'GET', url: '/office/api/dashboard' })).json().dashboard as {
        falseHitMarks: Record<'proposed' | 'confirmed' | 'withdrawn' | 'rejected', number>;
        referralsSpared: { thisWeek: number; total: number };
        medianSecondsToDecisionReferred: number | null;
      };
    const before = await dashboard();
    const { app, ids } = await clearedTraveller('FO1000011');
    expect((await screenedApplication('FO1000011')).state).toBe('approved');
    const other = await screenedApplication('FO1000012');
    await claim(officer, other);
    expect((await markHit(officer, other, 'fh-entry-1')).statusCode).toBe(200);
    await post(supervisor, `false-hits/${ids[1]}/withdraw`, { reason: 'Checked again.' });
    // The referred case is decided: its time from receipt to decision counts.
    expect((await post(officer, `cases/${app.id}/approve`)).statusCode).toBe(200);
    const after = await dashboard();
    expect({
      proposed: after.falseHitMarks.proposed - before.falseHitMarks.proposed,
      confirmed: after.falseHitMarks.confirmed - before.falseHitMarks.confirmed,
      withdrawn: after.falseHitMarks.withdrawn - before.falseHitMarks.withdrawn,
      rejected: after.falseHitMarks.rejected - before.falseHitMarks.rejected,
      sparedThisWeek: after.referralsSpared.thisWeek - before.referralsSpared.thisWeek,
      sparedTotal: after.referralsSpared.total - before.referralsSpared.total,
    }).toEqual({
      proposed: 1,
      confirmed: 1,
      withdrawn: 1,
      rejected: 0,
      sparedThisWeek: 1,
      sparedTotal: 1,
    });
    expect(after.medianSecondsToDecisionReferred).toEqual(expect.any(Number));
  });
});
