// buildApp: every plugin and route, no listen (tests call it; main.ts listens).
import { messageText } from '@eta-il/domain';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { countryCheckRoutes } from './api/country-check/routes.ts';
import { documentRoutes } from './api/document/routes.ts';
import { eligibilityRoutes } from './api/eligibility/routes.ts';
import { emailCodeRoutes } from './api/email-code/routes.ts';
import { createEmailCodeService } from './api/email-code/service.ts';
import { paymentRoutes } from './api/payment/routes.ts';
import { stripeWebhookRoutes } from './api/payment/stripe-webhook.ts';
import { photoRoutes } from './api/photo/routes.ts';
import { createReferenceCache } from './api/reference-data/cache.ts';
import { isReferenceRead, referenceDataRoutes } from './api/reference-data/routes.ts';
import { renewalRoutes } from './api/renewal/routes.ts';
import { savedApplicationRoutes } from './api/saved-application/routes.ts';
import { createSealer } from './api/saved-application/sealing.ts';
import { createSavedApplicationService } from './api/saved-application/service.ts';
import { statusRoutes } from './api/status/routes.ts';
import { submissionRoutes } from './api/submission/routes.ts';
import { verifyRoutes } from './api/verify/routes.ts';
import { createTokenService } from './auth/tokens.ts';
import type { Clock } from './clock.ts';
import { type Config, trustProxyOption } from './config.ts';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from './db/availability.ts';
import type { Db } from './db/database.ts';
import { createLinkService } from './decisions/links.ts';
import { type RouteLimit, rateLimitError, sendRefusal } from './http.ts';
import { mailboxRoutes } from './mail/mailbox-routes.ts';
import { createMetrics, type Metrics } from './ops/metrics.ts';
import { publicPortServesMetrics, registerOperations } from './ops/operations.ts';
import { requestIdOptions } from './ops/request-id.ts';
import { requestLogSerializers } from './ops/request-log.ts';
import { applyProviderEvent, type PaymentDeps } from './payments/apply-event.ts';
import { createPaymentProvider, isDevProvider } from './payments/create-provider.ts';
import { devPayRoutes } from './payments/dev-pay-routes.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { securityHeaders } from './security/headers.ts';
import { sharedRateLimitStore } from './security/rate-limit-store.ts';
import { registerXsrf } from './security/xsrf.ts';
import { isImmutableAsset, registerWebApp } from './web-app.ts';

export interface AppServices {
  config: Config;
  db: Db;
  clock: Clock;
  /** Per-IP request limits; tests that hammer one route may raise them. */
  rateLimits?: Partial<typeof RATE_LIMITS>;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
  /** Where the app records its metrics (GET /metrics); a new registry without process metrics when absent. */
  metrics?: Metrics;
  /** Who takes the fee; by default the one PAYMENT_PROVIDER names (payments/create-provider.ts). */
  paymentProvider?: PaymentProvider;
}

export const RATE_LIMITS = {
  global: 600,
  code: 30,
  submission: 20,
  photo: 20,
  /**
   * Status look-ups and changes: per IP a minute; per application number in 15 minutes from one
   * IP, and from all IPs together (far higher, so a stranger cannot lock the owner out).
   */
  status: 20,
  statusPerApplication: 10,
  statusPerApplicationAllSources: 200,
  verify: 60,
  /** Saving a draft for later, and the resume link's code and resume calls. */
  savedApplication: 20,
  /** A renewal link's code and its use (issue 31). */
  renewal: 20,
  /**
   * Stripe's webhook deliveries per minute from one address: Stripe sends from a few addresses,
   * one event per payment, and retries a refused delivery for days, so nothing is lost above it.
   */
  stripeWebhook: 1200,
};

const GENERIC_FAILURE = 'Sorry, something has gone wrong. Please check again in few minutes';

/** Fastify's own 4xx errors (bad JSON, too large, wrong type) in words a client can act on. */
const clientErrorMessage = (error: FastifyError): string => {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request as JSON (Content-Type: application/json).';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return messageText('badRequest');
    default:
      return error.statusCode === 429 ? messageText('tooManyRequests') : messageText('badRequest');
  }
};

export const buildApp = async (services: AppServices): Promise<FastifyInstance> => {
  const { config, db, clock } = services;
  const limits = { ...RATE_LIMITS, global: config.rateLimitPerMinute, ...services.rateLimits };
  const metrics = services.metrics ?? createMetrics({ processMetrics: false });
  const app = Fastify({
    logger:
      services.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: requestLogSerializers,
            ...(services.logStream ? { stream: services.logStream } : {}),
            redact: [
              'req.headers["auth-token"]',
              'req.headers.cookie',
              'req.headers["x-xsrf-token"]',
            ],
          },
    bodyLimit: 64 * 1024,
    trustProxy: trustProxyOption(config.trustProxy),
    ...requestIdOptions,
  });
  registerOperations(app, {
    db,
    metrics,
    servesMetrics: publicPortServesMetrics(config),
    embeddedDataDir:
      config.databaseUrl || config.dataDir === 'memory://' ? undefined : config.dataDir,
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return sendRefusal(reply, 503, { message: GENERIC_FAILURE });
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendRefusal(reply, 500, { message: GENERIC_FAILURE });
    }
    return sendRefusal(reply, status, { message: clientErrorMessage(error) });
  });

  securityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: config.production,
  });
  await app.register(cookie);
  await app.register(rateLimit, {
    ...sharedRateLimitStore(app, { db, clock, redisUrl: config.redisUrl }),
    max: limits.global,
    timeWindow: '1 minute',
    // The built app's hashed assets are immutable and cached for a year: a traveller behind a
    // shared address (a hotel, a carrier's NAT) must never be refused the page's own scripts;
    // nor the reference lists, sent from memory (cheaper than a round trip to the store).
    allowList: (request) =>
      isImmutableAsset(request.url) || isReferenceRead(request.method, request.url),
    errorResponseBuilder: rateLimitError,
  });
  await app.register(multipart);
  registerXsrf(app, { secure: config.production });

  const reference = createReferenceCache(db);
  const tokens = createTokenService(config.authSecret, clock);
  const codes = createEmailCodeService({
    db,
    clock,
    secret: config.authSecret,
    metrics,
  });
  const perMinute = (max: number): RouteLimit => ({ rateLimit: { max, timeWindow: '1 minute' } });

  referenceDataRoutes(app, {
    reference,
    backofficeUrl: config.backofficeUrl,
    clock,
    fee: { waivedUntil: config.payments.feeWaivedUntil, timeZone: config.timeZone },
    reviewDays: config.reviewDays,
  });
  emailCodeRoutes(app, { db, codes, tokens, limit: perMinute(limits.code) });
  eligibilityRoutes(app, { reference });
  countryCheckRoutes(app, { db, reference, tokens });
  submissionRoutes(app, {
    db,
    clock,
    reference,
    metrics,
    tokens,
    timeZone: config.timeZone,
    limit: perMinute(limits.submission),
    fee: {
      waivedUntil: config.payments.feeWaivedUntil,
      timeZone: config.timeZone,
      publicUrl: config.publicUrl,
    },
  });
  photoRoutes(app, { db, clock, tokens, limit: perMinute(limits.photo) });
  const saved = createSavedApplicationService({
    db,
    clock,
    sealer: createSealer(config.authSecret),
    publicUrl: config.publicUrl,
  });
  savedApplicationRoutes(app, {
    db,
    saved,
    codes,
    tokens,
    limit: perMinute(limits.savedApplication),
  });
  renewalRoutes(app, {
    db,
    clock,
    codes,
    tokens,
    timeZone: config.timeZone,
    limit: perMinute(limits.renewal),
  });
  const links = createLinkService(config.authSecret, clock);
  const decisions = {
    clock,
    timeZone: config.timeZone,
    publicUrl: config.publicUrl,
    reviewDays: config.reviewDays,
  };
  const statusLimits = {
    perIp: limits.status,
    perApplication: limits.statusPerApplication,
    perApplicationAllSources: limits.statusPerApplicationAllSources,
  };
  statusRoutes(app, {
    db,
    reference,
    links,
    codes,
    decisions,
    limits: statusLimits,
    tokens,
  });
  const provider =
    services.paymentProvider ??
    createPaymentProvider(config.payments, { db, clock, publicUrl: config.publicUrl });
  const payments: PaymentDeps = { db, clock, provider, decisions, metrics, log: app.log };
  paymentRoutes(app, { payments, limits: statusLimits });
  // The development provider's page: config.ts refuses PAYMENT_PROVIDER=dev in production.
  if (!config.production && isDevProvider(provider)) devPayRoutes(app, { provider, payments });
  if (provider.name === 'stripe') {
    await stripeWebhookRoutes(app, {
      provider,
      apply: (event) => applyProviderEvent(payments, event),
      perMinute: limits.stripeWebhook,
    });
  }
  verifyRoutes(app, { db, clock, links, timeZone: config.timeZone, perIp: limits.verify });
  documentRoutes(app, { db, links, publicUrl: config.publicUrl });
  if (!config.production && !config.smtpUrl) mailboxRoutes(app, { db });

  await registerWebApp(app, config.webDist);
  return app;
};
