// XSRF double-submit (SPEC §7): every response sets an `XSRF-TOKEN` cookie if the browser has
// none; every POST must echo it in `X-XSRF-TOKEN`. A cross-site page can send the cookie but
// cannot read it, so it cannot echo it.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { HttpError, sendError } from '../http.ts';

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'x-xsrf-token';

const same = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export const registerXsrf = (app: FastifyInstance, { secure }: { secure: boolean }) => {
  app.addHook('onRequest', async (request, reply) => {
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
