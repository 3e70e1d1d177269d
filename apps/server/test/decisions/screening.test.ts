// The screening job's work on a real database: a clean application is approved with its
// authorization and e-mail, a watchlist name or a lost passport is referred to an officer with the
// hits kept for them, a second run changes nothing, and every outcome is explained.
import { referenceData } from '@eta-il/domain/reference-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenApplication } from '../../src/decisions/screen-application.ts';
import { loadScreeningLists, screeningListPaths } from '../../src/screening/lists.ts';
import { DATABASES, startTestServer, type TestServer } from '../harness.ts';
import { decisionDeps, mailTo, SETUP_MS, submitted } from './support.ts';

describe.each(DATABASES)('screening an application on %s', (kind) => {
  let server: TestServer;
  let deps: Parameters<typeof screenApplication>[1];
  beforeAll(async () => {
    server = await startTestServer({ kind });
    const { lists } = await loadScreeningLists(screeningListPaths({}), referenceData.allcountry);
    deps = { ...decisionDeps(server), lists };
  }, SETUP_MS);
  afterAll(async () => {
    await server.close();
  });

  /** The fixture declares an earlier visa request, itself a reason to refer; a clean one does not. */
  const clean = { anotherVisaRequestYN: 0, anotherVisaRequestDesc: '' } as const;

  const hitCodes = (hits: unknown) => ((hits ?? []) as { code: string }[]).map((hit) => hit.code);

  const stateOf = async (id: string) =>
    (
      await server.database.db
        .selectFrom('application')
        .select('state')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).state;
  const resultsOf = (id: string) =>
    server.database.db
      .selectFrom('screening_result')
      .select(['bearer_index', 'outcome', 'hits', 'rules_checked'])
      .where('application_id', '=', id)
      .execute();

  it('a clean application is approved, authorized and told so by e-mail', async () => {
    const app = await submitted(server, 'clean@example.com', { changes: clean });
    expect(await screenApplication(server.database.db, deps, app.id)).toBe('approved');
    expect(await stateOf(app.id)).toBe('approved');
    const [result] = await resultsOf(app.id);
    expect(result?.outcome).toBe('approve');
    expect(result?.hits).toEqual([]);
    expect(result?.rules_checked).toContain('WATCHLIST');
    const authorizations = await server.database.db
      .selectFrom('travel_authorization')
      .select('passport_num')
      .where('application_id', '=', app.id)
      .execute();
    expect(authorizations).toEqual([{ passport_num: app.passportNumber }]);
    const mail = await mailTo(server, 'clean@example.com', /approved/i);
    expect(mail.text).toContain(app.reqNum);
  });

  it('a name on the watchlist is referred with the hit, never approved', async () => {
    const app = await submitted(server, 'listed@example.com', {
      changes: { ...clean, firstName: 'IWAN', lastName: 'SIDOROW', birthDate: '1961-03-14' },
    });
    expect(await screenApplication(server.database.db, deps, app.id)).toBe('in_review');
    expect(await stateOf(app.id)).toBe('in_review');
    const [result] = await resultsOf(app.id);
    expect(result?.outcome).toBe('refer');
    expect(hitCodes(result?.hits)).toEqual(['WATCHLIST']);
    const transition = await server.database.db
      .selectFrom('application_transition')
      .select('reasons')
      .where('application_id', '=', app.id)
      .where('to_state', '=', 'in_review')
      .executeTakeFirstOrThrow();
    expect(transition.reasons).toContain('WATCHLIST');
  });

  it('a passport on the lost and stolen list is not approved', async () => {
    const app = await submitted(server, 'lost@example.com', {
      changes: { ...clean, passportNum: 'LOST12345' },
    });
    expect(await screenApplication(server.database.db, deps, app.id)).toBe('in_review');
    const [result] = await resultsOf(app.id);
    expect(hitCodes(result?.hits)).toEqual(['LOST_DOCUMENT']);
  });

  it('a second run of the job (a retry) screens nothing again', async () => {
    const app = await submitted(server, 'twice@example.com', { changes: clean });
    expect(await screenApplication(server.database.db, deps, app.id)).toBe('approved');
    expect(await screenApplication(server.database.db, deps, app.id)).toBe('skipped');
    const transitions = await server.database.db
      .selectFrom('application_transition')
      .select('to_state')
      .where('application_id', '=', app.id)
      .orderBy('id')
      .execute();
    // Paid (awaiting_payment → submitted), then screened once.
    expect(transitions.map((t) => t.to_state)).toEqual(['submitted', 'screening', 'approved']);
  });
});
