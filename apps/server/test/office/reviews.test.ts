// Reviews of refusals in the back office (issue 30 item 3) on a real database: the supervisors'
// queue, a reviewer who took part in the refusal refused, upheld with a reason (and not without),
// overturned (the authorization issued: its document, /verify and the carriers' answer), decided
// once only, the documents served as stored to those who may read the case, and the forgery
// checks every office call that changes anything passes.
import { REVIEW_REASON_MAX } from '@eta-il/domain';
import { referenceData } from '@eta-il/domain/reference-data';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCarrierApp } from '../../src/carrier/app.ts';
import { ANTI_FORGERY_HEADER } from '../../src/office/auth/forgery.ts';
import { FLIGHT, newCarrier } from '../carrier/support.ts';
import { identity, mailTo, SETUP_MS, type Submitted } from '../decisions/support.ts';
import { DATABASES, testConfig } from '../harness.ts';
import { askForReview, refusedCase, STATEMENT } from './review-support.ts';
import {
  auditActions,
  FROM_OFFICE,
  type OfficeTestServer,
  type SignedIn,
  staffMember,
  startOfficeServer,
  stateOf,
} from './support.ts';

describe.each(DATABASES)('reviews of refusals in the back office on %s', (kind) => {
  let server: OfficeTestServer;
  let carrier: FastifyInstance;
  let carrierKey: string;
  let officer: SignedIn;
  /** Confirms every refusal of this suite. */
  let confirmer: SignedIn;
  /** Proposes one refusal (a supervisor may propose too). */
  let proposer: SignedIn;
  /** Someone new: took part in no refusal. */
  let reviewer: SignedIn;
  /** Someone else new. */
  let otherReviewer: SignedIn;
  let auditor: SignedIn;
  let admin: SignedIn;
  let passports = 0;

  beforeAll(async () => {
    server = await startOfficeServer(kind);
    carrier = await buildCarrierApp({
      config: testConfig(),
      db: server.database.db,
      clock: server.clock,
      metrics: server.metrics,
      countries: referenceData.allcountry,
      logger: false,
    });
    carrierKey = (await newCarrier(server)).key;
    officer = await staffMember(server, 'officer');
    confirmer = await staffMember(server, 'supervisor');
    proposer = await staffMember(server, 'supervisor');
    reviewer = await staffMember(server, 'supervisor');
    otherReviewer = await staffMember(server, 'supervisor');
    auditor = await staffMember(server, 'auditor');
    admin = await staffMember(server, 'admin');
  }, SETUP_MS);
  afterAll(async () => {
    await carrier?.close();
    await server?.close();
  });

  /** A refused case (proposed by `by`, confirmed by the confirmer) whose traveller asked for a review. */
  const reviewed = async (email: string, by: SignedIn = officer) => {
    passports += 1;
    const passportNum = `RV${String(passports).padStart(7, '0')}`;
    const app = await refusedCase(server, email, passportNum, by, confirmer);
    const png = await askForReview(server, app);
    return { app, png };
  };
  const decide = (who: SignedIn, id: string, how: 'uphold' | 'overturn', payload: object = {}) =>
    who.call({ method: 'POST', url: `/office/api/reviews/${id}/${how}`, payload });
  const reviewRow = (id: string) =>
    server.database.db
      .selectFrom('application_review')
      .selectAll()
      .where('application_id', '=', id)
      .executeTakeFirstOrThrow();
  const queue = async (who: SignedIn) =>
    (await who.call({ method: 'GET', url: '/office/api/reviews' })).json().reviews as {
      id: string;
      mayDecide: boolean;
      notDecidable: string | null;
    }[];
  const verify = (app: Submitted) =>
    server.request({
      method: 'POST',
      url: '/api/verify',
      payload: { applicationNumber: app.reqNum, passportNumber: app.passportNumber },
    });
  const carrierAnswer = async (app: Submitted) => {
    const answer = await carrier.inject({
      method: 'POST',
      url: '/carrier/v1/checks',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${carrierKey}` },
      payload: JSON.stringify({
        flight: { ...FLIGHT, departureDate: '2027-04-15' },
        passengers: [
          {
            reference: 'P1',
            documentNumber: app.passportNumber,
            issuingCountry: 'USA',
            nationality: 'USA',
            birthDate: app.birthDate,
            surname: 'DOE',
            givenNames: 'JANE MARY',
          },
        ],
      }),
    });
    expect(answer.statusCode).toBe(200);
    return answer.json().results[0] as { answer: string; reason?: string };
  };

  it('the queue lists waiting reviews oldest first, to supervisors only, saying who may decide', async () => {
    const first = await reviewed('queue-first@example.com');
    server.clock.advance(60_000);
    const second = await reviewed('queue-second@example.com');

    const ids = (list: { id: string }[]) =>
      list.map((r) => r.id).filter((id) => id === first.app.id || id === second.app.id);
    const seen = await queue(reviewer);
    expect(ids(seen)).toEqual([first.app.id, second.app.id]);
    expect(seen.find((r) => r.id === first.app.id)).toMatchObject({
      applicationNumber: first.app.reqNum,
      documents: 1,
      mayDecide: true,
      notDecidable: null,
    });
    // The supervisor who confirmed both refusals sees them and may decide neither.
    const theirs = (await queue(confirmer)).filter((r) => ids([r]).length > 0);
    expect(theirs.map((r) => [r.mayDecide, r.notDecidable])).toEqual([
      [false, 'tookPart'],
      [false, 'tookPart'],
    ]);
    for (const who of [officer, auditor, admin]) {
      const answer = await who.call({ method: 'GET', url: '/office/api/reviews' });
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ statusCode: 403, code: 'roleNotAllowed' });
    }
    // Decided, a review leaves the queue.
    expect((await decide(reviewer, first.app.id, 'overturn')).statusCode).toBe(200);
    expect(ids(await queue(reviewer))).toEqual([second.app.id]);
  });

  it('the review reads beside its case: the refusal, who proposed and confirmed it, the statement, the documents', async () => {
    const { app } = await reviewed('read-review@example.com');
    const answer = await reviewer.call({ method: 'GET', url: `/office/api/reviews/${app.id}` });
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.review).toMatchObject({
      id: app.id,
      applicationNumber: app.reqNum,
      statement: STATEMENT,
      documents: [
        {
          position: 1,
          mediaType: 'image/png',
          url: `/office/api/reviews/${app.id}/documents/1`,
        },
      ],
      refusal: {
        reasons: ['securityConcern'],
        note: 'Matches the watchlist entry.',
        proposedByEmail: officer.email,
        confirmedByEmail: confirmer.email,
      },
      decision: null,
    });
    expect(body.review.documents[0].size).toBeGreaterThan(0);
    expect(body).toMatchObject({ mayDecide: true, notDecidable: null });
    // The case itself: its hits, its four-eyes steps with the officer's note, its history.
    expect(body.case.state).toBe('review_requested');
    expect(body.case.refusalSteps[0]).toMatchObject({
      action: 'proposeRefusal',
      byEmail: officer.email,
      note: 'Matches the watchlist entry.',
    });
    expect(body.case.history.map((h: { to: string }) => h.to)).toEqual([
      'submitted',
      'screening',
      'in_review',
      'refused',
      'review_requested',
    ]);
    expect(body.case.history[2].reasons).toEqual(['WATCHLIST']);
    // The confirmer reads it too, and is told why they may not decide it; an auditor reads it.
    const theirs = await confirmer.call({ method: 'GET', url: `/office/api/reviews/${app.id}` });
    expect(theirs.json()).toMatchObject({ mayDecide: false, notDecidable: 'tookPart' });
    const audited = await auditor.call({ method: 'GET', url: `/office/api/reviews/${app.id}` });
    expect(audited.json()).toMatchObject({ mayDecide: false, notDecidable: 'notSupervisor' });
    expect((await officer.call({ method: 'GET', url: '/office/api/reviews/x' })).statusCode).toBe(
      404,
    );
    expect((await auditActions(server, app.id)).filter((a) => a === 'viewReview')).toHaveLength(3);
  });

  it('a supervisor who proposed or confirmed the refusal is refused (403 tookPart), and nothing moves', async () => {
    const { app } = await reviewed('took-part@example.com', proposer);
    for (const who of [proposer, confirmer]) {
      for (const how of ['overturn', 'uphold'] as const) {
        const answer = await decide(who, app.id, how, { reason: 'I stand by it.' });
        expect(answer.statusCode).toBe(403);
        expect(answer.json()).toMatchObject({ statusCode: 403, code: 'tookPart' });
      }
    }
    const byOfficer = await decide(officer, app.id, 'overturn');
    expect(byOfficer.json()).toMatchObject({ statusCode: 403, code: 'roleNotAllowed' });
    expect(await stateOf(server, app.id)).toBe('review_requested');
    expect(await reviewRow(app.id)).toMatchObject({ decided_at: null, outcome: null });
    const travelAuthorizations = await server.database.db
      .selectFrom('travel_authorization')
      .select('id')
      .where('application_id', '=', app.id)
      .execute();
    expect(travelAuthorizations).toEqual([]);
    expect((await auditActions(server, app.id)).filter((a) => a === 'denied')).toHaveLength(5);
  });

  it('upheld with a reason: refused for good, the outcome and reason recorded, audited, e-mailed', async () => {
    const { app } = await reviewed('upheld@example.com');
    const reason = 'The documents do not show a different person from the listed one.';
    const answer = await decide(reviewer, app.id, 'uphold', { reason: `  ${reason} ` });
    expect(answer.json()).toEqual({ statusCode: 200, state: 'refused', outcome: 'upheld' });
    expect(await stateOf(server, app.id)).toBe('refused');
    expect(await reviewRow(app.id)).toMatchObject({
      decided_by: reviewer.id,
      outcome: 'upheld',
      reason,
    });
    // The traveller still reads the refusal's grounds (the upholding move carries none), and is
    // offered no second review.
    const status = await server.request({
      method: 'POST',
      url: '/api/status',
      payload: identity(app),
    });
    expect(status.json()).toMatchObject({
      status: 'refused',
      reasons: [{ code: 'securityConcern' }],
    });
    expect(status.json().reviewUntil).toBeUndefined();
    expect((await auditActions(server, app.id)).at(-1)).toBe('upholdRefusal');
    const mail = await mailTo(server, app.email, /stays refused/);
    expect(mail.text).toContain(app.reqNum);
    expect(mail.text).toContain('This decision is final.');
    const read = await reviewer.call({ method: 'GET', url: `/office/api/reviews/${app.id}` });
    expect(read.json()).toMatchObject({
      review: { decision: { outcome: 'upheld', byEmail: reviewer.email, reason } },
      mayDecide: false,
      notDecidable: 'decided',
    });
    // Final: a second decision either way is 409.
    for (const how of ['overturn', 'uphold'] as const) {
      const again = await decide(reviewer, app.id, how, { reason: 'Changed my mind.' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ statusCode: 409, code: 'alreadyDecided' });
    }
    expect(await stateOf(server, app.id)).toBe('refused');
  });

  it('two supervisors deciding at once: one decision is taken, the other is 409', async () => {
    const { app } = await reviewed('race@example.com');
    const answers = await Promise.all([
      decide(reviewer, app.id, 'overturn'),
      decide(otherReviewer, app.id, 'uphold', { reason: 'The listed person is this traveller.' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const row = await reviewRow(app.id);
    const won = answers[0]?.statusCode === 200 ? 'overturned' : 'upheld';
    expect(row.outcome).toBe(won);
    expect(await stateOf(server, app.id)).toBe(won === 'overturned' ? 'approved' : 'refused');
    const decisions = (await auditActions(server, app.id)).filter((a) =>
      ['overturnRefusal', 'upholdRefusal'].includes(a),
    );
    expect(decisions).toHaveLength(1);
    const moves = await server.database.db
      .selectFrom('application_transition')
      .select('to_state')
      .where('application_id', '=', app.id)
      .where('from_state', '=', 'review_requested')
      .execute();
    expect(moves).toHaveLength(1);
  });

  it('upholding without a reason, with blanks or too long a reason is 400, and nothing moves', async () => {
    const { app } = await reviewed('no-reason@example.com');
    for (const payload of [
      {},
      { reason: '' },
      { reason: '   ' },
      { reason: 42 },
      { reason: 'x'.repeat(REVIEW_REASON_MAX + 1) },
    ]) {
      const answer = await decide(reviewer, app.id, 'uphold', payload);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ statusCode: 400, code: 'reasonRequired' });
    }
    expect(await stateOf(server, app.id)).toBe('review_requested');
    expect((await reviewRow(app.id)).decided_at).toBeNull();
  });

  it('overturned: approved, the authorization issued (document, /verify, the carriers’ OK), e-mailed', async () => {
    const { app } = await reviewed('overturned@example.com');
    expect((await verify(app)).json()).toEqual({ statusCode: 200, valid: false });
    expect(await carrierAnswer(app)).toMatchObject({ answer: 'NO_BOARD' });

    const answer = await decide(reviewer, app.id, 'overturn');
    expect(answer.json()).toEqual({ statusCode: 200, state: 'approved', outcome: 'overturned' });
    expect(await stateOf(server, app.id)).toBe('approved');
    expect(await reviewRow(app.id)).toMatchObject({
      decided_by: reviewer.id,
      outcome: 'overturned',
      reason: null,
    });
    expect((await auditActions(server, app.id)).at(-1)).toBe('overturnRefusal');

    expect((await verify(app)).json()).toEqual({
      statusCode: 200,
      valid: true,
      validUntil: '2028-11-22',
    });
    expect(await carrierAnswer(app)).toMatchObject({ answer: 'OK', names: 'MATCH' });
    const status = await server.request({
      method: 'POST',
      url: '/api/status',
      payload: identity(app),
    });
    expect(status.json()).toMatchObject({ status: 'approved' });
    const document = await server.request({ method: 'GET', url: status.json().documentUrl });
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('application/pdf');
    const mail = await mailTo(server, app.email, /is approved/);
    expect(mail.text).toContain(app.reqNum);
    expect((await decide(reviewer, app.id, 'overturn')).statusCode).toBe(409);
  });

  it('serves a document as stored (its type, nosniff, sandboxed, not cached) to staff who may read the case', async () => {
    const { app, png } = await reviewed('documents@example.com');
    const url = `/office/api/reviews/${app.id}/documents/1`;
    for (const who of [reviewer, officer, auditor]) {
      const answer = await who.call({ method: 'GET', url });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('image/png');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['content-security-policy']).toMatch(/^sandbox;/);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['content-disposition']).toBe(
        'inline; filename="review-document-1.png"',
      );
      expect(Buffer.compare(answer.rawPayload, png)).toBe(0);
    }
    expect((await admin.call({ method: 'GET', url })).statusCode).toBe(403);
    expect((await server.office.inject({ method: 'GET', url })).statusCode).toBe(401);
    for (const position of ['2', '4', '0', 'a']) {
      const missing = await reviewer.call({
        method: 'GET',
        url: `/office/api/reviews/${app.id}/documents/${position}`,
      });
      expect(missing.statusCode).toBe(404);
    }
    const actions = await auditActions(server, app.id);
    expect(actions.filter((a) => a === 'viewReviewDocument')).toHaveLength(3);
    // The admin's refused read is recorded against the case.
    expect(actions.at(-1)).toBe('denied');
  });

  it('a decision without the anti-forgery token or from another origin is 403, and nothing moves', async () => {
    const { app } = await reviewed('forgery@example.com');
    const url = `/office/api/reviews/${app.id}/overturn`;
    const cookie = `office_session=${reviewer.sessionId}`;
    const noToken = await server.office.inject({
      method: 'POST',
      url,
      headers: { ...FROM_OFFICE, cookie },
      payload: {},
    });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json()).toMatchObject({ code: 'antiForgeryToken' });
    const otherOrigin = await server.office.inject({
      method: 'POST',
      url,
      headers: {
        origin: 'https://attacker.example',
        cookie,
        [ANTI_FORGERY_HEADER]: reviewer.antiForgeryToken,
      },
      payload: {},
    });
    expect(otherOrigin.statusCode).toBe(403);
    const anothersToken = await server.office.inject({
      method: 'POST',
      url,
      headers: { ...FROM_OFFICE, cookie, [ANTI_FORGERY_HEADER]: confirmer.antiForgeryToken },
      payload: {},
    });
    expect(anothersToken.statusCode).toBe(403);
    expect(await stateOf(server, app.id)).toBe('review_requested');
    expect((await reviewRow(app.id)).decided_at).toBeNull();
  });
});
