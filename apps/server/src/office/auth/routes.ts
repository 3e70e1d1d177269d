// Set-up, sign-in, sign-out and "who am I" (docs/office-api.md). Every sign-in, successful or
// not, is an audit row. The sign-in and "who am I" answers carry the session's anti-forgery
// token, which the back office sends back on every call that changes anything (forgery.ts).

import type {
  AuthMethods,
  OfficeSession,
  SetupAnswer,
  SetupRequest,
  SignInLocked,
  SignInRequest,
  StaffPasswordProblem,
  WeakPasswordAnswer,
} from '@eta-il/domain';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { Sealer } from '../../api/saved-application/sealing.ts';
import { recordAudit } from '../../audit/record.ts';
import type { OfficeDb } from '../../audit/tables.ts';
import type { Clock } from '../../clock.ts';
import { send } from '../../http.ts';
import { clientOf } from '../../security/client.ts';
import { badRequest } from '../answers.ts';
import { auditRequest } from '../audit/request.ts';
import { completeSetup } from '../staff/accounts.ts';
import type { AntiForgery } from './forgery.ts';
import { ALL_ROLES, type Guard, staffOf } from './guard.ts';
import { endSession, SESSION_COOKIE, startSession } from './sessions.ts';
import { signIn } from './sign-in.ts';

export interface AuthRouteDeps {
  db: OfficeDb;
  clock: Clock;
  guard: Guard;
  antiForgery: AntiForgery;
  totpSealer: Sealer;
  secureCookies: boolean;
  /** Per-IP limit of sign-in and set-up attempts a minute. */
  attemptsPerMinute: number;
  /** Whether the organisation's OpenID Connect sign-in is configured (oidc-routes.ts). */
  oidc: boolean;
}

const SetupBody = z.object({
  token: z.string().min(1).max(200),
  password: z.string().max(1000),
}) satisfies z.ZodType<SetupRequest>;
const SignInBody = z.object({
  email: z.string().max(254),
  password: z.string().max(1000),
  code: z.string().max(12),
}) satisfies z.ZodType<SignInRequest>;

/** What staff read when set-up refuses a password (the back office shows its own translation). */
const PASSWORD_PROBLEM_TEXT: Record<StaffPasswordProblem, string> = {
  tooShort: 'Choose a password of at least 12 characters.',
  tooLong: 'Choose a password of at most 256 characters.',
  breached: 'This password is on a list of passwords exposed in data breaches. Choose another one.',
  guessable:
    'This password is too easy to guess (repeated characters, keyboard patterns, common words or dates). Choose a longer or less predictable one.',
};

export const authRoutes = (app: FastifyInstance, deps: AuthRouteDeps) => {
  const { db, clock, guard } = deps;
  const limit = { rateLimit: { max: deps.attemptsPerMinute, timeWindow: '1 minute' } };

  app.post('/office/api/setup', { config: limit }, async (request, reply) => {
    const body = SetupBody.safeParse(request.body);
    if (!body.success) return send(reply, 400, badRequest);
    const outcome = await completeSetup(
      db,
      clock(),
      body.data.token,
      body.data.password,
      deps.totpSealer,
    );
    if (!outcome.ok) {
      return outcome.problem === 'weakPassword'
        ? send(reply, 400, {
            code: 'weakPassword',
            reason: outcome.reason,
            message: PASSWORD_PROBLEM_TEXT[outcome.reason],
          } satisfies WeakPasswordAnswer)
        : send(reply, 410, {
            code: 'setupLinkInvalid',
            message:
              'This set-up link has expired or was already used. Ask an admin for a new one.',
          });
    }
    await recordAudit(db, {
      at: clock(),
      staffId: outcome.staffId,
      actor: outcome.email,
      action: 'setup',
      client: clientOf(request),
    });
    // The QR code is drawn here so that the back office ships no QR library: an SVG data URL.
    const qrSvg = await QRCode.toString(outcome.otpauthUri, { type: 'svg', margin: 2 });
    return send(reply, 200, {
      totpSecret: outcome.totpSecret,
      otpauthUri: outcome.otpauthUri,
      qrCode: `data:image/svg+xml;base64,${Buffer.from(qrSvg).toString('base64')}`,
    } satisfies SetupAnswer);
  });

  // How staff may sign in, for the sign-in screen: local accounts (password and TOTP) always,
  // the organisation's OpenID Connect provider when OIDC_ISSUER is set.
  app.get('/office/api/auth-methods', async (_request, reply) =>
    send(reply, 200, { local: true, oidc: deps.oidc } satisfies AuthMethods),
  );

  app.post('/office/api/sign-in', { config: limit }, async (request, reply) => {
    const body = SignInBody.safeParse(request.body);
    if (!body.success) return send(reply, 400, badRequest);
    const now = clock();
    const client = clientOf(request);
    const outcome = await signIn(db, now, { ...body.data, source: client }, deps.totpSealer);
    if (!outcome.ok) {
      await recordAudit(db, {
        at: now,
        staffId: outcome.staffId,
        actor: body.data.email.slice(0, 254),
        action: 'signInFailed',
        client,
        details: { problem: outcome.problem },
      });
      return outcome.problem === 'locked'
        ? send(reply, 423, {
            code: 'accountLocked',
            message: 'Too many failed sign-ins. Try again later.',
            lockedUntil: outcome.until.toISOString(),
          } satisfies SignInLocked)
        : send(reply, 401, {
            code: 'wrongCredentials',
            message: 'The address, password or code is not right.',
          });
    }
    const session = await startSession(db, reply, outcome.staff.id, now, deps.secureCookies);
    await recordAudit(db, {
      at: now,
      staffId: outcome.staff.id,
      actor: outcome.staff.email,
      action: 'signIn',
      client,
    });
    return send(reply, 200, {
      staff: outcome.staff,
      antiForgeryToken: deps.antiForgery.tokenOf(session),
    } satisfies OfficeSession);
  });

  app.post('/office/api/sign-out', { preHandler: guard(ALL_ROLES) }, async (request, reply) => {
    const staff = staffOf(request);
    const id = request.cookies[SESSION_COOKIE];
    if (id) await endSession(db, id);
    await auditRequest(db, clock, request, staff, 'signOut');
    reply.clearCookie(SESSION_COOKIE, { path: '/office' });
    return send(reply, 200);
  });

  app.get('/office/api/me', { preHandler: guard(ALL_ROLES) }, async (request, reply) =>
    send(reply, 200, {
      staff: staffOf(request),
      antiForgeryToken: deps.antiForgery.tokenOf(request.cookies[SESSION_COOKIE] ?? ''),
    } satisfies OfficeSession),
  );
};
