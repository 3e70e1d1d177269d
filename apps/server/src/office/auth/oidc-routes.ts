// GET /office/api/oidc/start and GET /office/api/oidc/callback: the browser's round trip through
// the organisation's OpenID Connect provider (docs/office-api.md). Both are navigations, so both
// answer redirects: to the provider, then to the back office, signed in or with `?signIn=<problem>`
// for the sign-in screen to explain. Every attempt that fails is an audit row, like a local one.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordAudit } from '../../audit/record.ts';
import type { OfficeDb } from '../../audit/tables.ts';
import type { Clock } from '../../clock.ts';
import { clientOf } from '../../security/client.ts';
import type { OidcSignIn, OidcTransaction } from './oidc.ts';
import { staffOfIdentity } from './oidc-staff.ts';
import { startSession } from './sessions.ts';

export interface OidcRouteDeps {
  db: OfficeDb;
  clock: Clock;
  oidc: OidcSignIn;
  officeUrl: string;
  secureCookies: boolean;
  attemptsPerMinute: number;
}

const CALLBACK_PATH = 'office/api/oidc/callback';
const TRANSACTION_COOKIE = 'office_oidc';
const TRANSACTION_PATH = '/office/api/oidc';
const TRANSACTION_SECONDS = 10 * 60;

/** The callback the provider sends the browser back to (registered with the provider). */
export const oidcRedirectUri = (officeUrl: string) => new URL(CALLBACK_PATH, officeUrl).href;

const encode = (transaction: OidcTransaction) =>
  Buffer.from(JSON.stringify(transaction)).toString('base64url');

const decode = (cookie: string | undefined): OidcTransaction | undefined => {
  if (!cookie) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cookie, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null) return undefined;
    const { state, nonce, verifier } = value as Record<string, unknown>;
    return typeof state === 'string' && typeof nonce === 'string' && typeof verifier === 'string'
      ? { state, nonce, verifier }
      : undefined;
  } catch {
    return undefined;
  }
};

export const oidcRoutes = (app: FastifyInstance, deps: OidcRouteDeps) => {
  const { db, clock, oidc } = deps;
  const limit = { rateLimit: { max: deps.attemptsPerMinute, timeWindow: '1 minute' } };
  const toSignIn = (reply: FastifyReply, problem: string) =>
    reply.redirect(`/?signIn=${encodeURIComponent(problem)}`);

  app.get('/office/api/oidc/start', { config: limit }, async (request, reply) => {
    let started: Awaited<ReturnType<OidcSignIn['start']>>;
    try {
      started = await oidc.start();
    } catch (error) {
      request.log.warn({ err: error }, 'the OpenID Connect provider is unreachable');
      return toSignIn(reply, 'oidcUnavailable');
    }
    // SameSite=Lax: the provider sends the browser back from another site, and the cookie must
    // come with it; it holds nothing but this attempt's random values, for 10 minutes.
    reply.setCookie(TRANSACTION_COOKIE, encode(started.transaction), {
      path: TRANSACTION_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.secureCookies,
      maxAge: TRANSACTION_SECONDS,
    });
    return reply.redirect(started.url.href);
  });

  app.get('/office/api/oidc/callback', { config: limit }, async (request, reply) => {
    const now = clock();
    const transaction = decode(request.cookies[TRANSACTION_COOKIE]);
    reply.clearCookie(TRANSACTION_COOKIE, { path: TRANSACTION_PATH });
    const refuse = async (
      problem: string,
      who: { staffId: string | null; actor: string } = { staffId: null, actor: 'oidc' },
    ) => {
      await recordAudit(db, {
        at: now,
        ...who,
        action: 'signInFailed',
        client: clientOf(request),
        details: { method: 'oidc', problem },
      });
      return toSignIn(reply, problem);
    };
    if (!transaction) return refuse('oidcFailed');
    const outcome = await finish(request, deps, transaction);
    if (!outcome.ok) return refuse(outcome.problem);
    const { identity } = outcome;
    const member = await staffOfIdentity(db, now, identity);
    if (!member.ok)
      return refuse(member.problem, { staffId: member.staffId, actor: identity.email });
    await startSession(db, reply, member.staff.id, now, deps.secureCookies);
    await recordAudit(db, {
      at: now,
      staffId: member.staff.id,
      actor: member.staff.email,
      action: 'signIn',
      client: clientOf(request),
      details: { method: 'oidc' },
    });
    return reply.redirect('/');
  });
};

/** The provider's answer; a refused code, a wrong state or a bad token is one problem. */
const finish = async (
  request: FastifyRequest,
  deps: OidcRouteDeps,
  transaction: OidcTransaction,
) => {
  try {
    return await deps.oidc.finish(new URL(request.url, deps.officeUrl), transaction);
  } catch (error) {
    request.log.warn({ err: error }, 'OpenID Connect sign-in failed');
    return { ok: false, problem: 'oidcFailed' } as const;
  }
};
