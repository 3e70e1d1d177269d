// GET /dev/pay/<sessionId>: the development provider's hosted page (PAYMENT_PROVIDER=dev; never
// registered in production), a plain form that runs under the public app's CSP: the amount, what
// it covers, and Pay and Decline. Pay confirms through the one confirmation path, with a provider
// event of a fresh id, exactly as a provider's webhook would, then sends the browser to the
// success URL; Decline sends it to the cancel URL and the session stays open.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { formXsrfValid, XSRF_FIELD } from '../security/xsrf.ts';
import { applyProviderEvent, type PaymentDeps } from './apply-event.ts';
import type { DevPaymentProvider } from './dev-provider.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} – ETA-IL development payment page</title></head><body><main>${body}</main></body></html>`;

type SessionParams = { Params: { sessionId: string } };

export const devPayRoutes = (
  app: FastifyInstance,
  { provider, payments }: { provider: DevPaymentProvider; payments: PaymentDeps },
) => {
  app.get<SessionParams>('/dev/pay/:sessionId', async (request, reply) => {
    const session = await provider.session(request.params.sessionId);
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    if (!session) {
      return reply
        .code(404)
        .send(
          page(
            'No such payment',
            '<h1>No such payment</h1><p>This payment page does not exist.</p>',
          ),
        );
    }
    const numbers = (
      await payments.db
        .selectFrom('application')
        .select('req_num')
        .where('fee_reference', '=', session.reference)
        .orderBy('created_at')
        .orderBy('req_num')
        .execute()
    ).map((a) => a.req_num);
    const amount = `${(session.amountMinor / 100).toFixed(2)} ${session.currency}`;
    const open = session.status === 'open';
    const form = open
      ? `<form method="post" action="/dev/pay/${encodeURIComponent(session.id)}"><input type="hidden" name="${XSRF_FIELD}" value="${escapeHtml(request.xsrfToken ?? '')}"><button type="submit" name="action" value="pay">Pay ${escapeHtml(amount)}</button> <button type="submit" name="action" value="decline">Decline</button></form>`
      : `<p>This payment is ${session.status === 'paid' ? 'already paid' : 'closed'}.</p>`;
    return reply.send(
      page(
        'Pay the ETA-IL fee',
        `<h1>Pay the ETA-IL fee</h1><p>This is the development payment page: no money is taken. In production the payment provider's own page is shown here.</p><dl><dt>Amount</dt><dd>${escapeHtml(amount)}</dd><dt>Fee reference</dt><dd dir="ltr">${escapeHtml(session.reference)}</dd><dt>Covers the applications</dt><dd dir="ltr">${escapeHtml(numbers.join(', '))}</dd></dl>${form}`,
      ),
    );
  });

  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post<SessionParams>(
      '/dev/pay/:sessionId',
      { config: { xsrfInForm: true } },
      async (request, reply) => {
        if (!formXsrfValid(request)) {
          return reply
            .code(403)
            .type('text/html; charset=utf-8')
            .send(page('Refused', '<h1>Refused</h1><p>Open the payment page again and retry.</p>'));
        }
        const session = await provider.session(request.params.sessionId);
        if (!session) return reply.code(404).send({ statusCode: 404, message: 'No such payment.' });
        const action = (request.body as Record<string, unknown>).action;
        if (action === 'decline') return reply.redirect(session.cancelUrl, 303);
        if (action !== 'pay') {
          return reply.code(400).send({ statusCode: 400, message: 'Choose Pay or Decline.' });
        }
        const paid = await provider.pay(session.id);
        if (paid) {
          await applyProviderEvent(payments, {
            id: `evt_dev_${randomBytes(12).toString('hex')}`,
            type: 'checkout.session.completed',
            session: paid,
          });
        }
        // Paid now, or by an earlier press of the button: the return page reads the result.
        return session.status === 'expired'
          ? reply.redirect(session.cancelUrl, 303)
          : reply.redirect(session.successUrl, 303);
      },
    );
  });
};
