// Corrections before a decision (issue 13): after a code e-mailed to the application's address
// (to the new address when the e-mail changes), the traveller changes the e-mail, phones, home
// address or arrival date; each change is checked by the submission's rules and recorded in the
// application's history. Passport and identity fields are refused; a decided application too.
import { referenceData } from '@eta-il/domain/reference-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onQueuedWork } from '../../src/db/transaction.ts';
import {
  applicationsAwaitingScreening,
  rescreenJobId,
  screenApplication,
} from '../../src/decisions/screen-application.ts';
import { loadScreeningLists, screeningListPaths } from '../../src/screening/lists.ts';
import {
  codeIn,
  DATABASES,
  eventually,
  isCodeMail,
  startTestServer,
  type TestServer,
} from '../harness.ts';
import {
  approve,
  decisionDeps,
  HIGH_LIMITS,
  identity,
  mailTo,
  SETUP_MS,
  type Submitted,
  submitted,
} from './support.ts';

describe.each(DATABASES)('corrections on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind, services: { rateLimits: HIGH_LIMITS } });
  }, SETUP_MS);
  afterAll(async () => {
    await server.close();
  });

  const post = (url: string, payload: object) => server.request({ method: 'POST', url, payload });
  /** Asks for a correction code (sent to the application's current address) and reads it. */
  const codeFor = async (app: Submitted) => {
    const email = app.email;
    server.clock.advance(31_000); // past the code service's resend interval
    const before = server.smtp.received.filter((m) => m.to === email && isCodeMail(m)).length;
    const sent = await post('/api/status/correction/code', identity(app));
    expect(sent.statusCode).toBe(200);
    const mail = await eventually(
      () => server.smtp.received.filter((m) => m.to === email && isCodeMail(m))[before],
    );
    return { code: codeIn(mail) ?? '', timestamp: sent.json().timestamp as number };
  };
  const correct = (app: Submitted, confirmed: object, changes: Record<string, string>) =>
    post('/api/status/correction', { ...identity(app), ...confirmed, changes });
  const history = (reqNum: string) =>
    server.database.db
      .selectFrom('application_correction as c')
      .innerJoin('application as a', 'a.id', 'c.application_id')
      .select(['c.field', 'c.old_value', 'c.new_value'])
      .where('a.req_num', '=', reqNum)
      .orderBy('c.id')
      .execute();

  it('the arrival date is corrected with its history; the stored record and column follow', async () => {
    const app = await submitted(server, 'arrival@example.com');
    const confirmed = await codeFor(app);
    const answer = await correct(app, confirmed, { estimatedArrivalDate: '2027-04-20' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().changes).toEqual([
      { field: 'estimatedArrivalDate', from: '2027-03-15', to: '2027-04-20' },
    ]);
    expect(await history(app.reqNum)).toEqual([
      { field: 'estimatedArrivalDate', old_value: '2027-03-15', new_value: '2027-04-20' },
    ]);
    const row = await server.database.db
      .selectFrom('application')
      .select(['draft', 'state'])
      .where('req_num', '=', app.reqNum)
      .executeTakeFirstOrThrow();
    expect(row.draft.bearerList[0]?.estimatedArrivalDate).toBe('2027-04-20');
    expect(row.state).toBe('submitted');
  });

  it('a passport number change is refused: a new application is needed', async () => {
    const app = await submitted(server, 'passport@example.com');
    const confirmed = await codeFor(app);
    const answer = await correct(app, confirmed, { passportNum: 'ZZ9999999' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      statusCode: 400,
      code: 'correctionNotAllowed',
      message: expect.stringMatching(/new application/),
    });
    expect(await history(app.reqNum)).toEqual([]);
  });

  it('a change the rules refuse is a 400 naming the rule, and nothing changes', async () => {
    const app = await submitted(server, 'past@example.com');
    const confirmed = await codeFor(app);
    const answer = await correct(app, confirmed, { estimatedArrivalDate: '2026-01-01' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'arrivalInPast' });
    expect(await history(app.reqNum)).toEqual([]);
  });

  it('a new e-mail address is confirmed by a code sent to the current one, never to the new one', async () => {
    const app = await submitted(server, 'typo@exmaple.com');
    const toCurrent = await codeFor(app);
    const answer = await correct(app, toCurrent, {
      reqMainEmailAddress: 'fixed@example.com',
      mobilePhoneNum: '12125559876',
    });
    expect(answer.statusCode).toBe(200);
    expect((await history(app.reqNum)).map((h) => h.field)).toEqual([
      'reqMainEmailAddress',
      'mobilePhoneNum',
    ]);
    const row = await server.database.db
      .selectFrom('application')
      .select('email')
      .where('req_num', '=', app.reqNum)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe('fixed@example.com');
    // The old address is told, with the new one masked.
    const notice = await mailTo(server, 'typo@exmaple.com', /contact e-mail address was changed/);
    expect(notice.text).toContain(app.reqNum);
    expect(notice.text).toContain('f•••@example.com');
    expect(notice.text).not.toContain('fixed@example.com');
    // Asking for a code with a new address still sends it to the current one (decision 048).
    expect(server.smtp.received.some((m) => m.to === 'fixed@example.com' && isCodeMail(m))).toBe(
      false,
    );
  });

  it('a wrong code changes nothing; a decided application cannot be corrected', async () => {
    const app = await submitted(server, 'decided@example.com');
    const confirmed = await codeFor(app);
    const wrong = confirmed.code === '000000' ? '111111' : '000000';
    const refused = await correct(
      app,
      { ...confirmed, code: wrong },
      { addressTownName: 'Boston' },
    );
    expect(refused.statusCode).toBe(400);
    expect(await history(app.reqNum)).toEqual([]);
    const row = await server.database.db
      .selectFrom('application')
      .select('id')
      .where('req_num', '=', app.reqNum)
      .executeTakeFirstOrThrow();
    await approve(server, row.id);
    const late = await correct(app, await codeFor(app), { addressTownName: 'Boston' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('alreadyDecided');
  });

  it('a field that is neither correctable nor locked is a 400, as is a wrong identity a 404', async () => {
    const app = await submitted(server, 'unknown@example.com');
    const confirmed = await codeFor(app);
    expect((await correct(app, confirmed, { reqTypeId: '1' })).statusCode).toBe(400);
    const stranger = { ...app, birthDate: '1991-01-01' };
    expect((await correct(stranger, confirmed, { addressTownName: 'X' })).statusCode).toBe(404);
  });

  it('an arrival date corrected in a case an officer has is screened again; a phone is not', async () => {
    const { lists } = await loadScreeningLists(screeningListPaths({}), referenceData.allcountry);
    const deps = { ...decisionDeps(server), lists };
    // A passport that expires a week after the visit's first planned fortnight.
    const app = await submitted(server, 'rescreen@example.com', {
      changes: { passportExpireDate: '2027-04-05' },
    });
    expect(await screenApplication(server.database.db, deps, app.id)).toBe('in_review');
    const hitsOf = async () => {
      const { hits } = await server.database.db
        .selectFrom('screening_result')
        .select('hits')
        .where('application_id', '=', app.id)
        .executeTakeFirstOrThrow();
      return (hits as { code: string }[]).map((hit) => hit.code);
    };
    expect(await hitsOf()).not.toContain('PASSPORT_EXPIRES_DURING_VISIT');
    const due = async () =>
      (
        await server.database.db
          .selectFrom('application')
          .select(['rescreen_due_at', 'state'])
          .where('id', '=', app.id)
          .executeTakeFirstOrThrow()
      ).rescreen_due_at;

    // Each commit that queues work wakes the background (db/transaction.ts): counted here.
    let wakes = 0;
    const stopCounting = onQueuedWork(server.database.db, () => {
      wakes++;
    });
    const wakesDuring = async (work: () => Promise<unknown>) => {
      const before = wakes;
      await work();
      return wakes - before;
    };

    // A phone number is not something screening reads: no new screening, nothing woken.
    const phoneCode = await codeFor(app);
    let phone: Awaited<ReturnType<typeof correct>> | undefined;
    expect(
      await wakesDuring(async () => {
        phone = await correct(app, phoneCode, { mobilePhoneNum: '12125550000' });
      }),
    ).toBe(0);
    expect(phone?.statusCode).toBe(200);
    expect(await due()).toBeNull();

    // A later arrival: the visit now ends after the passport expires. The background is woken
    // once the correction commits, not at its next minute's sweep.
    const laterCode = await codeFor(app);
    let later: Awaited<ReturnType<typeof correct>> | undefined;
    expect(
      await wakesDuring(async () => {
        later = await correct(app, laterCode, { estimatedArrivalDate: '2027-03-30' });
      }),
    ).toBe(1);
    stopCounting();
    expect(later?.statusCode).toBe(200);
    const asked = await due();
    expect(asked).toBeInstanceOf(Date);
    const filed = await applicationsAwaitingScreening(server.database.db);
    expect(filed).toContainEqual({ id: app.id, jobId: rescreenJobId(app.id, asked as Date) });

    expect(await screenApplication(server.database.db, deps, app.id)).toBe('rescreened');
    expect(await hitsOf()).toContain('PASSPORT_EXPIRES_DURING_VISIT');
    expect(await due()).toBeNull();
    const row = await server.database.db
      .selectFrom('application')
      .select('state')
      .where('id', '=', app.id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('in_review'); // still the officer's to decide
    expect(await screenApplication(server.database.db, deps, app.id)).toBe('skipped');
  });
});
