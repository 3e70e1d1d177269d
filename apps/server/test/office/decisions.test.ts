// Case work end to end through the office routes on a real database, with the traveller's
// e-mails arriving at the real SMTP listener: four eyes on a refusal, the request-information
// round trip, approval, claims that make a case read-only to others, an auditor who acts on
// nothing, and an audit row for every view and action.
import { DECISION_TEXT_MAX } from '@eta-il/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTo, SETUP_MS } from '../decisions/support.ts';
import { codeIn, DATABASES, eventually, isCodeMail } from '../harness.ts';
import {
  auditActions,
  type OfficeTestServer,
  referredCase,
  type SignedIn,
  staffMember,
  startOfficeServer,
  stateOf,
} from './support.ts';

describe.each(DATABASES)('back-office decisions on %s', (kind) => {
  let server: OfficeTestServer;
  let officer: SignedIn;
  let otherOfficer: SignedIn;
  let supervisor: SignedIn;
  let otherSupervisor: SignedIn;
  let auditor: SignedIn;
  beforeAll(async () => {
    server = await startOfficeServer(kind);
    officer = await staffMember(server, 'officer');
    otherOfficer = await staffMember(server, 'officer');
    supervisor = await staffMember(server, 'supervisor');
    otherSupervisor = await staffMember(server, 'supervisor');
    auditor = await staffMember(server, 'auditor');
  }, SETUP_MS);
  afterAll(async () => {
    await server.close();
  });

  const post = (who: SignedIn, id: string, path: string, payload?: object) =>
    who.call({ method: 'POST', url: `/office/api/cases/${id}/${path}`, payload: payload ?? {} });

  it('refusal: pending until a different supervisor confirms; then refused and e-mailed', async () => {
    const app = await referredCase(server, 'refused-traveller@example.com');
    const queue = await officer.call({ method: 'GET', url: '/office/api/queue' });
    const listed = queue.json().cases.find((c: { id: string }) => c.id === app.id);
    expect(listed).toMatchObject({ state: 'in_review', claimedBy: null, refusalPending: false });
    expect(listed.timeLeftMs).toBeGreaterThan(0);

    expect((await post(officer, app.id, 'claim')).statusCode).toBe(200);
    const view = await officer.call({ method: 'GET', url: `/office/api/cases/${app.id}` });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ ability: 'decide', mayRelease: true });
    expect(view.json().case.answers.bearerList[0].passportNum).toBe(app.passportNumber);
    // Paid (awaiting_payment → submitted), screened, referred.
    expect(view.json().case.history.map((h: { to: string }) => h.to)).toEqual([
      'submitted',
      'screening',
      'in_review',
    ]);

    const refused = await post(officer, app.id, 'refuse', {
      reasons: ['securityConcern'],
      note: 'Matches the watchlist entry.',
    });
    expect(refused.json()).toEqual({ statusCode: 200, state: 'in_review' });
    expect(await stateOf(server, app.id)).toBe('in_review');
    // Each reads what they can do now: the officer waits, the supervisor confirms or rejects.
    const ability = async (who: SignedIn) =>
      (await who.call({ method: 'GET', url: `/office/api/cases/${app.id}` })).json().ability;
    expect(await ability(officer)).toBe('awaitingConfirmation');
    expect(await ability(otherOfficer)).toBe('refusalPending');
    expect(await ability(supervisor)).toBe('reviewRefusal');

    // The officer cannot confirm (role), nor approve meanwhile (a refusal waits).
    expect((await post(officer, app.id, 'refusal/confirm')).statusCode).toBe(403);
    expect((await post(officer, app.id, 'approve')).json().code).toBe('refusalPending');
    expect(await stateOf(server, app.id)).toBe('in_review');

    const confirmed = await post(supervisor, app.id, 'refusal/confirm');
    expect(confirmed.json()).toEqual({ statusCode: 200, state: 'refused' });
    expect(await stateOf(server, app.id)).toBe('refused');
    const mail = await mailTo(server, app.email, /decision/i);
    expect(mail.text).toContain(app.reqNum);
    // The history names both pairs of eyes: the officer who proposed, the supervisor who confirmed.
    const after = (
      await auditor.call({ method: 'GET', url: `/office/api/cases/${app.id}` })
    ).json();
    expect(after.ability).toBe('readOnly');
    expect(after.case.history.at(-1)).toMatchObject({
      to: 'refused',
      actorEmail: supervisor.email,
      proposedByEmail: officer.email,
      reasons: ['securityConcern'],
    });
    expect(after.case.refusalSteps).toMatchObject([
      {
        action: 'proposeRefusal',
        byEmail: officer.email,
        reasons: ['securityConcern'],
        note: 'Matches the watchlist entry.',
      },
    ]);

    // The officer's attempt to confirm is recorded too, against the case, and every view.
    expect(await auditActions(server, app.id)).toEqual([
      'claim',
      'viewCase',
      'proposeRefusal',
      'viewCase',
      'viewCase',
      'viewCase',
      'denied',
      'confirmRefusal',
      'viewCase',
    ]);
  });

  it('a supervisor cannot confirm a refusal they proposed themselves', async () => {
    const app = await referredCase(server, 'own-refusal@example.com');
    await post(supervisor, app.id, 'claim');
    await post(supervisor, app.id, 'refuse', {
      reasons: ['previousRefusal'],
      note: 'Refused before.',
    });
    const own = await post(supervisor, app.id, 'refusal/confirm');
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('sameStaff');
    expect(await stateOf(server, app.id)).toBe('in_review');
    // A different supervisor rejects it: the case stays in review with its officer.
    const rejected = await post(otherSupervisor, app.id, 'refusal/reject', { comment: 'No.' });
    expect(rejected.json()).toEqual({ statusCode: 200, state: 'in_review' });
    const view = await supervisor.call({ method: 'GET', url: `/office/api/cases/${app.id}` });
    expect(view.json().ability).toBe('decide');
    expect(view.json().case.refusalSteps).toMatchObject([
      { action: 'proposeRefusal', byEmail: supervisor.email, note: 'Refused before.' },
      {
        action: 'rejectRefusal',
        byEmail: otherSupervisor.email,
        proposedByEmail: supervisor.email,
        note: 'No.',
      },
    ]);
    expect((await post(otherSupervisor, app.id, 'refusal/confirm')).json().code).toBe(
      'noRefusalPending',
    );
  });

  it("another officer's claimed case is read-only to others", async () => {
    const app = await referredCase(server, 'claimed@example.com');
    await post(officer, app.id, 'claim');
    const view = await otherOfficer.call({ method: 'GET', url: `/office/api/cases/${app.id}` });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ ability: 'heldByOther', mayRelease: false });
    expect(view.json().case.claim.email).toBe(officer.email);
    for (const [path, body] of [
      ['claim', {}],
      ['release', {}],
      ['approve', {}],
      ['request-info', { reasons: ['travelPurpose'], question: 'Why?' }],
      ['refuse', { reasons: ['securityConcern'], note: 'n' }],
    ] as const) {
      const answer = await post(otherOfficer, app.id, path, body);
      expect(answer.statusCode, path).toBe(403);
      expect(answer.json().code, path).toBe('claimedByOther');
    }
    expect(await stateOf(server, app.id)).toBe('in_review');
    // Acting on an unclaimed case asks for a claim first.
    await post(officer, app.id, 'release');
    expect((await post(otherOfficer, app.id, 'approve')).json().code).toBe('claimFirst');
    // A supervisor may take a claim away (to reassign).
    await post(otherOfficer, app.id, 'claim');
    expect((await post(supervisor, app.id, 'release')).statusCode).toBe(200);
  });

  it('an auditor reads the case and acts on nothing', async () => {
    const app = await referredCase(server, 'audited@example.com');
    // A correction the traveller made from the status page is part of what staff read.
    await server.database.db
      .insertInto('application_correction')
      .values({
        application_id: app.id,
        field: 'addressTownName',
        old_value: 'Lyon',
        new_value: 'Paris',
        at: server.clock(),
      })
      .execute();
    const view = await auditor.call({ method: 'GET', url: `/office/api/cases/${app.id}` });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ ability: 'readOnly', mayRelease: false });
    expect(view.json().case.corrections).toMatchObject([
      { field: 'addressTownName', from: 'Lyon', to: 'Paris' },
    ]);
    for (const path of ['claim', 'approve', 'refuse', 'request-info', 'refusal/confirm']) {
      expect((await post(auditor, app.id, path)).statusCode, path).toBe(403);
    }
    expect(await stateOf(server, app.id)).toBe('in_review');
    const photoUrl = view.json().case.photoUrl as string;
    expect(photoUrl).toBe(`/office/api/cases/${app.id}/photo`);
    const photo = await auditor.call({ method: 'GET', url: photoUrl });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toMatch(/^image\//);
    expect(photo.rawPayload.length).toBeGreaterThan(100);
    expect(await auditActions(server, app.id)).toEqual([
      'viewCase',
      ...Array(5).fill('denied'),
      'viewPhoto',
    ]);
    const search = await auditor.call({ method: 'GET', url: `/office/api/search?q=${app.reqNum}` });
    expect(search.json().results.map((r: { id: string }) => r.id)).toEqual([app.id]);
  });

  it('request information: asked, e-mailed, answered, back in the queue, approved', async () => {
    const app = await referredCase(server, 'asked@example.com');
    await post(officer, app.id, 'claim');
    const asked = await post(officer, app.id, 'request-info', {
      reasons: ['travelPurpose'],
      question: 'What is the purpose of your trip?',
    });
    expect(asked.json()).toEqual({ statusCode: 200, state: 'info_requested' });
    await mailTo(server, app.email, /information/i);

    // The traveller reads the question on /status and answers it there (the public port).
    const identity = {
      applicationNumber: app.reqNum,
      passportNumber: app.passportNumber,
      birthDate: app.birthDate,
    };
    const publicCall = (url: string, payload: object) =>
      server.request({ method: 'POST', url, payload });
    expect((await publicCall('/api/status', identity)).json()).toMatchObject({
      status: 'info_requested',
      question: 'What is the purpose of your trip?',
      reasons: [{ code: 'travelPurpose' }],
    });
    for (const [answer, code] of [
      ['   ', 'answerRequired'],
      ['Tourism \u202Egnp.exe', 'answerCharacters'],
      ['<b>hi</b>', 'answerCharacters'],
      ['x'.repeat(2001), 'tooLong'],
    ] as const) {
      const refused = await publicCall('/api/status/answer', { ...identity, answer });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ statusCode: 400, code });
    }
    const wrongPerson = await publicCall('/api/status/answer', {
      ...identity,
      birthDate: '1901-01-01',
      code: '123456',
      timestamp: 1_763_802_000_000,
      answer: 'Let me in.',
    });
    expect(wrongPerson.statusCode).toBe(404);
    expect(await stateOf(server, app.id)).toBe('info_requested');

    // The answer is confirmed by a code sent to the application's address (decision 048).
    const codeMails = () => server.smtp.received.filter((m) => m.to === app.email && isCodeMail(m));
    const before = codeMails().length;
    const sent = await publicCall('/api/status/answer/code', identity);
    expect(sent.statusCode).toBe(200);
    const code = codeIn(await eventually(() => codeMails()[before])) ?? '';
    const confirmed = { code, timestamp: sent.json().timestamp as number };
    const answered = await publicCall('/api/status/answer', {
      ...identity,
      ...confirmed,
      answer: '  A conference in Tel Aviv.\nThree days.  ',
    });
    expect(answered.json()).toEqual({ statusCode: 200, status: 'in_review' });
    // A used code answers nothing twice; with a new one, no question is open any more.
    const reused = await publicCall('/api/status/answer', {
      ...identity,
      ...confirmed,
      answer: 'Twice.',
    });
    expect(reused.statusCode).toBe(400);
    // (From another address: this one has used its look-ups of this application.)
    server.clock.advance(31_000);
    const next = codeMails().length;
    const elsewhere = (url: string, payload: object) =>
      server.request({ method: 'POST', url, payload, remoteAddress: '203.0.113.9' });
    const sentAgain = await elsewhere('/api/status/answer/code', identity);
    const again = await elsewhere('/api/status/answer', {
      ...identity,
      code: codeIn(await eventually(() => codeMails()[next])) ?? '',
      timestamp: sentAgain.json().timestamp,
      answer: 'Twice.',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ statusCode: 409, code: 'noQuestion' });
    expect((await publicCall('/api/status', identity)).json().question).toBeUndefined();
    const queue = await officer.call({ method: 'GET', url: '/office/api/queue' });
    expect(queue.json().cases.find((c: { id: string }) => c.id === app.id)?.state).toBe(
      'in_review',
    );
    const view = await officer.call({ method: 'GET', url: `/office/api/cases/${app.id}` });
    expect(view.json().case.infoRequests).toMatchObject([
      {
        question: 'What is the purpose of your trip?',
        reasons: ['travelPurpose'],
        answer: 'A conference in Tel Aviv.\nThree days.',
      },
    ]);

    expect((await post(officer, app.id, 'approve')).json()).toEqual({
      statusCode: 200,
      state: 'approved',
    });
    expect(await stateOf(server, app.id)).toBe('approved');
    await mailTo(server, app.email, /approved/i);
  });

  it('bad requests answer 400 with the status in the body, never 500', async () => {
    const app = await referredCase(server, 'bad-requests@example.com');
    await post(officer, app.id, 'claim');
    // The server checks a decision with the back office form's own schema (the domain's): a
    // reason not from the list, none, or one twice is "choose reasons from the list"; missing,
    // blank or overlong words are a bad request.
    const long = 'x'.repeat(DECISION_TEXT_MAX + 1);
    for (const [path, body, code] of [
      ['refuse', { reasons: ['madeUp'], note: 'n' }, 'reasonsInvalid'],
      ['refuse', { reasons: [], note: 'n' }, 'reasonsInvalid'],
      ['refuse', { reasons: ['securityConcern', 'securityConcern'], note: 'n' }, 'reasonsInvalid'],
      ['refuse', { reasons: ['securityConcern'], note: '  ' }, 'badRequest'],
      ['refuse', { reasons: ['securityConcern'], note: long }, 'badRequest'],
      ['request-info', { reasons: ['securityConcern'], question: 'q' }, 'reasonsInvalid'],
      ['request-info', { reasons: 'travelPurpose', question: 'q' }, 'badRequest'],
      ['request-info', { reasons: ['travelPurpose'] }, 'badRequest'],
      ['request-info', { reasons: ['travelPurpose'], question: long }, 'badRequest'],
    ] as const) {
      const answer = await post(officer, app.id, path, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json(), JSON.stringify(body)).toMatchObject({ statusCode: 400, code });
    }
    // A revocation's body is a refusal's: checked before the case's state (a supervisor's call).
    for (const [body, code] of [
      [{ reasons: ['madeUp'], note: 'n' }, 'reasonsInvalid'],
      [{ reasons: ['securityConcern', 'securityConcern'], note: 'n' }, 'reasonsInvalid'],
      [{ reasons: ['securityConcern'] }, 'badRequest'],
    ] as const) {
      const answer = await post(supervisor, app.id, 'revoke', body);
      expect(answer.json(), JSON.stringify(body)).toMatchObject({ statusCode: 400, code });
    }
    // Nothing was decided on the way.
    expect(await stateOf(server, app.id)).toBe('in_review');
    const badId = await officer.call({ method: 'GET', url: '/office/api/cases/not-a-uuid' });
    expect(badId.statusCode).toBe(404);
    const badQueue = await officer.call({ method: 'GET', url: '/office/api/queue?sort=random' });
    expect(badQueue.statusCode).toBe(400);
  });

  it('the queue filters by kind of hit and nationality, and sorts by arrival', async () => {
    const app = await referredCase(server, 'filtered@example.com');
    await server.database.db
      .insertInto('screening_result')
      .values({
        application_id: app.id,
        bearer_index: 0,
        outcome: 'refer',
        hits: JSON.stringify([
          { code: 'LOST_DOCUMENT', messageId: 'screeningLostDocument', score: 1, details: {} },
        ]),
        rules_checked: JSON.stringify(['LOST_DOCUMENT']),
        screened_at: server.clock(),
      })
      .execute();
    const ids = async (query: string) =>
      (await officer.call({ method: 'GET', url: `/office/api/queue${query}` }))
        .json()
        .cases.map((c: { id: string }) => c.id);
    expect(await ids('?hit=LOST_DOCUMENT')).toEqual([app.id]);
    expect(await ids('?hit=WATCHLIST')).toEqual([]);
    const unknownKind = await officer.call({
      method: 'GET',
      url: '/office/api/queue?hit=lostDocument',
    });
    expect(unknownKind.statusCode).toBe(400);
    const listed = (await officer.call({ method: 'GET', url: '/office/api/queue' }))
      .json()
      .cases.find((c: { id: string }) => c.id === app.id);
    expect(listed.hits).toEqual(['LOST_DOCUMENT']);
    expect(await ids(`?nationality=${listed.nationality}`)).toContain(app.id);
    expect(await ids(`?nationality=${listed.nationality + 1}&hit=LOST_DOCUMENT`)).toEqual([]);
    // A nationality that is not a country id is refused, never read into the query.
    for (const bad of ['abc', "1' OR '1'='1", '-1', '1.5', '9'.repeat(400)]) {
      const refused = await officer.call({
        method: 'GET',
        url: `/office/api/queue?nationality=${encodeURIComponent(bad)}`,
      });
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().statusCode).toBe(400);
    }
    const byArrival = (await officer.call({ method: 'GET', url: '/office/api/queue?sort=arrival' }))
      .json()
      .cases.map((c: { arrivalDate: string }) => c.arrivalDate);
    expect(byArrival).toEqual([...byArrival].sort());
  });

  it('the dashboard counts states and decisions', async () => {
    const answer = await supervisor.call({ method: 'GET', url: '/office/api/dashboard' });
    expect(answer.statusCode).toBe(200);
    const { dashboard } = answer.json();
    expect(dashboard.today.perState.refused).toBeGreaterThanOrEqual(1);
    expect(dashboard.decisionsThisWeek).toBeGreaterThanOrEqual(2);
    expect(dashboard.shareDecidedAutomatically).toBe(0);
    expect(dashboard.oldestWaiting.state).toMatch(/in_review|info_requested/);
  });
});
