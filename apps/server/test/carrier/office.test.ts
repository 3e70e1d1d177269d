// The back office's carrier work (issue 28): a supervisor revokes an approved authorization
// (role guard, forgery defence, reasons and a note required, audited, the traveller e-mailed in
// their language), after which /status, /verify and the carriers see it; admins manage carriers
// (the key shown once, revoked at once); auditors read the record of checks.
import { referenceData } from '@eta-il/domain/reference-data';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCarrierApp } from '../../src/carrier/app.ts';
import { createLinkService } from '../../src/decisions/links.ts';
import { ANTI_FORGERY_HEADER } from '../../src/office/auth/forgery.ts';
import { approve, identity, mailTo, SETUP_MS, submitted } from '../decisions/support.ts';
import { DATABASES, testConfig } from '../harness.ts';
import {
  auditActions,
  type OfficeTestServer,
  type SignedIn,
  staffMember,
  startOfficeServer,
  stateOf,
} from '../office/support.ts';

const FLIGHT = { carrier: 'LY', number: '2', departureDate: '2026-12-24', from: 'CDG' };

describe.each(DATABASES)('carriers in the back office on %s', (kind) => {
  let server: OfficeTestServer;
  let carrierApp: FastifyInstance;
  let supervisor: SignedIn;
  let officer: SignedIn;
  let admin: SignedIn;
  let auditor: SignedIn;

  beforeAll(async () => {
    server = await startOfficeServer(kind);
    carrierApp = await buildCarrierApp({
      config: testConfig(),
      db: server.database.db,
      clock: server.clock,
      metrics: server.metrics,
      countries: referenceData.allcountry,
      logger: false,
    });
    supervisor = await staffMember(server, 'supervisor');
    officer = await staffMember(server, 'officer');
    admin = await staffMember(server, 'admin');
    auditor = await staffMember(server, 'auditor');
  }, SETUP_MS);
  afterAll(async () => {
    await carrierApp?.close();
    await server?.close();
  });

  const checkWith = (key: string, passportNumber: string) =>
    carrierApp.inject({
      method: 'POST',
      url: '/carrier/v1/checks',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: {
        flight: FLIGHT,
        passengers: [
          {
            reference: 'P1',
            documentNumber: passportNumber,
            issuingCountry: 'USA',
            nationality: 'USA',
            birthDate: '1990-07-04',
            surname: 'DOE',
            givenNames: 'JANE MARY',
          },
        ],
      },
    });

  it('an admin adds a carrier (key shown once), revokes it, and replaces a key', async () => {
    expect((await supervisor.call({ method: 'GET', url: '/office/api/carriers' })).statusCode).toBe(
      403,
    );
    const refused = await officer.call({
      method: 'POST',
      url: '/office/api/carriers',
      payload: { name: 'Air France', iataCode: 'AF' },
    });
    expect(refused.statusCode).toBe(403);
    const bad = await admin.call({
      method: 'POST',
      url: '/office/api/carriers',
      payload: { name: 'Air France', iataCode: 'A-F' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().statusCode).toBe(400);

    const added = await admin.call({
      method: 'POST',
      url: '/office/api/carriers',
      payload: { name: 'Air France', iataCode: 'af' },
    });
    expect(added.statusCode).toBe(201);
    const { carrier, key } = added.json();
    expect(carrier).toMatchObject({ name: 'Air France', iataCode: 'AF', revokedAt: null });
    expect((await checkWith(key, 'ZZ0000000')).statusCode).toBe(200);
    const listed = await admin.call({ method: 'GET', url: '/office/api/carriers' });
    expect(JSON.stringify(listed.json())).not.toContain(key);
    expect(listed.json().carriers).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: carrier.id })]),
    );

    const replaced = await admin.call({
      method: 'POST',
      url: `/office/api/carriers/${carrier.id}/replace-key`,
    });
    expect(replaced.statusCode).toBe(200);
    const newKey = replaced.json().key;
    expect(newKey).not.toBe(key);
    expect((await checkWith(key, 'ZZ0000000')).statusCode).toBe(401);
    expect((await checkWith(newKey, 'ZZ0000000')).statusCode).toBe(200);

    const revoked = await admin.call({
      method: 'POST',
      url: `/office/api/carriers/${carrier.id}/revoke`,
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().carrier.revokedAt).not.toBeNull();
    expect((await checkWith(newKey, 'ZZ0000000')).statusCode).toBe(401);
    const unknown = await admin.call({ method: 'POST', url: '/office/api/carriers/nope/revoke' });
    expect(unknown.statusCode).toBe(404);

    const actions = await server.database.db
      .selectFrom('audit_event')
      .select('action')
      .where('staff_id', '=', admin.id)
      .execute();
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['addCarrier', 'replaceCarrierKey', 'revokeCarrier']),
    );

    // Auditors read the record of checks; nobody else does.
    expect(
      (await admin.call({ method: 'GET', url: '/office/api/carrier-checks' })).statusCode,
    ).toBe(403);
    const record = await auditor.call({ method: 'GET', url: '/office/api/carrier-checks' });
    expect(record.statusCode).toBe(200);
    expect(record.json().checks[0]).toMatchObject({
      carrierName: 'Air France',
      flightNumber: '2',
      passengers: 1,
      results: [{ reference: 'P1', answer: 'NO_BOARD', reason: 'NO_AUTHORIZATION' }],
    });
  });

  it('a supervisor revokes an approved authorization; /status, /verify and carriers see it', async () => {
    const app = await submitted(server, 'revoked-traveller@example.com', {
      language: 'fr',
      changes: { passportNum: 'RV1234567' },
    });
    await approve(server, app.id);
    const carrierKey = (
      await admin.call({
        method: 'POST',
        url: '/office/api/carriers',
        payload: { name: 'El Al', iataCode: 'LY' },
      })
    ).json().key;
    expect((await checkWith(carrierKey, 'RV1234567')).json().results[0].answer).toBe('OK');
    const verify = () =>
      server.request({
        method: 'POST',
        url: '/api/verify',
        payload: { applicationNumber: app.reqNum, passportNumber: 'RV1234567' },
      });
    expect((await verify()).json().valid).toBe(true);

    const url = `/office/api/cases/${app.id}/revoke`;
    const payload = {
      reasons: ['documentReportedLost'],
      note: 'Reported stolen by the issuing state.',
    };
    // Attacks first: the wrong role, no reasons, a made-up reason, a forged request.
    expect((await officer.call({ method: 'POST', url, payload })).statusCode).toBe(403);
    expect((await auditor.call({ method: 'POST', url, payload })).statusCode).toBe(403);
    const noNote = await supervisor.call({
      method: 'POST',
      url,
      payload: { reasons: ['documentReportedLost'] },
    });
    expect(noNote.statusCode).toBe(400);
    const madeUp = await supervisor.call({
      method: 'POST',
      url,
      payload: { ...payload, reasons: ['madeUp'] },
    });
    expect(madeUp.statusCode).toBe(400);
    for (const headers of [
      { origin: 'https://evil.example' },
      { [ANTI_FORGERY_HEADER]: 'forged' },
    ]) {
      const forged = await supervisor.call({ method: 'POST', url, payload, headers });
      expect(forged.statusCode).toBe(403);
    }
    expect(await stateOf(server, app.id)).toBe('approved');

    const viewed = await supervisor.call({ method: 'GET', url: `/office/api/cases/${app.id}` });
    expect(viewed.json().mayRevoke).toBe(true);
    expect(
      (await officer.call({ method: 'GET', url: `/office/api/cases/${app.id}` })).json().mayRevoke,
    ).toBe(false);

    const done = await supervisor.call({ method: 'POST', url, payload });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ statusCode: 200, state: 'revoked' });
    expect(await stateOf(server, app.id)).toBe('revoked');
    expect(await auditActions(server, app.id)).toContain('revokeAuthorization');
    // Not twice.
    expect((await supervisor.call({ method: 'POST', url, payload })).statusCode).toBe(409);

    // /verify says why it is not valid, by the numbers and by the document's QR code.
    expect((await verify()).json()).toEqual({ statusCode: 200, valid: false, revoked: true });
    const [authorization] = await server.database.db
      .selectFrom('travel_authorization')
      .select(['id', sql<string>`valid_until::text`.as('validUntil')])
      .where('application_id', '=', app.id)
      .execute();
    const token = createLinkService(testConfig().authSecret, server.clock).verifyToken(
      authorization?.id ?? '',
      authorization?.validUntil ?? '',
    );
    const byToken = await server.request({
      method: 'POST',
      url: '/api/verify',
      payload: { token },
    });
    expect(byToken.json()).toEqual({ statusCode: 200, valid: false, revoked: true });
    // A wrong passport number learns nothing of it.
    const wrong = await server.request({
      method: 'POST',
      url: '/api/verify',
      payload: { applicationNumber: app.reqNum, passportNumber: 'RV1234568' },
    });
    expect(wrong.json()).toEqual({ statusCode: 200, valid: false });
    const status = await server.request({
      method: 'POST',
      url: '/api/status',
      payload: identity(app),
    });
    expect(status.json()).toMatchObject({
      status: 'revoked',
      reasons: [{ code: 'documentReportedLost' }],
    });
    expect((await checkWith(carrierKey, 'RV1234567')).json().results[0]).toMatchObject({
      answer: 'NO_BOARD',
      reason: 'REVOKED',
    });
    const mail = await mailTo(server, app.email, /révoquée/);
    expect(mail.text).toContain(app.reqNum);
  });
});
