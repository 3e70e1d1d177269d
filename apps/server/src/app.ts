// buildApp: every plugin and route, no listen (tests call it; main.ts listens).
import { messageText } from '@eta-il/domain';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { countryCheckRoutes } from './api/country-check/routes.ts';
import { eligibilityRoutes } from './api/eligibility/routes.ts';
import { emailCodeRoutes } from './api/email-code/routes.ts';
import { createEmailCodeService } from './api/email-code/service.ts';
import { photoRoutes } from './api/photo/routes.ts';
import { createReferenceCache } from './api/reference-data/cache.ts';
import { referenceDataRoutes } from './api/reference-data/routes.ts';
import { submissionRoutes } from './api/submission/routes.ts';
import { createTokenService } from './auth/tokens.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { type RouteLimit, send } from './http.ts';
import { mailboxRoutes } from './mail/mailbox-routes.ts';
import { registerXsrf } from './security/xsrf.ts';
import { registerWebApp } from './web-app.ts';

export interface AppServices {
  config: Config;
  db: Db;
  clock: Clock;
  /** Nudges the mail worker after mail was queued. */
  onMailQueued: () => void;
  /** Per-IP request limits; tests that hammer one route may raise them. */
  rateLimits?: Partial<typeof RATE_LIMITS>;
  logger?: boolean;
}

export const RATE_LIMITS = { global: 600, code: 30, submission: 20, photo: 20 };

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
  const { config, db, clock, onMailQueued } = services;
  const limits = { ...RATE_LIMITS, global: config.rateLimitPerMinute, ...services.rateLimits };
  const app = Fastify({
    logger:
      services.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: [
              'req.headers["auth-token"]',
              'req.headers.cookie',
              'req.headers["x-xsrf-token"]',
            ],
          },
    bodyLimit: 64 * 1024,
    trustProxy: config.production,
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return send(reply, 500, { message: GENERIC_FAILURE });
    }
    return send(reply, status, { message: clientErrorMessage(error) });
  });

  await app.register(helmet, {
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
    max: limits.global,
    timeWindow: '1 minute',
    errorResponseBuilder: () => ({ statusCode: 429, message: messageText('tooManyRequests') }),
  });
  await app.register(multipart);
  registerXsrf(app, { secure: config.production });

  const reference = createReferenceCache(db);
  const tokens = createTokenService(config.authSecret, clock);
  const codes = createEmailCodeService({ db, clock, secret: config.authSecret, onMailQueued });
  const perMinute = (max: number): RouteLimit => ({ rateLimit: { max, timeWindow: '1 minute' } });

  referenceDataRoutes(app, { reference, backofficeUrl: config.backofficeUrl });
  emailCodeRoutes(app, { codes, tokens, limit: perMinute(limits.code) });
  eligibilityRoutes(app, { reference });
  countryCheckRoutes(app, { reference, tokens });
  submissionRoutes(app, {
    db,
    clock,
    reference,
    onMailQueued,
    tokens,
    timeZone: config.timeZone,
    limit: perMinute(limits.submission),
  });
  photoRoutes(app, { db, clock, tokens, limit: perMinute(limits.photo) });
  if (!config.production && !config.smtpUrl) mailboxRoutes(app, { db });

  await registerWebApp(app, config.webDist);
  return app;
};
