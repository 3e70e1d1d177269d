// XSRF double-submit (SPEC §7): every response sets an `XSRF-TOKEN` cookie if the browser has
// none; every POST must echo it in `X-XSRF-TOKEN`. A cross-site page can send the cookie but
// cannot read it, so it cannot echo it. A plain HTML form (the development payment page, which
// runs no script under the CSP) cannot send a header: a route marked `xsrfInForm` echoes the token
// in a hidden field instead, checked by `formXsrfValid` once the body is read — the same proof.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, sendError } from '../http.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The browser's XSRF token: its cookie, or the one this response sets. */
    xsrfToken: string | undefined;
  }
  interface FastifyContextConfig {
    /** The route's form carries the token in its `XSRF_FIELD` (checked by the route). */
    xsrfInForm?: boolean;
  }
}

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'x-xsrf-token';
/** The hidden form field of an `xsrfInForm` route. */
export const XSRF_FIELD = 'xsrf';

const same = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Whether an `xsrfInForm` route's form echoed the cookie's token. */
export const formXsrfValid = (request: FastifyRequest): boolean => {
  const cookie = request.cookies[XSRF_COOKIE];
  const field = (request.body as Record<string, unknown> | undefined)?.[XSRF_FIELD];
  return Boolean(cookie) && typeof field === 'string' && same(cookie ?? '', field);
};

export const registerXsrf = (app: FastifyInstance, { secure }: { secure: boolean }) => {
  app.decorateRequest('xsrfToken', undefined);
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    request.xsrfToken = cookie;
    if (!cookie) {
      request.xsrfToken = randomBytes(24).toString('base64url');
      reply.setCookie(XSRF_COOKIE, request.xsrfToken, {
        path: '/',
        sameSite: 'strict',
        secure,
        httpOnly: false,
      });
    }
    if (request.method !== 'POST') return;
    // Checked by the route itself once its form is read (formXsrfValid).
    if (request.routeOptions.config.xsrfInForm) return;
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !same(cookie, header)) {
      return sendError(reply, new HttpError(403, 'xsrfMissing'));
    }
  });
};
