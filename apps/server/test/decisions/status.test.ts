// POST /api/status: a match answers the state (and by state validity, reasons, document link);
// every mismatch answers the same 404; limits per IP and per application number; withdrawing
// before a decision with an e-mailed code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  drive,
  HIGH_LIMITS,
  identity,
  mailTo,
  SETUP_MS,
  type Submitted,
  submitted,
} from './support.ts';

describe.each(DATABASES)('status on %s', (kind) => {
  let server: TestServer;
  let pending: Submitted;
  beforeAll(async () => {
    server = await startTestServer({ kind, services: { rateLimits: HIGH_LIMITS } });
    pending = await submitted(server, 'pending@example.com');
  }, SETUP_MS);
  afterAll(async () => {
    await server.close();
  });

  const status = (payload: unknown, headers: Record<string, string> = {}) =>
    server.request({ method: 'POST', url: '/api/status', payload: payload as object, headers });

  it('a match answers 200 with the state and when it last changed', async () => {
    const answer = await status(identity(pending));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      statusCode: 200,
      status: 'submitted',
      updatedAt: '2026-11-22T09:00:00.000Z',
      // No consent to reminders was given with the submission (issue 31).
      reminders: false,
      // The fee, paid through the API by the suite's support (issue 27).
      payment: { amount: 25, currency: 'ILS', paidAt: '2026-11-22T09:00:00.000Z' },
    });
  });

  it('accepts the passport number in lower case and with spaces', async () => {
    const answer = await status({ ...identity(pending), passportNumber: ' ab12 34567 ' });
    expect(answer.statusCode).toBe(200);
  });

  it('every mismatch answers the same 404, byte for byte', async () => {
    const wrong = [
      { ...identity(pending), applicationNumber: 'IL-NOPE-0000' },
      { ...identity(pending), passportNumber: 'ZZ9999999' },
      { ...identity(pending), birthDate: '1990-07-05' },
    ];
    const answers = await Promise.all(wrong.map((w) => status(w)));
    for (const answer of answers) expect(answer.statusCode).toBe(404);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0]?.json()).toMatchObject({ statusCode: 404, code: 'statusNotFound' });
  });

  it('a malformed request is 400', async () => {
    const answer = await status({ ...identity(pending), birthDate: '04/07/1990' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ statusCode: 400, code: 'statusBadRequest' });
  });

  it('approved: validity and a signed document link', async () => {
    const app = await submitted(server, 'approved@example.com');
    await approve(server, app.id);
    const body = (await status(identity(app))).json();
    expect(body).toMatchObject({ status: 'approved', validUntil: '2028-11-22' });
    expect(body.documentUrl).toMatch(/^\/api\/document\/[\w-]{22}\.[0-9a-z]+\.[\w-]{24}$/);
    expect(body.reasons).toBeUndefined();
  });

  it('refused: the reasons in plain words, in the language of the request', async () => {
    const app = await submitted(server, 'refused@example.com');
    await drive(server, app.id, [
      ['startScreening'],
      ['screeningHit', ['watchlist']],
      ['refuse', ['previousRefusal']],
    ]);
    const body = (await status(identity(app), { 'accept-language': 'de-DE,de;q=0.9' })).json();
    expect(body).toMatchObject({
      status: 'refused',
      reasons: [
        {
          code: 'previousRefusal',
          text: 'Ein früherer Antrag auf Einreise nach Israel wurde abgelehnt.',
        },
      ],
    });
    expect(body.documentUrl).toBeUndefined();
  });

  describe('withdrawing before a decision', () => {
    const codeMails = (email: string) =>
      server.smtp.received.filter((m) => m.to === email && isCodeMail(m));
    /** Asks for a withdrawal code; answers the reply and the code from the new e-mail. */
    const withdrawCode = async (app: Submitted) => {
      const before = codeMails(app.email).length;
      const sent = await server.request({
        method: 'POST',
        url: '/api/status/withdraw/code',
        payload: identity(app),
      });
      const mail = await eventually(() => codeMails(app.email)[before]);
      return { sent, code: codeIn(mail) ?? '' };
    };
    const withdraw = (app: Submitted, code: string, timestamp: number) =>
      server.request({
        method: 'POST',
        url: '/api/status/withdraw',
        payload: { ...identity(app), code, timestamp },
      });

    it('sends a code to the application’s address; the right code withdraws it', async () => {
      const app = await submitted(server, 'withdraw@example.com', { language: 'es' });
      server.clock.advance(31_000); // past the code service's resend interval
      const { sent, code } = await withdrawCode(app);
      expect(sent.statusCode).toBe(200);
      expect(sent.json().sentTo).toBe('w•••@example.com');
      const { timestamp } = sent.json() as { timestamp: number };
      const wrongCode = code === '000000' ? '111111' : '000000';
      const wrong = await withdraw(app, wrongCode, timestamp);
      expect(wrong.statusCode).toBe(400);
      expect((await status(identity(app))).json().status).toBe('submitted');

      const done = await withdraw(app, code, timestamp);
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ statusCode: 200, status: 'withdrawn' });
      expect((await status(identity(app))).json().status).toBe('withdrawn');
      const mail = await mailTo(server, app.email, /retirada/);
      expect(mail.text).toContain(app.reqNum);
    });

    it('a decided application cannot be withdrawn (409)', async () => {
      const app = await submitted(server, 'decided@example.com');
      await approve(server, app.id);
      server.clock.advance(31_000);
      const { sent, code } = await withdrawCode(app);
      const done = await withdraw(app, code, sent.json().timestamp);
      expect(done.statusCode).toBe(409);
      expect((await status(identity(app))).json().status).toBe('approved');
    });

    it('asking for a code with a wrong birth date is the same 404', async () => {
      const answer = await server.request({
        method: 'POST',
        url: '/api/status/withdraw/code',
        payload: { ...identity(pending), birthDate: '1991-01-01' },
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().code).toBe('statusNotFound');
    });
  });
});

describe('status limits', () => {
  let server: TestServer;
  let app: Submitted;
  beforeAll(async () => {
    server = await startTestServer({
      services: {
        rateLimits: {
          ...HIGH_LIMITS,
          status: 6,
          statusPerApplication: 3,
          statusPerApplicationAllSources: 5,
        },
      },
    });
    app = await submitted(server, 'limits@example.com');
  }, SETUP_MS);
  afterAll(async () => {
    await server.close();
  });

  const status = (payload: object, ip: string) =>
    server.request({ method: 'POST', url: '/api/status', payload, remoteAddress: ip });

  it('per application number and IP: the fourth look-up in 15 minutes is 429 for that IP only', async () => {
    const codes = [];
    for (let i = 0; i < 4; i += 1) codes.push((await status(identity(app), '10.0.0.1')).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    // From all IPs together the limit is higher (here 5: three counted, two more allowed).
    const others = [];
    for (const ip of ['10.0.0.2', '10.0.0.3', '10.0.0.4']) {
      others.push((await status(identity(app), ip)).statusCode);
    }
    expect(others).toEqual([200, 200, 429]);
  });

  it('per IP: the seventh request in a minute is 429, whatever the numbers', async () => {
    const codes = [];
    for (let i = 0; i < 7; i += 1) {
      codes.push(
        (await status({ ...identity(app), applicationNumber: `IL-GUESS-${i}` }, '10.0.9.9'))
          .statusCode,
      );
    }
    expect(codes).toEqual([404, 404, 404, 404, 404, 404, 429]);
  });
});
