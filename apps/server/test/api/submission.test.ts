// POST /api/senddatamarom (SPEC §4, §7), auth-token required: the whole jsonForm draft. The
// server runs every rule of SPEC §5 again, so a browser that is bypassed gains nothing; a valid
// draft is stored, acknowledged by e-mail, and an Idempotency-Key makes a repeat harmless.
import { type MessageId, messageText, withBearer } from '@eta-il/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_NUMBER_PATTERN } from '../../src/api/submission/application-number.ts';
import { type Applicant, applicant, newSession, submit, unfoldMail } from '../application.ts';
import { DATABASES, eventually, isCodeMail, startTestServer, type TestServer } from '../harness.ts';
import { RULES, WARNINGS } from './submission-rules.ts';

interface Refusal {
  statusCode: number;
  message: string;
  body: string;
}
interface Issue {
  field: string;
  message: MessageId;
  severity: string;
  step: string;
  text: string;
}
const issuesOf = (body: string): Issue[] =>
  (JSON.parse(JSON.parse(body).body) as { issues: Issue[] }).issues;

describe.each(DATABASES)('submission on %s', (kind) => {
  let server: TestServer;
  let jane: Applicant;
  beforeAll(async () => {
    server = await startTestServer({ kind });
    jane = await applicant(server, 'jane.doe@example.com');
  });
  afterAll(async () => {
    await server.close();
  });

  const applicationRows = (email: string) =>
    server.database.db
      .selectFrom('application')
      .select([
        'req_num',
        'state',
        'email',
        'passport_num',
        'passport_country_id',
        'first_name',
        'last_name',
        sql<string>`birth_date::text`.as('birth_date'),
        sql<string>`arrival_date::text`.as('arrival_date'),
        'photo_id',
        'draft',
      ])
      .where('email', '=', email)
      .execute();

  it('§7 a valid draft is 200 with statusCode, ReqNum, firstName, familyName, emailAddress', async () => {
    const answer = await submit(server, await newSession(server, jane.email), jane.draft());
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({
      statusCode: 200,
      firstName: 'JANE MARY',
      familyName: 'DOE',
      emailAddress: 'jane.doe@example.com',
    });
    expect(body.ReqNum).toMatch(APPLICATION_NUMBER_PATTERN);
    expect(typeof body.message).toBe('string');
  });

  it('stores the application: the indexed columns, state awaiting_payment (the fee is due), and the whole draft', async () => {
    const nina = await applicant(server, 'nina@example.com');
    const draft = nina.draft();
    const answer = await submit(server, nina.token, draft);
    expect(answer.statusCode).toBe(200);
    const rows = await applicationRows('nina@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual({
      req_num: answer.json().ReqNum,
      state: 'awaiting_payment',
      email: 'nina@example.com',
      passport_num: 'AB1234567',
      passport_country_id: 840,
      first_name: 'JANE MARY',
      last_name: 'DOE',
      birth_date: '1990-07-04',
      arrival_date: '2027-03-15',
      photo_id: nina.photoId,
      // The stored draft's request status (8 Awaiting payment) mirrors the state (decision 017).
      draft: { ...draft, reqStatusId: { id: 8, Description: 'Awaiting payment' } },
    });
  });

  it('e-mails the acknowledgement with the application number over SMTP', async () => {
    const omar = await applicant(server, 'omar@example.com');
    const { ReqNum } = (await submit(server, omar.token, omar.draft())).json();
    const mail = await eventually(() =>
      server.smtp.received.find(
        (m) => m.to === 'omar@example.com' && unfoldMail(m.raw).includes(ReqNum),
      ),
    );
    expect(unfoldMail(mail.raw)).toContain(`We received your ETA-IL application ${ReqNum}`);
  });

  it('no auth-token is 401; a bad one is 401', async () => {
    for (const token of [undefined, 'bad-token']) {
      const answer = await submit(server, token, jane.draft());
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({
        statusCode: 401,
        message: messageText('tokenInvalid'),
      });
    }
  });

  it.each([
    ['{}', '{}'],
    ['null', 'null'],
    ['an empty JSON string', '""'],
  ])('§4 a body of %s is 403 "Data is required"', async (_, payload) => {
    const answer = await server.request({
      method: 'POST',
      url: '/api/senddatamarom',
      headers: {
        'content-type': 'application/json',
        'auth-token': await newSession(server, jane.email),
      },
      payload,
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ statusCode: 403, message: 'Data is required' });
  });

  it('§4 no body at all is 403 "Data is required"', async () => {
    for (const headers of [{}, { 'content-type': 'application/json' }]) {
      const answer = await server.request({
        method: 'POST',
        url: '/api/senddatamarom',
        headers: { 'auth-token': await newSession(server, jane.email), ...headers },
      });
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ statusCode: 403, message: 'Data is required' });
    }
  });

  it('a draft for another address than the verified one is 403', async () => {
    const answer = await submit(server, await newSession(server, jane.email), {
      ...jane.draft(),
      reqMainEmailAddress: 'someone.else@example.com',
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ statusCode: 403, message: messageText('emailNotVerified') });
  });

  it('the verified address in other letter case is the same address', async () => {
    const answer = await submit(server, await newSession(server, jane.email), {
      ...jane.draft(),
      reqMainEmailAddress: 'Jane.Doe@Example.COM',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().emailAddress).toBe('jane.doe@example.com');
  });

  it("another person's photoId is 400 photoNotFound; so is one that does not exist", async () => {
    const paul = await applicant(server, 'paul@example.com');
    for (const photoId of [paul.photoId, '123e4567-e89b-12d3-a456-426614174000']) {
      const answer = await submit(
        server,
        await newSession(server, jane.email),
        withBearer(jane.draft(), { photoId }),
      );
      expect(answer.statusCode).toBe(400);
      expect(answer.json().statusCode).toBe(400);
      expect(issuesOf(answer.body)).toEqual([
        expect.objectContaining({ field: 'photoId', message: 'photoNotFound' }),
      ]);
    }
    expect(await applicationRows('paul@example.com')).toHaveLength(0);
  });

  describe('§5 every blocking rule holds when the browser is bypassed', () => {
    let storedBefore: number;
    beforeAll(async () => {
      storedBefore = (await applicationRows(jane.email)).length;
    });

    it.each(RULES)('$field: $name → 400 $message', async ({ field, message, change }) => {
      const answer = await submit(
        server,
        await newSession(server, jane.email),
        change(jane.draft()),
      );
      expect(answer.statusCode).toBe(400);
      const refusal = answer.json() as Refusal;
      expect(refusal.statusCode).toBe(400);
      const issues = issuesOf(answer.body);
      expect(issues).toContainEqual(
        expect.objectContaining({ field, message, severity: 'error', text: messageText(message) }),
      );
      expect(refusal.message).toBe(issues[0]?.text);
    });

    it('the table covers at least 30 rules, and nothing refused was stored', async () => {
      expect(RULES.length).toBeGreaterThanOrEqual(30);
      expect(await applicationRows(jane.email)).toHaveLength(storedBefore);
    });
  });

  it.each(WARNINGS)('§4 a warning does not block: %s → 200', async (_, change) => {
    const answer = await submit(server, await newSession(server, jane.email), change(jane.draft()));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().ReqNum).toMatch(APPLICATION_NUMBER_PATTERN);
  });

  describe("dates that depend on today allow for the applicant's time zone (X-Time-Zone)", () => {
    // The server's clock: 2026-11-22 09:00 UTC, already the 22nd in Jerusalem, still the 21st in
    // Honolulu.
    const arrivingOnThe21st = () =>
      withBearer(jane.draft(), { estimatedArrivalDate: '2026-11-21' });

    it('arrival on the 21st is in the past for the default zone (Asia/Jerusalem)', async () => {
      const answer = await submit(
        server,
        await newSession(server, jane.email),
        arrivingOnThe21st(),
      );
      expect(answer.statusCode).toBe(400);
      expect(issuesOf(answer.body)).toContainEqual(
        expect.objectContaining({ field: 'dayEstimatedAarrivalDate', message: 'arrivalInPast' }),
      );
    });

    it('…and today for an applicant in Pacific/Honolulu', async () => {
      const answer = await submit(
        server,
        await newSession(server, jane.email),
        arrivingOnThe21st(),
        {
          'x-time-zone': 'Pacific/Honolulu',
        },
      );
      expect(answer.statusCode).toBe(200);
    });

    it('an unknown zone falls back to the default', async () => {
      const answer = await submit(
        server,
        await newSession(server, jane.email),
        arrivingOnThe21st(),
        {
          'x-time-zone': 'Mars/Olympus_Mons',
        },
      );
      expect(answer.statusCode).toBe(400);
    });
  });

  describe('Idempotency-Key', () => {
    it('the same key twice answers the same ReqNum and stores one application', async () => {
      const ruth = await applicant(server, 'ruth@example.com');
      const headers = { 'idempotency-key': 'ruth-key-0001' };
      const first = await submit(server, ruth.token, ruth.draft(), headers);
      const second = await submit(server, ruth.token, ruth.draft(), headers);
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(second.json()).toEqual(first.json());
      expect(await applicationRows('ruth@example.com')).toHaveLength(1);
      await server.background.drained();
      const acknowledgements = server.smtp.received.filter(
        (mail) => mail.to === 'ruth@example.com' && !isCodeMail(mail),
      );
      expect(acknowledgements).toHaveLength(1);
    });

    it('two concurrent submissions with one key store one application, both answer its ReqNum', async () => {
      const sam = await applicant(server, 'sam@example.com');
      const headers = { 'idempotency-key': 'sam-concurrent-key' };
      const answers = await Promise.all([
        submit(server, sam.token, sam.draft(), headers),
        submit(server, sam.token, sam.draft(), headers),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const [a, b] = answers.map((x) => x.json().ReqNum as string);
      expect(a).toMatch(APPLICATION_NUMBER_PATTERN);
      expect(b).toBe(a);
      const rows = await applicationRows('sam@example.com');
      expect(rows.map((r) => r.req_num)).toEqual([a]);
    });

    it('the same key with a different draft is 422 and stores nothing new', async () => {
      const tom = await applicant(server, 'tom@example.com');
      const headers = { 'idempotency-key': 'tom-key-00000001' };
      expect((await submit(server, tom.token, tom.draft(), headers)).statusCode).toBe(200);
      const changed = withBearer(tom.draft(), { estimatedArrivalDate: '2027-04-01' });
      // Tom's session has submitted: from it, only the replay is answered (issue 26).
      const revoked = await submit(server, tom.token, changed, headers);
      expect(revoked.statusCode).toBe(401);
      expect(revoked.json()).toMatchObject({ statusCode: 401, code: 'sessionSubmitted' });
      const answer = await submit(server, await newSession(server, tom.email), changed, headers);
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toEqual({
        statusCode: 422,
        message: messageText('idempotencyConflict'),
      });
      expect(await applicationRows('tom@example.com')).toHaveLength(1);
    });

    it("another person's key is 422, not their answer", async () => {
      const uma = await applicant(server, 'uma@example.com');
      const vic = await applicant(server, 'vic@example.com');
      const headers = { 'idempotency-key': 'shared-key-0000001' };
      expect((await submit(server, uma.token, uma.draft(), headers)).statusCode).toBe(200);
      const answer = await submit(server, vic.token, vic.draft(), headers);
      expect(answer.statusCode).toBe(422);
      expect(answer.body).not.toContain('uma@example.com');
    });

    it.each([
      ['too short', 'short'],
      ['with a space', 'key with space'],
      ['of 129 characters', 'k'.repeat(129)],
      ['with a slash', 'abc/defgh'],
    ])('a malformed key (%s) is 400 with a message', async (_, key) => {
      const answer = await submit(server, await newSession(server, jane.email), jane.draft(), {
        'idempotency-key': key,
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toMatch(/Idempotency-Key/);
    });
  });

  it('every POST needs the XSRF header matching the cookie', async () => {
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/senddatamarom',
      headers: { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abd', 'auth-token': jane.token },
      payload: jane.draft(),
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().code).toBe('xsrfMissing');
  });
});
