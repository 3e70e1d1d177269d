// Phones as people type them (issue 25 item 6, decision 041), when the browser is bypassed: the
// submission and the /status correction read a national number (leading 0) in the passport's
// country and store the international number's digits (SPEC §5); a number that is not possible
// for its country is a 400 naming the field, the rule and the country.
import { messageText, withBearer } from '@eta-il/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDraft, passportCountryChoice } from '../../../../packages/domain/test/fixtures.ts';
import { applicant, submit } from '../application.ts';
import { HIGH_LIMITS, identity, SETUP_MS, submitted } from '../decisions/support.ts';
import {
  codeIn,
  DATABASES,
  eventually,
  isCodeMail,
  startTestServer,
  type TestServer,
} from '../harness.ts';

const BRITISH_PASSPORT = { id: 826, COUNTRY_CODE: 'GBR', Description: 'United Kingdom' };
const NOT_POSSIBLE_IN_GB = messageText('phoneNotPossible', { country: 'GB' });

interface Refused {
  statusCode: number;
  message: string;
  code?: string;
  body?: string;
  issues?: { field: string; message: string; values?: { country: string }; text: string }[];
}

describe.each(DATABASES)('phones on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind, services: { rateLimits: HIGH_LIMITS } });
  }, SETUP_MS);
  afterAll(async () => {
    await server.close();
  });

  const storedBearer = async (email: string) => {
    const row = await server.database.db
      .selectFrom('application')
      .select('draft')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return row.draft.bearerList[0];
  };

  /** A traveller with a British passport, their phones as given. */
  const britishDraft = (email: string, photoId: string, phones: Record<string, string>) => ({
    ...withBearer(
      buildDraft({
        passport: { passportCountryId: passportCountryChoice('GBR') },
        personal: { anotherNationalityArray: [] },
      }),
      { photoId, ...phones },
    ),
    reqMainEmailAddress: email,
  });

  describe('the submission', () => {
    it('UK national with a British passport: 07700900123 is stored as 447700900123', async () => {
      const person = await applicant(server, 'uk.national@example.com');
      const draft = britishDraft(person.email, person.photoId, {
        mobilePhoneNum: '07700900123',
        homePhoneNum: '02079460958',
      });
      const answer = await submit(server, person.token, draft);
      expect(answer.statusCode, answer.body).toBe(200);
      const bearer = await storedBearer(person.email);
      expect(bearer?.mobilePhoneNum).toBe('447700900123');
      expect(bearer?.homePhoneNum).toBe('442079460958');
    });

    it('US and Israeli numbers in international form are stored as they are', async () => {
      const person = await applicant(server, 'us.israeli@example.com');
      const draft = britishDraft(person.email, person.photoId, {
        mobilePhoneNum: '12125551234',
        homePhoneNum: '972501234567',
      });
      expect((await submit(server, person.token, draft)).statusCode).toBe(200);
      const bearer = await storedBearer(person.email);
      expect(bearer?.mobilePhoneNum).toBe('12125551234');
      expect(bearer?.homePhoneNum).toBe('972501234567');
    });

    it('impossible: 400 naming the field, the rule and the country; nothing stored', async () => {
      const person = await applicant(server, 'impossible@example.com');
      const draft = britishDraft(person.email, person.photoId, { mobilePhoneNum: '077009001234' });
      const answer = await submit(server, person.token, draft);
      expect(answer.statusCode).toBe(400);
      const refusal = answer.json() as Refused;
      expect(refusal.statusCode).toBe(400);
      expect(refusal.message).toBe(NOT_POSSIBLE_IN_GB);
      expect(NOT_POSSIBLE_IN_GB).toContain('United Kingdom');
      const { issues } = JSON.parse(refusal.body ?? '{}') as Refused;
      expect(issues).toEqual([
        expect.objectContaining({
          field: 'mobilePhoneNum',
          message: 'phoneNotPossible',
          values: { country: 'GB' },
          text: NOT_POSSIBLE_IN_GB,
        }),
      ]);
      const rows = await server.database.db
        .selectFrom('application')
        .select('id')
        .where('email', '=', person.email)
        .execute();
      expect(rows).toEqual([]);
    });
  });

  describe('the /status correction', () => {
    const post = (url: string, payload: object) => server.request({ method: 'POST', url, payload });
    const correctPhone = async (email: string, mobilePhoneNum: string) => {
      const app = await submitted(server, email, {
        changes: { passportCountryId: BRITISH_PASSPORT, anotherNationalityArray: [] },
      });
      server.clock.advance(31_000); // past the code service's resend interval
      const codeMails = () =>
        server.smtp.received.filter((m) => m.to === app.email && isCodeMail(m));
      const before = codeMails().length;
      const sent = await post('/api/status/correction/code', identity(app));
      expect(sent.statusCode).toBe(200);
      const mail = await eventually(() => codeMails()[before]);
      const answer = await post('/api/status/correction', {
        ...identity(app),
        code: codeIn(mail) ?? '',
        timestamp: sent.json().timestamp,
        changes: { mobilePhoneNum },
      });
      return { app, answer };
    };

    it('a national number is corrected to the international one', async () => {
      const { app, answer } = await correctPhone('correct.national@example.com', '07700900123');
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().changes).toEqual([
        { field: 'mobilePhoneNum', from: '12125551234', to: '447700900123' },
      ]);
      expect((await storedBearer(app.email))?.mobilePhoneNum).toBe('447700900123');
    });

    it('an impossible number is a 400 naming the field and the country; nothing changes', async () => {
      const { app, answer } = await correctPhone('correct.impossible@example.com', '4477009001234');
      expect(answer.statusCode).toBe(400);
      const refusal = answer.json() as Refused;
      expect(refusal).toMatchObject({
        statusCode: 400,
        code: 'phoneNotPossible',
        message: NOT_POSSIBLE_IN_GB,
      });
      expect(refusal.issues).toEqual([
        expect.objectContaining({
          field: 'mobilePhoneNum',
          message: 'phoneNotPossible',
          values: { country: 'GB' },
          text: NOT_POSSIBLE_IN_GB,
        }),
      ]);
      expect((await storedBearer(app.email))?.mobilePhoneNum).toBe('12125551234');
    });
  });
});
