// Issue 9: the server stores only the canonical record. Each forged draft of the domain's table
// is refused with a 400 naming the field and nothing is stored, or it is stored in canonical form:
// the test reads the stored row back from the database, the whole jsonForm and its indexed columns.
import { bearerOf, REQUEST_STATUS_OF } from '@eta-il/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asJson, FORGED_DRAFTS } from '../../../../packages/domain/test/forged-drafts.ts';
import { type Applicant, applicant, newSession, submit } from '../application.ts';
import { DATABASES, startTestServer, type TestServer } from '../harness.ts';

const AWAITING_PAYMENT = REQUEST_STATUS_OF.awaiting_payment;

interface Issue {
  field: string;
  message: string;
  severity: string;
}

describe.each(DATABASES)('forged drafts on %s', (kind) => {
  let server: TestServer;
  let jane: Applicant;
  beforeAll(async () => {
    server = await startTestServer({ kind });
    jane = await applicant(server, 'jane.doe@example.com');
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  const storedRow = (reqNum: string) =>
    server.database.db
      .selectFrom('application')
      .select([
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
      .where('req_num', '=', reqNum)
      .executeTakeFirstOrThrow();
  const count = async () =>
    Number(
      (await sql<{ n: string }>`SELECT count(*) AS n FROM application`.execute(server.database.db))
        .rows[0]?.n,
    );

  it.each(FORGED_DRAFTS)('$name', async ({ forge, outcome }) => {
    const before = await count();
    const answer = await submit(
      server,
      await newSession(server, jane.email),
      forge(asJson(jane.draft())),
    );
    const body = answer.json() as { statusCode: number; body: string; ReqNum?: string };
    expect(body.statusCode).toBe(answer.statusCode);

    if ('refused' in outcome) {
      expect(answer.statusCode).toBe(400);
      const { issues } = JSON.parse(body.body) as { issues: Issue[] };
      expect(issues).toContainEqual(
        expect.objectContaining({ ...outcome.refused, severity: 'error' }),
      );
      expect(await count()).toBe(before);
      return;
    }

    expect(answer.statusCode).toBe(200);
    // Stored while its fee is due (issue 27): the jsonForm's status mirrors that state.
    const expected = { ...outcome.stored(jane.draft()), reqStatusId: AWAITING_PAYMENT };
    const row = await storedRow(body.ReqNum!);
    expect(row.draft).toEqual(expected);
    const bearer = bearerOf(expected);
    expect(row).toMatchObject({
      state: 'awaiting_payment',
      email: jane.email,
      passport_num: bearer.passportNum,
      passport_country_id: bearer.passportCountryId?.id,
      first_name: bearer.firstName,
      last_name: bearer.lastName,
      birth_date: bearer.birthDate,
      arrival_date: bearer.estimatedArrivalDate,
      photo_id: jane.photoId,
    });
    // Nothing of the forgery is anywhere in the stored text.
    expect(JSON.stringify(row.draft)).not.toMatch(/<|>|Approved|approvedByOfficer|AAAAAAAAAA/);
  });
});
