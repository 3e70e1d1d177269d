// A supervisor refunds the fee from the case, on PGlite and PostgreSQL, with Stripe (the test
// server) taking and giving back the money. The attacks first: an officer's attempt (403, audited
// as denied), a call from another origin or without the anti-forgery token (403), a missing or
// overlong reason (400) each refund nothing. Then the refund: recorded with who and why, one
// refunds.create at Stripe however often it is asked, an audit row, the traveller e-mailed, and
// the case view shows it; 409 when nothing was paid or it was refunded already; Stripe down → 503
// with the refund recorded, and asking again completes it once.
import { FEE_REFUND_REASON_MAX } from '@eta-il/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANTI_FORGERY_HEADER } from '../../src/office/auth/forgery.ts';
import { SETUP_MS, type Submitted, submitted } from '../decisions/support.ts';
import { DATABASES, eventually } from '../harness.ts';
import { FROM_OFFICE, type SignedIn, staffMember } from '../office/support.ts';
import {
  payLink,
  payOnHostedPage,
  type StripeSuite,
  screened,
  startStripeSuite,
} from './stripe-support.ts';

let counter = 0;

describe.each(DATABASES)("a supervisor's refund of the fee on %s", (kind) => {
  let suite: StripeSuite;
  let officer: SignedIn;
  let supervisor: SignedIn;
  let auditor: SignedIn;
  beforeAll(async () => {
    suite = await startStripeSuite(kind);
    officer = await staffMember(suite, 'officer');
    supervisor = await staffMember(suite, 'supervisor');
    auditor = await staffMember(suite, 'auditor');
  }, SETUP_MS);
  afterAll(() => suite?.close());

  const paidCase = async (): Promise<Submitted> => {
    counter += 1;
    const app = await submitted(suite, `refund-${kind}-${counter}@example.com`, { pay: false });
    await payOnHostedPage(await payLink(suite, app));
    await screened(suite, app.id);
    return app;
  };

  const refund = (who: SignedIn, id: string, payload: object = { reason: 'Paid in error' }) =>
    who.call({ method: 'POST', url: `/office/api/cases/${id}/refund`, payload });

  const refundsAtStripe = () => suite.stripe.refunds.length;
  const refundRows = (id: string) =>
    suite.database.db
      .selectFrom('refund as r')
      .innerJoin('payment as p', 'p.id', 'r.payment_id')
      .innerJoin('application as a', 'a.fee_reference', 'p.reference')
      .select(['r.reason', 'r.requested_by', 'r.provider_refund_id', 'p.status'])
      .where('a.id', '=', id)
      .execute();

  describe('attacks', () => {
    it("an officer's refund is refused (403) and audited as denied; nothing is refunded", async () => {
      const app = await paidCase();
      const before = refundsAtStripe();
      const answer = await refund(officer, app.id);
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ statusCode: 403, code: 'roleNotAllowed' });
      const auditorAnswer = await refund(auditor, app.id);
      expect(auditorAnswer.statusCode).toBe(403);
      expect(refundsAtStripe()).toBe(before);
      expect(await refundRows(app.id)).toEqual([]);
      const denied = await suite.database.db
        .selectFrom('audit_event')
        .select(['action', 'staff_id'])
        .where('application_id', '=', app.id)
        .where('action', '=', 'denied')
        .execute();
      expect(denied.map((d) => d.staff_id)).toEqual([officer.id, auditor.id]);
    });

    it("a page of another origin, or a call without the session's token, refunds nothing", async () => {
      const app = await paidCase();
      const before = refundsAtStripe();
      const crossOrigin = await supervisor.call({
        method: 'POST',
        url: `/office/api/cases/${app.id}/refund`,
        payload: { reason: 'Forged' },
        headers: { origin: 'https://attacker.example' },
      });
      expect(crossOrigin.statusCode).toBe(403);
      expect(crossOrigin.json().code).toBe('crossOrigin');
      const noToken = await supervisor.call({
        method: 'POST',
        url: `/office/api/cases/${app.id}/refund`,
        payload: { reason: 'Forged' },
        headers: { ...FROM_OFFICE, [ANTI_FORGERY_HEADER]: 'wrong' },
      });
      expect(noToken.statusCode).toBe(403);
      expect(noToken.json().code).toBe('antiForgeryToken');
      expect(refundsAtStripe()).toBe(before);
      expect(await refundRows(app.id)).toEqual([]);
    });

    it('a missing, blank or overlong reason is 400 and refunds nothing', async () => {
      const app = await paidCase();
      const before = refundsAtStripe();
      for (const payload of [
        {},
        { reason: '' },
        { reason: '   ' },
        { reason: 42 },
        { reason: 'x'.repeat(FEE_REFUND_REASON_MAX + 1) },
      ]) {
        const answer = await refund(supervisor, app.id, payload);
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toMatchObject({ statusCode: 400, code: 'reasonRequired' });
      }
      expect(refundsAtStripe()).toBe(before);
      expect(await refundRows(app.id)).toEqual([]);
    });
  });

  it('refunds once through Stripe, records who and why, audits it and e-mails the traveller', async () => {
    const app = await paidCase();
    const view = async (who: SignedIn) =>
      (await who.call({ method: 'GET', url: `/office/api/cases/${app.id}` })).json();
    const seen = await view(supervisor);
    expect(seen.mayRefundFee).toBe(true);
    expect((await view(officer)).mayRefundFee).toBe(false);
    expect(seen.case.fee).toMatchObject({
      reference: app.reqNum,
      covers: [app.reqNum],
      payments: [{ status: 'paid', amount: 25, currency: 'ILS', refund: null }],
    });
    const paymentRef = seen.case.fee.payments[0].providerRef as string;
    expect(paymentRef).toMatch(/^pi_/);

    const answer = await refund(supervisor, app.id, { reason: '  Entry refused at the border  ' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ statusCode: 200, refunded: true });
    const atStripe = suite.stripe.refunds.filter((r) => r.payment_intent === paymentRef);
    expect(atStripe).toHaveLength(1);
    expect(atStripe[0]).toMatchObject({ amount: 2500, currency: 'ils' });
    expect(await refundRows(app.id)).toEqual([
      {
        reason: 'Entry refused at the border',
        requested_by: supervisor.id,
        provider_refund_id: atStripe[0]?.id,
        status: 'refunded',
      },
    ]);
    const audit = await suite.database.db
      .selectFrom('audit_event')
      .select(['staff_id', 'details'])
      .where('application_id', '=', app.id)
      .where('action', '=', 'refundFee')
      .execute();
    expect(audit).toEqual([
      {
        staff_id: supervisor.id,
        details: expect.objectContaining({
          amountMinor: 2500,
          currency: 'ILS',
          reason: 'Entry refused at the border',
        }),
      },
    ]);
    await eventually(() =>
      suite.smtp.received.find((m) => m.to === app.email && m.text.includes(paymentRef)),
    );
    // The case shows the refund, and offers no second one.
    const after = await view(supervisor);
    expect(after.mayRefundFee).toBe(false);
    expect(after.case.fee.payments[0]).toMatchObject({
      status: 'refunded',
      refund: { reason: 'Entry refused at the border', byEmail: supervisor.email, pending: false },
    });
    // Asked again: 409, and Stripe is not asked again.
    const again = await refund(supervisor, app.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('alreadyRefunded');
    expect(suite.stripe.refunds.filter((r) => r.payment_intent === paymentRef)).toHaveLength(1);
  });

  it('409 when nothing was paid; 404 for no such case', async () => {
    counter += 1;
    const unpaid = await submitted(suite, `refund-${kind}-${counter}@example.com`, {
      pay: false,
    });
    const answer = await refund(supervisor, unpaid.id);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().code).toBe('nothingPaid');
    const none = await refund(supervisor, '00000000-0000-4000-8000-000000000000');
    expect(none.statusCode).toBe(404);
  });

  it('Stripe down: 503 with the refund recorded; asked again, it is refunded once', async () => {
    const app = await paidCase();
    suite.stripe.down = true;
    let answer: Awaited<ReturnType<typeof refund>>;
    try {
      answer = await refund(supervisor, app.id, { reason: 'Double charge reported by phone' });
    } finally {
      suite.stripe.down = false;
    }
    expect(answer.statusCode).toBe(503);
    expect(answer.json().code).toBe('refundPending');
    expect(await refundRows(app.id)).toEqual([
      expect.objectContaining({ provider_refund_id: null, status: 'paid' }),
    ]);
    const pending = (
      await supervisor.call({ method: 'GET', url: `/office/api/cases/${app.id}` })
    ).json();
    expect(pending.case.fee.payments[0].refund).toMatchObject({ pending: true });

    const retried = await refund(supervisor, app.id, { reason: 'Double charge reported by phone' });
    expect(retried.statusCode).toBe(200);
    const rows = await refundRows(app.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'refunded', requested_by: supervisor.id });
    const ref = (
      await suite.database.db
        .selectFrom('payment')
        .select('provider_payment_id')
        .where('reference', '=', app.reqNum)
        .executeTakeFirstOrThrow()
    ).provider_payment_id;
    expect(suite.stripe.refunds.filter((r) => r.payment_intent === ref)).toHaveLength(1);
    // One audit row: the retry completed what was recorded, it asked nothing new.
    const audit = await suite.database.db
      .selectFrom('audit_event')
      .select('action')
      .where('application_id', '=', app.id)
      .where('action', '=', 'refundFee')
      .execute();
    expect(audit).toHaveLength(1);
  });
});
