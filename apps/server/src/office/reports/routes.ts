// The supervisor's dashboard (docs/office-api.md), open to the roles the domain's OFFICE_ROLES
// gives readDashboard; each view of it is an audit row.
import { type DashboardAnswer, OFFICE_ROLES } from '@eta-il/domain';
import type { FastifyInstance } from 'fastify';
import type { OfficeDb } from '../../audit/tables.ts';
import type { Clock } from '../../clock.ts';
import { send } from '../../http.ts';
import { auditRequest } from '../audit/request.ts';
import { type Guard, staffOf } from '../auth/guard.ts';
import { readDashboard } from './dashboard.ts';

export interface ReportRouteDeps {
  db: OfficeDb;
  clock: Clock;
  guard: Guard;
  /** The service's time zone: the days the dashboard counts. */
  timeZone: string;
}

export const reportRoutes = (app: FastifyInstance, deps: ReportRouteDeps) => {
  const { db, clock, guard } = deps;

  app.get(
    '/office/api/dashboard',
    { preHandler: guard(OFFICE_ROLES.readDashboard) },
    async (request, reply) => {
      const dashboard = await readDashboard(db, clock(), deps.timeZone);
      await auditRequest(db, clock, request, staffOf(request), 'viewDashboard');
      return send(reply, 200, { dashboard } satisfies DashboardAnswer);
    },
  );
};
