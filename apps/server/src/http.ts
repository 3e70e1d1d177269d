// The answer envelope of SPEC §7: the payload carries `statusCode` and the HTTP status equals it.
import { type MessageId, messageText } from '@eta-il/domain';
import type { FastifyReply } from 'fastify';

export const send = (reply: FastifyReply, statusCode: number, payload: object = {}) =>
  reply.code(statusCode).send({ statusCode, ...payload });

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
  send(reply, error.statusCode, { message: error.message, code: error.messageId });

/**
 * A route's own request limit (per IP), as @fastify/rate-limit reads it from route config; routes
 * with one `groupId` share one count.
 */
export interface RouteLimit {
  rateLimit: { max: number; timeWindow: string; groupId?: string };
}
