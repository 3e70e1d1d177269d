// Issue 26 item 7: a traveller's session ends when it submits its application. Its token (and any
// renewal of the same session, taken before or after) can no longer submit again with another
// Idempotency-Key, upload or read a photo, save for later, check a passport country or be renewed:
// each is 401 with its own message. The retry of the submission itself (same key, same body)
// still gets its first answer, and nobody else's session is touched.
import { messageText, SESSION_ABSOLUTE_MS, withBearer } from '@eta-il/domain';
import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Applicant,
  applicant,
  jpegImage,
  newSession,
  submit,
  uploadPhoto,
} from '../application.ts';
import { DATABASES, eventually, STARTUP_MS, startTestServer, type TestServer } from '../harness.ts';

/** Each test verifies addresses and uploads photos: room for a busy machine. */
const TEST_MS = 120_000;

const expectSubmitted = (answer: LightMyRequestResponse) => {
  expect(answer.statusCode).toBe(401);
  expect(answer.json()).toEqual({
    statusCode: 401,
    code: 'sessionSubmitted',
    message: messageText('sessionSubmitted'),
  });
};

describe.each(DATABASES)('a session ends with its submission, on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind });
  }, STARTUP_MS);
  afterAll(async () => {
    await server.close();
  });

  const renew = (token: string, email: string) =>
    server.request({
      method: 'POST',
      url: '/api/deletecognitouser',
      headers: { 'auth-token': token },
      payload: { email, render: 'refreshToken' },
    });
  /** The token renewed a minute later (a renewal in the same second would be the same text). */
  const renewed = async (person: Applicant) => {
    server.clock.advance(60_000);
    const answer = await renew(person.token, person.email);
    expect(answer.statusCode).toBe(200);
    return answer.json().body.idToken as string;
  };
  const saveForLater = (token: string, person: Applicant) =>
    server.request({
      method: 'POST',
      url: '/api/saved-application',
      headers: { 'auth-token': token },
      payload: { draft: person.draft() },
    });
  const readPhoto = (token: string, photoId: string) =>
    server.request({
      method: 'GET',
      url: `/api/photo/${photoId}`,
      headers: { 'auth-token': token },
    });
  const checkCountry = (token: string) =>
    server.request({
      method: 'POST',
      url: '/api/requestcountryfirststep',
      headers: { 'auth-token': token },
      payload: { EXT_COUNTRY_ID: 840, biometric: false, Passport_type_for_visa: 'P' },
    });
  const stored = async (email: string) =>
    (
      await server.database.db
        .selectFrom('application')
        .select('id')
        .where('email', '=', email)
        .execute()
    ).length;
  const key = (label: string) => ({ 'idempotency-key': `${label}-${kind}-key` });

  it(
    'the token that submitted cannot submit again with a new key, upload, read, save, check or renew',
    async () => {
      const ann = await applicant(server, `ann.${kind}@example.com`);
      // Before the submission, every one of these works (the control).
      expect((await saveForLater(ann.token, ann)).statusCode).toBe(201);
      expect((await checkCountry(ann.token)).statusCode).toBe(200);
      expect((await submit(server, ann.token, ann.draft(), key('ann-1'))).statusCode).toBe(200);

      expectSubmitted(await submit(server, ann.token, ann.draft(), key('ann-2')));
      expectSubmitted(await submit(server, ann.token, ann.draft()));
      expectSubmitted(await uploadPhoto(server, ann.token, await jpegImage()));
      expectSubmitted(await readPhoto(ann.token, ann.photoId));
      expectSubmitted(await saveForLater(ann.token, ann));
      expectSubmitted(await checkCountry(ann.token));
      expectSubmitted(await renew(ann.token, ann.email));
      expect(await stored(ann.email)).toBe(1);
    },
    TEST_MS,
  );

  it(
    'a copy renewed before the submission is refused too, and so is its own renewal',
    async () => {
      const ben = await applicant(server, `ben.${kind}@example.com`);
      const copy = await renewed(ben);
      expect(copy).not.toBe(ben.token);
      expect((await submit(server, ben.token, ben.draft(), key('ben-1'))).statusCode).toBe(200);
      expectSubmitted(await submit(server, copy, ben.draft(), key('ben-2')));
      expectSubmitted(await uploadPhoto(server, copy, await jpegImage()));
      expectSubmitted(await renew(copy, ben.email));
      expect(await stored(ben.email)).toBe(1);
    },
    TEST_MS,
  );

  it(
    'a renewed copy that submits ends the first token as well',
    async () => {
      const cai = await applicant(server, `cai.${kind}@example.com`);
      const copy = await renewed(cai);
      expect((await submit(server, copy, cai.draft(), key('cai-1'))).statusCode).toBe(200);
      expectSubmitted(await submit(server, cai.token, cai.draft(), key('cai-2')));
      expectSubmitted(await renew(cai.token, cai.email));
    },
    TEST_MS,
  );

  it(
    'the retry of the submission (same key, same draft) still answers its receipt',
    async () => {
      const dov = await applicant(server, `dov.${kind}@example.com`);
      const copy = await renewed(dov);
      const first = await submit(server, dov.token, dov.draft(), key('dov'));
      expect(first.statusCode).toBe(200);
      const again = await submit(server, dov.token, dov.draft(), key('dov'));
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      // From a copy renewed before: it is the same session's retry.
      const fromCopy = await submit(server, copy, dov.draft(), key('dov'));
      expect(fromCopy.statusCode).toBe(200);
      expect(fromCopy.json()).toEqual(first.json());
      expect(await stored(dov.email)).toBe(1);
    },
    TEST_MS,
  );

  it(
    'a refused draft from an ended session is 401, not the refusal',
    async () => {
      const eli = await applicant(server, `eli.${kind}@example.com`);
      expect((await submit(server, eli.token, eli.draft(), key('eli-1'))).statusCode).toBe(200);
      expectSubmitted(
        await submit(server, eli.token, { ...eli.draft(), reqMainEmailAddress: 'x@example.com' }),
      );
      expectSubmitted(await submit(server, eli.token, {}));
      expectSubmitted(
        await submit(server, eli.token, eli.draft(), { 'idempotency-key': 'bad key' }),
      );
      // The same key with another draft (a conflict for a live session) is the ended session's 401.
      const changed = withBearer(eli.draft(), { estimatedArrivalDate: '2027-04-01' });
      expectSubmitted(await submit(server, eli.token, changed, key('eli-1')));
    },
    TEST_MS,
  );

  it(
    'two submissions of one session at once, with different keys: one is stored, the other 401',
    async () => {
      const fay = await applicant(server, `fay.${kind}@example.com`);
      const answers = await Promise.all([
        submit(server, fay.token, fay.draft(), key('fay-1')),
        submit(server, fay.token, fay.draft(), key('fay-2')),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
      expectSubmitted(answers.find((a) => a.statusCode === 401)!);
      expect(await stored(fay.email)).toBe(1);
      // The losing key was rolled back with its transaction: nothing is recorded under it.
      const keys = await server.database.db
        .selectFrom('idempotency_key')
        .select('key')
        .where('email', '=', fay.email)
        .execute();
      expect(keys).toHaveLength(1);
    },
    TEST_MS,
  );

  it(
    'five submissions of one session at once, without a key: one is stored and acknowledged once',
    async () => {
      const jon = await applicant(server, `jon.${kind}@example.com`);
      const answers = await Promise.all(
        [1, 2, 3, 4, 5].map(() => submit(server, jon.token, jon.draft())),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401, 401, 401]);
      for (const refused of answers.filter((a) => a.statusCode === 401)) expectSubmitted(refused);
      expect(await stored(jon.email)).toBe(1);
      // The losers' applications and e-mails went back with their statements: one
      // acknowledgement arrives, for the stored number.
      const reqNum = answers.find((a) => a.statusCode === 200)!.json().ReqNum as string;
      const acknowledgements = () =>
        server.smtp.received.filter(
          (m) => m.to === jon.email && /\bIL-\w{4}-\w{4}\b/.test(m.subject),
        );
      await eventually(() => (acknowledgements().length > 0 ? true : undefined));
      expect(acknowledgements().map((m) => m.subject.includes(reqNum))).toEqual([true]);
    },
    TEST_MS,
  );

  it(
    "another traveller's session, and the same traveller's next session, are unaffected",
    async () => {
      const gil = await applicant(server, `gil.${kind}@example.com`);
      const hana = await applicant(server, `hana.${kind}@example.com`);
      expect((await submit(server, gil.token, gil.draft(), key('gil-1'))).statusCode).toBe(200);
      expect((await uploadPhoto(server, hana.token, await jpegImage())).statusCode).toBe(200);
      expect((await renew(hana.token, hana.email)).statusCode).toBe(200);
      expect((await submit(server, hana.token, hana.draft(), key('hana-1'))).statusCode).toBe(200);
      // Gil confirms a new code: a new session, which may apply again.
      const next = await newSession(server, gil.email);
      expect((await submit(server, next, gil.draft(), key('gil-2'))).statusCode).toBe(200);
      expect(await stored(gil.email)).toBe(2);
    },
    TEST_MS,
  );

  it(
    'the revocation is stored by session id (never the token) until the session could end anyway',
    async () => {
      const ida = await applicant(server, `ida.${kind}@example.com`);
      const before = await server.database.db
        .selectFrom('revoked_session')
        .select('session_id')
        .execute();
      expect((await submit(server, ida.token, ida.draft(), key('ida'))).statusCode).toBe(200);
      const rows = await server.database.db.selectFrom('revoked_session').selectAll().execute();
      const added = rows.filter((r) => !before.some((b) => b.session_id === r.session_id));
      expect(added).toHaveLength(1);
      const claims = decodeJwt(ida.token);
      expect(added[0]?.session_id).toBe(claims.sid);
      expect(JSON.stringify(rows)).not.toContain(ida.token);
      expect(JSON.stringify(rows)).not.toContain(ida.email);
      expect(added[0]?.expires_at.getTime()).toBe(
        (claims.auth_time as number) * 1000 + SESSION_ABSOLUTE_MS,
      );
    },
    TEST_MS,
  );
});
