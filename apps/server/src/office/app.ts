// buildOfficeApp: the staff surface (issue 11), a second Fastify app that main.ts serves on
// OFFICE_PORT. Its own session cookie (HttpOnly, SameSite=Strict, Secure in production), its own
// strict CSP and its own rate limits; every route under /office/api (docs/office-api.md). A call
// that changes anything must come from the office's own origin with a JSON body and the session's
// anti-forgery token (auth/forgery.ts, docs/decisions/042-office-forgery-defence.md).
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { createReferenceCache } from '../api/reference-data/cache.ts';
import type { Clock } from '../clock.ts';
import { type Config, trustProxyOption } from '../config.ts';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/availability.ts';
import type { Db } from '../db/database.ts';
import { rateLimitError, send } from '../http.ts';
import { createMetrics, type Metrics } from '../ops/metrics.ts';
import { requestIdOptions } from '../ops/request-id.ts';
import type { PaymentDeps } from '../payments/apply-event.ts';
import { createPaymentProvider } from '../payments/create-provider.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { securityHeaders } from '../security/headers.ts';
import { isImmutableAsset } from '../web-app.ts';
import { auditRoutes } from './audit/routes.ts';
import { createTotpSealer } from './auth/credentials.ts';
import { createAntiForgery, sameOriginJsonOnly } from './auth/forgery.ts';
import { createGuard } from './auth/guard.ts';
import { createOidcSignIn } from './auth/oidc.ts';
import { oidcRedirectUri, oidcRoutes } from './auth/oidc-routes.ts';
import { authRoutes } from './auth/routes.ts';
import { carrierRoutes } from './carriers/routes.ts';
import { caseRoutes } from './cases/routes.ts';
import { contactRequestRoutes } from './contact-requests/routes.ts';
import { falseHitRoutes } from './false-hits/routes.ts';
import { reportRoutes } from './reports/routes.ts';
import { reviewRoutes } from './reviews/routes.ts';
import { staffRoutes } from './staff/routes.ts';

export interface OfficeServices {
  config: Config;
  db: Db;
  clock: Clock;
  /** Where travellers reach the public service (links in their e-mails). */
  publicUrl?: string;
  rateLimits?: Partial<typeof OFFICE_RATE_LIMITS>;
  logger?: boolean;
  /** Who gives a fee back (a supervisor's refund); by default the one PAYMENT_PROVIDER names. */
  paymentProvider?: PaymentProvider;
  /** Where refunds are counted; a new registry when absent. */
  metrics?: Metrics;
}

/** Requests a minute per client address. */
const OFFICE_RATE_LIMITS = { global: 300, signIn: 10 };

const GENERIC_FAILURE = 'Sorry, something has gone wrong.';

export const buildOfficeApp = async (services: OfficeServices): Promise<FastifyInstance> => {
  const { config, db, clock } = services;
  const limits = { ...OFFICE_RATE_LIMITS, ...services.rateLimits };
  const app = Fastify({
    logger:
      services.logger === false
        ? false
        : { level: config.logLevel, redact: ['req.headers.cookie'] },
    bodyLimit: 16 * 1024,
    trustProxy: trustProxyOption(config.trustProxy),
    ...requestIdOptions,
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isDatabaseUnavailable(error)) {
      reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return send(reply, 503, { code: 'unavailable', message: GENERIC_FAILURE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'office request failed');
      return send(reply, 500, { code: 'failure', message: GENERIC_FAILURE });
    }
    return send(reply, status, {
      code: status === 429 ? 'tooManyRequests' : 'badRequest',
      message: status === 429 ? 'Too many requests. Wait a minute.' : 'The request is not valid.',
    });
  });
  app.setNotFoundHandler((request, reply) => {
    // The back office's screens: any GET outside the API is the single-page app.
    const isApi = /^\/office(?:[/?#]|$)/.test(request.url);
    if (request.method === 'GET' && !isApi && services.config.officeDist) {
      return reply.sendFile('index.html');
    }
    return send(reply, 404, { code: 'notFound', message: 'Not found.' });
  });

  securityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: config.production,
    referrerPolicy: { policy: 'no-referrer' },
  });
  // Nothing a member of staff sees is kept by a browser or a proxy, but the build's hashed,
  // immutable assets (no case data in them).
  app.addHook('onSend', async (request, reply) => {
    if (!isImmutableAsset(request.url)) reply.header('Cache-Control', 'no-store');
  });
  await app.register(cookie);
  // Before any body is read: only the office's own pages, sending JSON, may change anything; and
  // no text/plain parser, the body a cross-site form can send without asking.
  app.addHook('onRequest', sameOriginJsonOnly(config.backofficeUrl));
  app.removeContentTypeParser('text/plain');
  await app.register(rateLimit, {
    max: limits.global,
    timeWindow: '1 minute',
    errorResponseBuilder: rateLimitError,
  });

  if (config.officeDist) {
    await app.register(fastifyStatic, {
      root: config.officeDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, path) => {
        if (path.includes('/assets/')) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  const totpSealer = createTotpSealer(config.authSecret);
  const antiForgery = createAntiForgery(config.authSecret);
  const guard = createGuard(db, clock, antiForgery);
  const decisions = {
    clock,
    timeZone: config.timeZone,
    publicUrl: services.publicUrl ?? services.config.publicUrl,
    reviewDays: config.reviewDays,
  };
  authRoutes(app, {
    db,
    clock,
    guard,
    antiForgery,
    totpSealer,
    secureCookies: config.production,
    attemptsPerMinute: limits.signIn,
    oidc: config.oidc !== undefined,
  });
  if (config.oidc) {
    oidcRoutes(app, {
      db,
      clock,
      oidc: createOidcSignIn(config.oidc, oidcRedirectUri(config.backofficeUrl)),
      officeUrl: config.backofficeUrl,
      secureCookies: config.production,
      attemptsPerMinute: limits.signIn,
    });
  }
  const payments: PaymentDeps = {
    db,
    clock,
    provider:
      services.paymentProvider ??
      createPaymentProvider(config.payments, { db, clock, publicUrl: decisions.publicUrl }),
    decisions,
    metrics: services.metrics ?? createMetrics({ processMetrics: false }),
    log: app.log,
  };
  caseRoutes(app, { db, decisions, guard, payments });
  contactRequestRoutes(app, { db, reference: createReferenceCache(db), deps: decisions, guard });
  reviewRoutes(app, { db, deps: decisions, guard });
  reportRoutes(app, { db, clock, guard, timeZone: config.timeZone });
  staffRoutes(app, { db, clock, guard, officeUrl: config.backofficeUrl });
  auditRoutes(app, { db, clock, guard, checkpointPath: config.auditCheckpointPath });
  carrierRoutes(app, { db, clock, guard });
  falseHitRoutes(app, { db, clock, guard });
  return app;
};
