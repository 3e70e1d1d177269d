// The fee through the real API and the development provider's page, on a real database: an
// application waits unscreened until paid, is screened once paid, and its traveller gets a
// receipt; a family pays once for all; the status page tells what is due and what was paid.
import { withBearer } from '@eta-il/domain';
import { referenceData } from '@eta-il/domain/reference-data';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bornOn, groupDraft } from '../../../../packages/domain/test/fixtures.ts';
import { createMetrics } from '../../src/ops/metrics.ts';
import { loadScreeningLists, screeningListPaths } from '../../src/screening/lists.ts';
import {
  applicant,
  jpegImage,
  pressOnDevPage,
  startPayment,
  submit,
  uploadPhoto,
} from '../application.ts';
import { mailTo, PUBLIC_URL, SETUP_MS } from '../decisions/support.ts';
import { DATABASES, eventually, startTestServer, type TestServer, testClock } from '../harness.ts';
import { counted, paymentsOf, stateOf } from './support.ts';

/** The fixture declares an earlier visa request, itself a reason to refer; a clean one does not. */
const clean = { anotherVisaRequestYN: 0, anotherVisaRequestDesc: '' } as const;
const MYSELF = { applicant: { groupTypeId: '1:Myself' } };

describe.each(DATABASES)('the fee on %s', (kind) => {
  let server: TestServer;
  const metrics = createMetrics({ processMetrics: false });
  beforeAll(async () => {
    const clock = testClock();
    const { lists } = await loadScreeningLists(screeningListPaths({}), referenceData.allcountry);
    server = await startTestServer({
      kind,
      clock,
      services: { metrics },
      screening: { lists, decisions: { clock, timeZone: 'Asia/Jerusalem', publicUrl: PUBLIC_URL } },
    });
  }, SETUP_MS);
  afterAll(async () => {
    await server?.close();
  });

  const status = (proof: object) =>
    server.request({ method: 'POST', url: '/api/status', payload: proof });

  it('waits unscreened until paid on the provider page, then is screened; the traveller gets a receipt', async () => {
    const person = await applicant(server, 'payer@example.com');
    const draft = withBearer(person.draft(), clean);
    const answer = await submit(server, person.token, draft);
    // SPEC's submission answer is unchanged.
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ statusCode: 200, message: 'Submitted' });
    const reqNum = answer.json().ReqNum as string;
    const bearer = draft.bearerList[0]!;
    const proof = {
      applicationNumber: reqNum,
      passportNumber: bearer.passportNum,
      birthDate: bearer.birthDate,
    };
    const stored = await server.database.db
      .selectFrom('application')
      .select(['state', 'fee_reference', 'draft'])
      .where('req_num', '=', reqNum)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ state: 'awaiting_payment', fee_reference: reqNum });
    expect(stored.draft.reqStatusId.id).toBe(8);

    // The acknowledgement says the fee is still to be paid, and where.
    const ack = await mailTo(server, person.email, /received/i);
    expect(ack.text).toContain('The application fee of 25 NIS has not been paid yet.');
    expect(ack.text).toContain(`${PUBLIC_URL}/status?applicationNumber=${reqNum}`);

    // Not screened while it waits: the relay, once it has run, has filed no screening job.
    await server.background.relay();
    const screeningJobs = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pgboss.job j JOIN application a ON a.req_num = ${reqNum}
      WHERE j.name = 'screening' AND j.data->>'applicationId' = a.id::text`.execute(
      server.database.db,
    );
    expect(screeningJobs.rows[0]?.n).toBe(0);
    expect(await stateOf(server, reqNum)).toBe('awaiting_payment');

    const waiting = await status(proof);
    expect(waiting.json()).toMatchObject({
      status: 'awaiting_payment',
      payment: { amount: 25, currency: 'ILS' },
    });
    expect(waiting.json().payment.paidAt).toBeUndefined();

    const started = await startPayment(server, proof);
    expect(started.statusCode).toBe(200);
    const { url, amount, currency } = started.json().body;
    expect({ amount, currency }).toEqual({ amount: 25, currency: 'ILS' });
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/dev/pay/cs_dev_[0-9a-f]+$`));
    // A second click reuses the open session.
    const again = await startPayment(server, proof);
    expect(again.json().body.url).toBe(url);
    expect(await paymentsOf(server, reqNum)).toHaveLength(1);

    const paid = await pressOnDevPage(server, url, 'pay');
    expect(paid.statusCode).toBe(303);
    const [payment] = await paymentsOf(server, reqNum);
    expect(paid.headers.location).toBe(`${PUBLIC_URL}/payment/return?payment=${payment?.id}`);
    expect(payment).toMatchObject({ status: 'paid', amount_minor: 2500, currency: 'ILS' });

    // Paid → submitted → screened (approved) by the background screening, as today.
    await eventually(async () =>
      (await stateOf(server, reqNum)) === 'approved' ? true : undefined,
    );
    const transitions = await server.database.db
      .selectFrom('application_transition as t')
      .innerJoin('application as a', 'a.id', 't.application_id')
      .select(['t.from_state', 't.to_state', 't.actor_kind'])
      .where('a.req_num', '=', reqNum)
      .orderBy('t.id')
      .execute();
    expect(transitions[0]).toEqual({
      from_state: 'awaiting_payment',
      to_state: 'submitted',
      actor_kind: 'system',
    });

    const result = await server.request({ method: 'GET', url: `/api/payment/${payment?.id}` });
    expect(result.json()).toEqual({
      statusCode: 200,
      body: { status: 'paid', amount: 25, currency: 'ILS', paidAt: '2026-11-22T09:00:00.000Z' },
    });

    const receipt = await mailTo(server, person.email, /^Receipt/);
    expect(receipt.subject).toBe('Receipt: ETA-IL fee paid (25 NIS)');
    expect(receipt.text).toContain('We received your payment of 25 NIS on 22 November 2026.');
    expect(receipt.text).toContain(`Payment reference: ${payment?.provider_payment_id}`);
    expect(payment?.provider_payment_id).toMatch(/^pi_dev_/);
    expect(receipt.text).toContain(`Applications covered: ${reqNum}\n`);

    // Paid: no second payment, and the status page says when.
    const twice = await startPayment(server, proof);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ statusCode: 409, code: 'alreadyPaid' });
    expect((await status(proof)).json().payment).toEqual({
      amount: 25,
      currency: 'ILS',
      paidAt: '2026-11-22T09:00:00.000Z',
    });
    expect(await counted(metrics.payments, { outcome: 'paid' })).toBe(1);
    expect(await counted(metrics.paymentAmounts, { kind: 'paid' })).toBe(2500);
  });

  it('a family pays once, 75 NIS, with any traveller’s number, and every traveller moves', async () => {
    const family = await applicant(server, 'family-pays@example.com');
    const photos = [family.photoId];
    for (let i = 1; i < 3; i++) {
      photos.push((await uploadPhoto(server, family.token, await jpegImage())).json().photoId);
    }
    const births = ['1985-01-02', '1987-03-04', '2015-05-06'];
    const travellers = [
      { ...bornOn('1985-01-02', '2020-05-10', 'FP1234567'), ...MYSELF, ...clean },
      { ...bornOn('1987-03-04', '2020-05-10', 'FP7654321'), ...MYSELF, ...clean },
      { ...bornOn('2015-05-06', '2022-06-07', 'FP1111111'), ...MYSELF, ...clean },
    ];
    const group = groupDraft(...travellers);
    const answer = await submit(server, family.token, {
      ...group,
      reqMainEmailAddress: family.email,
      bearerList: group.bearerList.map((b, i) => ({ ...b, photoId: photos[i] ?? null })),
    });
    expect(answer.statusCode).toBe(200);
    const { groupNum, applications } = answer.json() as {
      groupNum: string;
      applications: { ReqNum: string }[];
    };
    const numbers = applications.map((a) => a.ReqNum);
    const rows = await server.database.db
      .selectFrom('application')
      .select(['state', 'fee_reference'])
      .where('req_num', 'in', numbers)
      .execute();
    expect(rows).toEqual(
      numbers.map(() => ({ state: 'awaiting_payment', fee_reference: groupNum })),
    );
    // The second traveller's number pays for the family.
    const started = await startPayment(server, {
      applicationNumber: numbers[1]!,
      passportNumber: 'FP7654321',
      birthDate: births[1]!,
    });
    expect(started.json().body).toMatchObject({ amount: 75, currency: 'ILS' });
    // The first traveller's number finds the same session.
    const first = await startPayment(server, {
      applicationNumber: numbers[0]!,
      passportNumber: 'FP1234567',
      birthDate: births[0]!,
    });
    expect(first.json().body.url).toBe(started.json().body.url);
    expect(await pressOnDevPage(server, started.json().body.url, 'pay')).toMatchObject({
      statusCode: 303,
    });
    // Each traveller is screened on its own (approved, or referred to an officer).
    for (const number of numbers) {
      await eventually(async () =>
        ['approved', 'in_review'].includes(await stateOf(server, number)) ? true : undefined,
      );
    }
    const payments = await paymentsOf(server, groupNum);
    expect(payments.map((p) => [p.status, p.amount_minor])).toEqual([['paid', 7500]]);
    const receipt = await mailTo(server, family.email, /^Receipt/);
    expect(receipt.subject).toBe('Receipt: ETA-IL fee paid (75 NIS)');
    // Travellers of one submission share its moment: the numbers are listed in number order.
    expect(receipt.text).toContain(`Applications covered: ${[...numbers].sort().join(', ')}\n`);
    // One receipt for the family.
    await server.background.drained();
    expect(
      server.smtp.received.filter((m) => m.to === family.email && /^Receipt/.test(m.subject)),
    ).toHaveLength(1);
  });

  it('Decline returns to the cancel page; the application still waits and the same session pays later', async () => {
    const person = await applicant(server, 'decliner@example.com');
    const draft = person.draft();
    const reqNum = (await submit(server, person.token, draft)).json().ReqNum as string;
    const bearer = draft.bearerList[0]!;
    const proof = {
      applicationNumber: reqNum,
      passportNumber: bearer.passportNum,
      birthDate: bearer.birthDate,
    };
    const { url } = (await startPayment(server, proof)).json().body;
    const page = await server.request({ method: 'GET', url: new URL(url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toMatch(/<html lang="en"/);
    expect(page.body).toContain('<title>Pay the ETA-IL fee');
    expect(page.body).toContain('<h1>Pay the ETA-IL fee</h1>');
    expect(page.body).toContain('25.00 ILS');
    expect(page.body).toContain(reqNum);
    expect(page.body).toContain('<form method="post"');
    expect(page.body).toMatch(
      /<button type="submit" name="action" value="decline">Decline<\/button>/,
    );
    // Served under the public app's CSP: no inline script or style to allow.
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script|style=/);

    const declined = await pressOnDevPage(server, url, 'decline');
    expect(declined.statusCode).toBe(303);
    const [payment] = await paymentsOf(server, reqNum);
    expect(declined.headers.location).toBe(
      `${PUBLIC_URL}/payment/cancelled?payment=${payment?.id}`,
    );
    expect(await stateOf(server, reqNum)).toBe('awaiting_payment');
    const result = await server.request({ method: 'GET', url: `/api/payment/${payment?.id}` });
    expect(result.json().body).toEqual({ status: 'open', amount: 25, currency: 'ILS', url });
    expect((await startPayment(server, proof)).json().body.url).toBe(url);
  });

  it('the same payment started 8 times at once opens one session; Pay pressed 8 times at once moves it once', async () => {
    const person = await applicant(server, 'racer@example.com');
    const draft = person.draft();
    const reqNum = (await submit(server, person.token, draft)).json().ReqNum as string;
    const bearer = draft.bearerList[0]!;
    const proof = {
      applicationNumber: reqNum,
      passportNumber: bearer.passportNum,
      birthDate: bearer.birthDate,
    };
    const started = await Promise.all(Array.from({ length: 8 }, () => startPayment(server, proof)));
    expect(started.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    const urls = new Set(started.map((a) => a.json().body.url as string));
    expect(urls.size).toBe(1);
    expect(await paymentsOf(server, reqNum)).toHaveLength(1);

    const [url] = [...urls] as [string];
    const pressed = await Promise.all(
      Array.from({ length: 8 }, () => pressOnDevPage(server, url, 'pay')),
    );
    expect(pressed.every((a) => a.statusCode === 303)).toBe(true);
    const payments = await paymentsOf(server, reqNum);
    expect(payments.map((p) => p.status)).toEqual(['paid']);
    const moves = await server.database.db
      .selectFrom('application_transition')
      .innerJoin('application', 'application.id', 'application_transition.application_id')
      .select('application_transition.to_state')
      .where('application.req_num', '=', reqNum)
      .where('application_transition.from_state', '=', 'awaiting_payment')
      .execute();
    expect(moves).toHaveLength(1);
    expect(await server.database.db.selectFrom('refund').selectAll().execute()).not.toContainEqual(
      expect.objectContaining({ payment_id: payments[0]?.id }),
    );
  });

  it('a form posted from elsewhere (no token in it) pays nothing', async () => {
    const person = await applicant(server, 'forged@example.com');
    const draft = person.draft();
    const reqNum = (await submit(server, person.token, draft)).json().ReqNum as string;
    const bearer = draft.bearerList[0]!;
    const { url } = (
      await startPayment(server, {
        applicationNumber: reqNum,
        passportNumber: bearer.passportNum,
        birthDate: bearer.birthDate,
      })
    ).json().body;
    const forged = await server.request({
      method: 'POST',
      url: new URL(url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay&xsrf=guessed',
    });
    expect(forged.statusCode).toBe(403);
    expect(await stateOf(server, reqNum)).toBe('awaiting_payment');
    expect((await paymentsOf(server, reqNum))[0]?.status).toBe('open');
  });

  it('a mismatch is the status look-up’s generic 404; a bad body 400; an unknown payment 404', async () => {
    const person = await applicant(server, 'mismatch@example.com');
    const draft = person.draft();
    const reqNum = (await submit(server, person.token, draft)).json().ReqNum as string;
    const bearer = draft.bearerList[0]!;
    const wrong = {
      applicationNumber: reqNum,
      passportNumber: bearer.passportNum,
      birthDate: '1970-01-01',
    };
    const viaPayment = await startPayment(server, wrong);
    const viaStatus = await status(wrong);
    expect(viaPayment.statusCode).toBe(404);
    expect(viaPayment.json()).toEqual(viaStatus.json());
    expect((await startPayment(server, { applicationNumber: reqNum } as never)).statusCode).toBe(
      400,
    );
    expect(await paymentsOf(server, reqNum)).toEqual([]);
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', '%27%3B--']) {
      const answer = await server.request({ method: 'GET', url: `/api/payment/${id}` });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ statusCode: 404, code: 'paymentNotFound' });
    }
    const nothing = await server.request({ method: 'GET', url: '/dev/pay/cs_dev_unknown' });
    expect(nothing.statusCode).toBe(404);
  });
});
