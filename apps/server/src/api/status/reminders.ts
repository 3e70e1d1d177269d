// The consent to reminders before the authorization ends (issue 31), as /status reads and
// withdraws it: whether it stands (POST /api/status's `reminders`), and its withdrawal, confirmed by
// a code of purpose 'reminders' (./routes.ts). Consent given once for a family is withdrawn once
// for it: every application of the group sent to the same address.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { FoundApplication } from '../../decisions/lookup.ts';

/** Whether the traveller of this application will be reminded (consent given, not withdrawn). */
export const remindersConsented = async (db: Db, applicationId: string): Promise<boolean> => {
  const row = await db
    .selectFrom('application')
    .select('reminder_consent')
    .where('id', '=', applicationId)
    .executeTakeFirst();
  return row?.reminder_consent ?? false;
};

/** Withdraws the consent of this application and of its family's; answers how many changed. */
export const withdrawReminderConsent = async (
  db: Db,
  found: Pick<FoundApplication, 'id' | 'email'>,
): Promise<number> => {
  const result = await db
    .updateTable('application')
    .set({ reminder_consent: false })
    .where('reminder_consent', '=', true)
    .where((eb) =>
      eb.or([
        eb('id', '=', found.id),
        eb.and([
          eb('email', '=', found.email),
          eb(
            'group_num',
            '=',
            sql<string>`(SELECT a.group_num FROM application a WHERE a.id = ${found.id})`,
          ),
        ]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
};
