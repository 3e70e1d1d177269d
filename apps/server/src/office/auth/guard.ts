// The per-route authorization of the back office: every route names the roles it admits; the
// session cookie is resolved here, on the server, for every request (401 without a session, 403
// without the session's anti-forgery token on a call that changes anything, 403 for a role the
// route does not admit, which is itself audited).
import { STAFF_ROLES, type StaffMember, type StaffRole } from '@eta-il/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordAudit } from '../../audit/record.ts';
import type { OfficeDb } from '../../audit/tables.ts';
import type { Clock } from '../../clock.ts';
import { send } from '../../http.ts';
import { clientOf } from '../../security/client.ts';
import { type AntiForgery, changesState } from './forgery.ts';
import { resumeSession, SESSION_COOKIE } from './sessions.ts';

const signedIn = new WeakMap<FastifyRequest, StaffMember>();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The routes whose :id is an application's (a review's id is its application's). */
const CASE_ROUTES = ['/office/api/cases/:id', '/office/api/reviews/:id'];

/** The case a /cases/:id or /reviews/:id route names, for the audit row of a refused call. */
const caseOf = (request: FastifyRequest): string | null => {
  const { id } = (request.params ?? {}) as { id?: unknown };
  const url = request.routeOptions.url ?? '';
  const isCase = CASE_ROUTES.some((route) => url.startsWith(route));
  return isCase && typeof id === 'string' && UUID.test(id) ? id : null;
};

/** The staff member a guarded route runs for. */
export const staffOf = (request: FastifyRequest): StaffMember => {
  const staff = signedIn.get(request);
  if (!staff) throw new Error('route is not guarded');
  return staff;
};

/** Every role: whoever is signed in. */
export const ALL_ROLES: readonly StaffRole[] = STAFF_ROLES;

export type Guard = (
  roles: readonly StaffRole[],
) => (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export const createGuard =
  (db: OfficeDb, clock: Clock, antiForgery: AntiForgery): Guard =>
  (roles) =>
  async (request, reply) => {
    const id = request.cookies[SESSION_COOKIE];
    const staff = id ? await resumeSession(db, id, clock()) : undefined;
    if (!id || !staff) {
      return send(reply, 401, { code: 'signInRequired', message: 'Sign in first.' });
    }
    if (changesState(request) && !antiForgery.carries(request, id)) {
      return send(reply, 403, {
        code: 'antiForgeryToken',
        message: 'The anti-forgery token is missing or wrong. Reload the page and try again.',
      });
    }
    if (!roles.includes(staff.role)) {
      await recordAudit(db, {
        at: clock(),
        staffId: staff.id,
        actor: staff.email,
        action: 'denied',
        applicationId: caseOf(request),
        client: clientOf(request),
        details: { method: request.method, route: request.routeOptions.url ?? request.url },
      });
      return send(reply, 403, {
        code: 'roleNotAllowed',
        message: 'Your role does not allow this.',
      });
    }
    signedIn.set(request, staff);
    return undefined;
  };
