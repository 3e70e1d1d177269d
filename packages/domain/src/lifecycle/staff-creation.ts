// Four eyes on staff accounts (issue 26, docs/decisions/045-staff-four-eyes.md): an account that
// may confirm refusals (supervisor) or create accounts (admin) works only once a second admin,
// not the one who created it, confirms it. Its set-up link goes by e-mail to the new member's
// own address, never to the admin.
import type { StaffRole } from './machine.ts';
import { mayRoleDo } from './office-roles.ts';

/** The roles whose new accounts wait for a second admin's confirmation. */
const ROLES_NEEDING_CONFIRMATION: readonly StaffRole[] = ['supervisor', 'admin'];

export const needsConfirmation = (role: StaffRole): boolean =>
  ROLES_NEEDING_CONFIRMATION.includes(role);

export type StaffConfirmationRefusal = 'sameAdmin' | 'notAdmin';

/**
 * Whether `confirmer` may confirm an account that `createdBy` created (null: created by the
 * operator's command, which any admin may confirm).
 */
export const staffConfirmation = (
  createdBy: string | null,
  confirmer: { staff: string; role: StaffRole },
): { ok: true } | { ok: false; refusal: StaffConfirmationRefusal } => {
  if (!mayRoleDo(confirmer.role, 'manageStaff')) return { ok: false, refusal: 'notAdmin' };
  if (createdBy === confirmer.staff) return { ok: false, refusal: 'sameAdmin' };
  return { ok: true };
};
