// The staff member an OpenID Connect identity signs in as. The provider's subject identifies a
// member from their first sign-in on; the first time, an existing account with the same address
// (which the provider must say it verified: email_verified true, oidc.ts) is linked (an admin may
// have created it), or one is created. The role is the provider's on every sign-in, so a role
// withdrawn there is withdrawn here at the next sign-in. A disabled account stays disabled
// whatever the provider says; an address already linked to another
// subject is refused rather than taken over.
import type { StaffMember } from '@eta-il/domain';
import type { OfficeDb } from '../../audit/tables.ts';
import { normalEmail } from '../staff/accounts.ts';
import type { OidcIdentity } from './oidc.ts';

export type OidcStaffOutcome =
  | { ok: true; staff: StaffMember }
  | { ok: false; problem: 'oidcDisabled'; staffId: string }
  /** The address belongs to an account linked to another subject of the provider. */
  | { ok: false; problem: 'oidcConflict'; staffId: null };

export const staffOfIdentity = async (
  db: OfficeDb,
  now: Date,
  identity: OidcIdentity,
): Promise<OidcStaffOutcome> => {
  const email = normalEmail(identity.email);
  return db.transaction().execute(async (tx) => {
    const known =
      (await tx
        .selectFrom('staff')
        .select(['id', 'email', 'disabled'])
        .where('oidc_subject', '=', identity.subject)
        .forUpdate()
        .executeTakeFirst()) ??
      (await tx
        .selectFrom('staff')
        .select(['id', 'email', 'disabled'])
        .where('email', '=', email)
        .where('oidc_subject', 'is', null)
        // An account waiting for a second admin (decision 045) is not linked before it is confirmed.
        .where('awaiting_confirmation', '=', false)
        .forUpdate()
        .executeTakeFirst());
    if (known?.disabled) return { ok: false, problem: 'oidcDisabled', staffId: known.id } as const;
    if (known) {
      await tx
        .updateTable('staff')
        .set({ role: identity.role, oidc_subject: identity.subject })
        .where('id', '=', known.id)
        .execute();
      return {
        ok: true,
        staff: { id: known.id, email: known.email, role: identity.role },
      } as const;
    }
    const created = await tx
      .insertInto('staff')
      .values({
        id: crypto.randomUUID(),
        email,
        role: identity.role,
        oidc_subject: identity.subject,
        created_at: now,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning(['id', 'email'])
      .executeTakeFirst();
    if (!created) return { ok: false, problem: 'oidcConflict', staffId: null } as const;
    return { ok: true, staff: { ...created, role: identity.role } } as const;
  });
};
