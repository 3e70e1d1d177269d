// POST /api/payment: the provider's hosted page for the fee of the application the status page's
// three facts find (any traveller of a family pays for the family), with the status look-up's
// limits and its generic 404. GET /api/payment/:paymentId: what became of a payment, read from
// the server (which asks the provider while it has not heard), never from the browser's URL.
import {
  type PaymentRequest,
  type PaymentResult,
  type PaymentStart,
  type Refusal,
  StatusIdentitySchema,
} from '@eta-il/domain';
import type { FastifyInstance } from 'fastify';
import { findApplication } from '../../decisions/lookup.ts';
import { send, sendRefusal } from '../../http.ts';
import type { PaymentDeps } from '../../payments/apply-event.ts';
import { paymentResult } from '../../payments/payment-result.ts';
import { startPayment } from '../../payments/start-payment.ts';
import { badRequest, lookupChecks, notFound, type StatusLimits } from '../status/checks.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const PAYMENT_NOT_FOUND: Refusal = {
  message: 'There is no payment with this reference.',
  code: 'paymentNotFound',
};

export const paymentRoutes = (
  app: FastifyInstance,
  deps: { payments: PaymentDeps; limits?: Partial<StatusLimits> },
) => {
  const { config, perApplication } = lookupChecks(app, 'payment', deps.limits);

  app.post('/api/payment', { config, preHandler: perApplication }, async (request, reply) => {
    const parsed = StatusIdentitySchema.safeParse(request.body);
    if (!parsed.success) return badRequest(reply);
    const proof: PaymentRequest = parsed.data;
    const found = await findApplication(deps.payments.db, proof);
    if (!found) return notFound(reply);
    const outcome = await startPayment(deps.payments, found.id);
    switch (outcome.kind) {
      case 'started':
        return send<{ body: PaymentStart }>(reply, 200, { body: outcome.start });
      case 'notDue':
        return sendRefusal(
          reply,
          409,
          outcome.paid
            ? {
                message: 'The fee for this application has already been paid.',
                code: 'alreadyPaid',
              }
            : {
                message: 'This application is not waiting for a payment.',
                code: 'notAwaitingPayment',
              },
        );
      case 'unavailable':
        return sendRefusal(reply, 503, {
          message:
            'The payment service is not answering just now. Nothing is lost: your application waits for the fee. Please try again in a few minutes.',
          code: 'paymentUnavailable',
        });
    }
  });

  app.get<{ Params: { paymentId: string } }>(
    '/api/payment/:paymentId',
    { config },
    async (request, reply) => {
      const { paymentId } = request.params;
      if (!UUID.test(paymentId)) return sendRefusal(reply, 404, PAYMENT_NOT_FOUND);
      const result = await paymentResult(deps.payments, paymentId.toLowerCase());
      if (!result) return sendRefusal(reply, 404, PAYMENT_NOT_FOUND);
      return send<{ body: PaymentResult }>(reply, 200, { body: result });
    },
  );
};
