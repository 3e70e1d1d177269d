// XSRF double-submit (SPEC §7): every response sets an `XSRF-TOKEN` cookie if the browser has
// none; every POST must echo it in `X-XSRF-TOKEN`. A cross-site page can send the cookie but
// cannot read it, so it cannot echo it. A payment provider's webhook is no browser: it has no
// cookie and cannot hold a token; a route marked `signedWebhook` proves its caller instead by a
// signature over the raw body, checked by the route before anything is read or changed.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { HttpError, sendError } from '../http.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route verifies a provider's signature over its raw body (api/payment/stripe-webhook.ts). */
    signedWebhook?: boolean;
  }
}

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'x-xsrf-token';

const same = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export const registerXsrf = (app: FastifyInstance, { secure }: { secure: boolean }) => {
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config?.signedWebhook === true) return;
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        secure,
        httpOnly: false,
      });
    }
    if (request.method !== 'POST') return;
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !same(cookie, header)) {
      return sendError(reply, new HttpError(403, 'xsrfMissing'));
    }
  });
};
