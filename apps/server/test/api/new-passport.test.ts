// A new passport (issue 31 item 4, decision 057): from the status page, with the three facts and
// a code of purpose 'newPassport', an approved traveller gets a new application filled in with the
// new passport; its submission names the application it replaces. The old authorization holds
// while the new one is pending (/verify and the carriers' check), ends when the new one is
// approved ('replaced': carriers see no authorization), and holds if the new one is refused.
import { type ApplicationDraft, bearerOf, type RenewalOpened } from '@eta-il/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validDraft } from '../../../../packages/domain/test/fixtures.ts';
import { jpegImage, payFee, submit, uploadPhoto } from '../application.ts';
import {
  type CarrierTestServer,
  check,
  FLIGHT,
  newCarrier,
  startCarrierServer,
} from '../carrier/support.ts';
import {
  approve,
  drive,
  identity,
  SETUP_MS,
  type Submitted,
  submitted,
} from '../decisions/support.ts';
import { codeIn, DATABASES, eventually, isCodeMail } from '../harness.ts';
import { completedRenewal } from './renewal-support.ts';

const USA = bearerOf(validDraft()).passportCountryId?.id ?? 0;
const NEW_PASSPORT = {
  passportCountryId: USA,
  passportIssueDate: '2026-10-01',
  passportExpireDate: '2036-09-30',
};

describe.each(DATABASES)('a new passport on %s', (kind) => {
  let server: CarrierTestServer;
  let carrierKey: string;
  beforeAll(async () => {
    server = await startCarrierServer(kind);
    carrierKey = (await newCarrier(server)).key;
  }, SETUP_MS);
  afterAll(() => server?.close());

  const post = (url: string, payload: object) => server.request({ method: 'POST', url, payload });

  /** Asks for a code of `purpose`'s route for the application and reads it from the mail. */
  const codeFor = async (path: string, app: Submitted) => {
    server.clock.advance(31_000);
    const codeMails = () => server.smtp.received.filter((m) => m.to === app.email && isCodeMail(m));
    const before = codeMails().length;
    const sent = await post(path, identity(app));
    expect(sent.statusCode).toBe(200);
    const mail = await eventually(() => codeMails()[before]);
    return { code: codeIn(mail) ?? '', timestamp: sent.json().timestamp as number };
  };

  const approvedApplication = async (email: string, passportNum: string) => {
    const app = await submitted(server, email, { changes: { passportNum } });
    await approve(server, app.id);
    return app;
  };

  /**
   * The new passport's application, opened from the status page and submitted (and paid);
   * `edit` changes what the browser sends, as a traveller (or an attacker) may.
   */
  const newPassportApplication = async (
    old: Submitted,
    passportNum: string,
    edit: (draft: ApplicationDraft) => ApplicationDraft = (draft) => draft,
  ) => {
    const code = await codeFor('/api/status/new-passport/code', old);
    const opened = await post('/api/status/new-passport', {
      ...identity(old),
      ...code,
      newPassport: { ...NEW_PASSPORT, passportNum },
    });
    expect(opened.statusCode).toBe(200);
    const body = opened.json() as RenewalOpened;
    const photo = await uploadPhoto(server, body.idToken, await jpegImage());
    const sent = edit(completedRenewal(body.draft, photo.json().photoId));
    const answer = await submit(server, body.idToken, sent);
    expect(answer.statusCode).toBe(200);
    const row = await server.database.db
      .selectFrom('application')
      .select(['id', 'replaces_application_id'])
      .where('req_num', '=', answer.json().ReqNum)
      .executeTakeFirstOrThrow();
    const replacement: Submitted = {
      id: row.id,
      reqNum: answer.json().ReqNum,
      email: old.email,
      passportNumber: passportNum,
      birthDate: bearerOf(sent).birthDate,
    };
    await payFee(server, identity(replacement));
    return { replacement, replaces: row.replaces_application_id, draft: body.draft };
  };

  const stateOf = async (id: string) =>
    (
      await server.database.db
        .selectFrom('application')
        .select('state')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).state;

  const verified = async (app: Submitted) =>
    (
      await post('/api/verify', {
        applicationNumber: app.reqNum,
        passportNumber: app.passportNumber,
      })
    ).json().valid as boolean;

  const boarding = async (passportNum: string) => {
    const answer = await check(server, carrierKey, {
      flight: { ...FLIGHT, departureDate: '2027-04-15' },
      passengers: [
        {
          reference: 'P1',
          documentNumber: passportNum,
          issuingCountry: 'USA',
          nationality: 'USA',
          birthDate: '1990-07-04',
          surname: 'DOE',
          givenNames: 'JANE MARY',
        },
      ],
    });
    expect(answer.statusCode).toBe(200);
    const [result] = answer.json().results;
    return [result.answer, result.reason ?? null];
  };

  it('opens a filled-in application with the new passport; the old one ends only when the new one is approved', async () => {
    const old = await approvedApplication('new.passport@example.com', 'OLD100001');
    const { replacement, replaces, draft } = await newPassportApplication(old, 'NEW100001');
    const bearer = bearerOf(draft);
    expect(bearer.passportNum).toBe('NEW100001');
    expect(bearer.passportExpireDate).toBe('2036-09-30');
    expect(bearer.firstName).toBe(bearerOf(validDraft()).firstName);
    expect(bearer.estimatedArrivalDate).toBe('');
    expect(replaces).toBe(old.id);

    // Pending: the old authorization still holds.
    expect(await stateOf(replacement.id)).toBe('submitted');
    expect(await stateOf(old.id)).toBe('approved');
    expect(await verified(old)).toBe(true);
    expect(await boarding('OLD100001')).toEqual(['OK', null]);
    expect((await post('/api/status', identity(old))).json().documentUrl).toMatch(
      /^\/api\/document\//,
    );

    // Approved: the old one is replaced, in the same move.
    await approve(server, replacement.id);
    expect(await stateOf(old.id)).toBe('replaced');
    expect(await verified(old)).toBe(false);
    expect(await boarding('OLD100001')).toEqual(['NO_BOARD', 'NO_AUTHORIZATION']);
    const status = (await post('/api/status', identity(old))).json();
    expect(status.status).toBe('replaced');
    expect(status.documentUrl).toBeUndefined();
    expect(await verified(replacement)).toBe(true);
    expect(await boarding('NEW100001')).toEqual(['OK', null]);
    const moves = await server.database.db
      .selectFrom('application_transition')
      .select(['from_state', 'to_state', 'actor_kind'])
      .where('application_id', '=', old.id)
      .where('to_state', '=', 'replaced')
      .execute();
    expect(moves).toEqual([{ from_state: 'approved', to_state: 'replaced', actor_kind: 'system' }]);
  });

  it('a refused new application leaves the old authorization valid', async () => {
    const old = await approvedApplication('refused.new@example.com', 'OLD200002');
    const { replacement, replaces } = await newPassportApplication(old, 'NEW200002');
    expect(replaces).toBe(old.id);
    await drive(server, replacement.id, [
      ['startScreening'],
      ['screeningHit', ['watchlist']],
      ['refuse', ['securityConcern']],
    ]);
    expect(await stateOf(replacement.id)).toBe('refused');
    expect(await stateOf(old.id)).toBe('approved');
    expect(await verified(old)).toBe(true);
    expect(await boarding('OLD200002')).toEqual(['OK', null]);
  });

  it('a new application for someone else (another birth date) never ends the old authorization', async () => {
    const old = await approvedApplication('other.person@example.com', 'OLD600006');
    const { replacement, replaces } = await newPassportApplication(old, 'NEW600006', (draft) => ({
      ...draft,
      bearerList: draft.bearerList.map((b) => ({ ...b, birthDate: '1971-02-03' })),
    }));
    expect(replacement.birthDate).toBe('1971-02-03');
    expect(replaces).toBeNull();
    await approve(server, replacement.id);
    expect(await stateOf(replacement.id)).toBe('approved');
    expect(await stateOf(old.id)).toBe('approved');
    expect(await verified(old)).toBe(true);
    expect(await boarding('OLD600006')).toEqual(['OK', null]);
  });

  it('a withdrawn new application leaves the old authorization valid', async () => {
    const old = await approvedApplication('withdrawn.new@example.com', 'OLD300003');
    const { replacement } = await newPassportApplication(old, 'NEW300003');
    await drive(server, replacement.id, [['withdraw']]);
    expect(await stateOf(old.id)).toBe('approved');
    expect(await verified(old)).toBe(true);
  });

  it('only for an approved authorization: a pending application is 409, an unknown one 404', async () => {
    const pending = await submitted(server, 'pending.new@example.com', {
      changes: { passportNum: 'OLD400004' },
    });
    const sent = await post('/api/status/new-passport/code', identity(pending));
    expect(sent.statusCode).toBe(409);
    expect(sent.json()).toMatchObject({ statusCode: 409, code: 'newPassportNotAuthorized' });
    const unknown = await post('/api/status/new-passport/code', {
      ...identity(pending),
      passportNumber: 'ZZ0000000',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("the code is bound to 'newPassport'; a wrong new passport is refused at its field before the code is used", async () => {
    const old = await approvedApplication('code.new@example.com', 'OLD500005');
    const withdrawCode = await codeFor('/api/status/withdraw/code', old);
    const withOther = await post('/api/status/new-passport', {
      ...identity(old),
      ...withdrawCode,
      newPassport: { ...NEW_PASSPORT, passportNum: 'NEW500005' },
    });
    expect(withOther.statusCode).toBe(400);
    // No code of purpose 'newPassport' was sent for it: as if none were live.
    expect(withOther.json().code).toBe('codeExpired');

    const code = await codeFor('/api/status/new-passport/code', old);
    const expired = await post('/api/status/new-passport', {
      ...identity(old),
      ...code,
      newPassport: { ...NEW_PASSPORT, passportNum: 'NEW500005', passportExpireDate: '2026-01-01' },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({
      code: 'expiryInPast',
      field: 'newPassport.passportExpireDate',
    });
    const badCountry = await post('/api/status/new-passport', {
      ...identity(old),
      ...code,
      newPassport: { ...NEW_PASSPORT, passportNum: 'NEW500005', passportCountryId: 999_999 },
    });
    expect(badCountry.statusCode).toBe(400);
    expect(badCountry.json().field).toBe('newPassport.passportCountryId');
    // The code was not used by the refusals: it still opens the application.
    const opened = await post('/api/status/new-passport', {
      ...identity(old),
      ...code,
      newPassport: { ...NEW_PASSPORT, passportNum: 'NEW500005' },
    });
    expect(opened.statusCode).toBe(200);
    expect(await stateOf(old.id)).toBe('approved');
  });
});
