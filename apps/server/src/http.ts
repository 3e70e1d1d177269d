// The answer envelope of SPEC §7: the payload carries `statusCode` and the HTTP status equals it.
// The payloads of the public API are declared in packages/domain/src/wire/: a route names its
// answer's type (`send<Saved>(reply, 201, …)`) and sends refusals with `sendRefusal`, so that a
// shape the web app does not read fails the type-check.
import { type MessageId, messageText, type RefusalAnswer } from '@eta-il/domain';
import type { FastifyReply } from 'fastify';

export const send = <Payload extends object = object>(
  reply: FastifyReply,
  statusCode: number,
  payload?: Payload,
) => reply.code(statusCode).send({ statusCode, ...payload });

/** A refusal (4xx, 5xx): its English message, and usually its code. */
export const sendRefusal = (
  reply: FastifyReply,
  statusCode: number,
  refusal: Omit<RefusalAnswer, 'statusCode'>,
) => send(reply, statusCode, refusal);

/** A refusal the traveller can act on: a status, a message id and its English text. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageId: MessageId,
  ) {
    super(messageText(messageId));
  }
}

export const sendError = (reply: FastifyReply, error: HttpError) =>
  sendRefusal(reply, error.statusCode, { message: error.message, code: error.messageId });

/**
 * What @fastify/rate-limit throws when a client is over its limit (429) or banned (403). It must be
 * an Error: the plugin throws it, and a route's own error handler that passes on what it does not
 * handle rethrows it; Fastify answers a thrown non-Error as the body of an HTTP 200, which is how
 * the limited submission once answered 200 with `statusCode: 429` inside. As an Error it reaches
 * the app's error handler, which answers with its status.
 */
export const rateLimitError = (_request: unknown, context: { statusCode: number }) =>
  Object.assign(new Error(messageText('tooManyRequests')), { statusCode: context.statusCode });

/**
 * A route's own request limit (per IP), as @fastify/rate-limit reads it from route config; routes
 * with one `groupId` share one count.
 */
export interface RouteLimit {
  rateLimit: { max: number; timeWindow: string; groupId?: string };
}
