// Staff management (admin only, docs/office-api.md; a supervisor or admin account needs a second
// admin's confirmation, and set-up links go by e-mail to the new member).
import {
  type AddStaffRequest,
  OFFICE_ROLES,
  type StaffAdded,
  type StaffConfirmed,
  type StaffListAnswer,
  type StaffListEntry,
  staffConfirmation,
} from '@eta-il/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OfficeDb } from '../../audit/tables.ts';
import type { Clock } from '../../clock.ts';
import { withTransaction } from '../../db/transaction.ts';
import { send } from '../../http.ts';
import { badRequest } from '../answers.ts';
import { auditRequest } from '../audit/request.ts';
import { type Guard, staffOf } from '../auth/guard.ts';
import { endSessionsOf } from '../auth/sessions.ts';
import { addStaff, confirmStaff, mailSetupLink } from './accounts.ts';

export interface StaffRouteDeps {
  db: OfficeDb;
  clock: Clock;
  guard: Guard;
  /** The back office's address, for set-up links. */
  officeUrl: string;
}

const ADMIN = OFFICE_ROLES.manageStaff;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const AddBody = z.object({
  email: z.string().max(254),
  role: z.string().max(20),
}) satisfies z.ZodType<AddStaffRequest>;
const Params = z.object({ id: z.string().regex(UUID) });

export const staffRoutes = (app: FastifyInstance, deps: StaffRouteDeps) => {
  const { db, clock, guard } = deps;

  app.get('/office/api/staff', { preHandler: guard(ADMIN) }, async (request, reply) => {
    const me = staffOf(request);
    const rows = await db
      .selectFrom('staff')
      .leftJoin('staff as creator', 'creator.id', 'staff.created_by')
      .select([
        'staff.id',
        'staff.email',
        'staff.role',
        'staff.disabled',
        'staff.password_hash',
        'staff.created_at',
        'staff.created_by',
        'staff.awaiting_confirmation',
        'creator.email as creator_email',
      ])
      .orderBy('staff.email')
      .execute();
    const staff = rows.map(
      (r): StaffListEntry => ({
        id: r.id,
        email: r.email,
        role: r.role,
        disabled: r.disabled,
        setUp: r.password_hash !== null,
        createdAt: r.created_at.toISOString(),
        createdBy: r.creator_email,
        awaitingConfirmation: r.awaiting_confirmation,
        mayConfirm:
          r.awaiting_confirmation &&
          !r.disabled &&
          staffConfirmation(r.created_by, { staff: me.id, role: me.role }).ok,
      }),
    );
    return send(reply, 200, { staff } satisfies StaffListAnswer);
  });

  app.post('/office/api/staff', { preHandler: guard(ADMIN) }, async (request, reply) => {
    const body = AddBody.safeParse(request.body);
    if (!body.success) return send(reply, 400, badRequest);
    const me = staffOf(request);
    const outcome = await withTransaction(db, async (tx) => {
      const added = await addStaff(tx, clock(), body.data.email, body.data.role, me.id);
      if (!added.ok) return added;
      if (added.link) await mailSetupLink(tx, deps.officeUrl, added, added.link, clock());
      await auditRequest(tx, clock, request, me, 'addStaff', null, {
        staffId: added.id,
        email: added.email,
        role: added.role,
        createdBy: me.id,
        awaitingConfirmation: added.link === null,
      });
      return added;
    });
    if (!outcome.ok) {
      return outcome.problem === 'exists'
        ? send(reply, 409, { code: 'staffExists', message: 'This address already has an account.' })
        : send(reply, 400, {
            code: outcome.problem,
            message:
              outcome.problem === 'badRole'
                ? 'The role must be officer, supervisor, auditor or admin.'
                : 'The e-mail address is not valid.',
          });
    }
    // The set-up link went to the member's own address; the admin never sees it.
    return send(reply, 201, {
      id: outcome.id,
      awaitingConfirmation: outcome.link === null,
      linkExpiresAt: outcome.link?.expiresAt.toISOString() ?? null,
    } satisfies StaffAdded);
  });

  app.post(
    '/office/api/staff/:id/confirm',
    { preHandler: guard(ADMIN) },
    async (request, reply) => {
      const params = Params.safeParse(request.params);
      if (!params.success) return send(reply, 404, { code: 'notFound', message: 'No such staff.' });
      const me = staffOf(request);
      const outcome = await withTransaction(db, async (tx) => {
        const confirmed = await confirmStaff(tx, clock(), params.data.id, {
          staff: me.id,
          role: me.role,
        });
        if (!confirmed.ok) return confirmed;
        await mailSetupLink(tx, deps.officeUrl, confirmed, confirmed.link, clock());
        await auditRequest(tx, clock, request, me, 'confirmStaff', null, {
          staffId: params.data.id,
          email: confirmed.email,
          role: confirmed.role,
          createdBy: confirmed.createdBy,
          confirmedBy: me.id,
        });
        return confirmed;
      });
      if (!outcome.ok) {
        if (outcome.problem === 'notFound') {
          return send(reply, 404, { code: 'notFound', message: 'No such staff.' });
        }
        return outcome.problem === 'notAwaiting'
          ? send(reply, 409, {
              code: 'notAwaiting',
              message: 'This account is not waiting for confirmation.',
            })
          : send(reply, 403, {
              code: 'sameAdmin',
              message: 'Another admin must confirm an account you created.',
            });
      }
      return send(reply, 200, {
        linkExpiresAt: outcome.link.expiresAt.toISOString(),
      } satisfies StaffConfirmed);
    },
  );

  app.post(
    '/office/api/staff/:id/disable',
    { preHandler: guard(ADMIN) },
    async (request, reply) => {
      const params = Params.safeParse(request.params);
      if (!params.success) return send(reply, 404, { code: 'notFound', message: 'No such staff.' });
      const me = staffOf(request);
      if (params.data.id === me.id) {
        return send(reply, 409, { code: 'notYourself', message: 'You cannot disable yourself.' });
      }
      const row = await db
        .updateTable('staff')
        .set({ disabled: true })
        .where('id', '=', params.data.id)
        .returning('email')
        .executeTakeFirst();
      if (!row) return send(reply, 404, { code: 'notFound', message: 'No such staff.' });
      await endSessionsOf(db, params.data.id);
      await auditRequest(db, clock, request, me, 'disableStaff', null, {
        staffId: params.data.id,
        email: row.email,
      });
      return send(reply, 200);
    },
  );
};
