// The operator commands (`npm run staff -- add`, `npm run audit:verify`, `npm run
// payments:report`, `npm run reminders`) as operations on a database, answered as a command's output. A command runs them itself on PostgreSQL, or on the
// embedded database when no server holds it; while a server runs on the embedded database (one
// process at a time may open it), the command asks that server over its control socket
// (socket.ts), and the server runs the same operation.
import { isStaffRole, STAFF_ROLES } from '@eta-il/domain';
import { sql } from 'kysely';
import { recordAudit } from '../../audit/record.ts';
import type { OfficeDb } from '../../audit/tables.ts';
import { describeReport, verifyAndCheckpoint } from '../../audit/verify.ts';
import { type CarrierControl, isCarrierControl, runCarrierControl } from '../../carrier/control.ts';
import { withTransaction } from '../../db/transaction.ts';
import { runExpiryReminders } from '../../jobs/expiry-reminders.ts';
import { silentLog } from '../../jobs/log.ts';
import { isReportDate, paymentsReport } from '../../payments/report.ts';
import { addFirstAdmin, addStaff, mailSetupLink, setupLink } from '../staff/accounts.ts';

export type ControlRequest =
  /** printLink: print the set-up link instead of e-mailing it (the very first admin only). */
  | { op: 'addStaff'; email: string; role: string; printLink?: boolean }
  | { op: 'verifyAudit' }
  /** The payments paid from `from` to `to` (YYYY-MM-DD, both included) as CSV. */
  | { op: 'paymentsReport'; from: string; to: string }
  /** The expiry reminders' job, once, as of noon (UTC) of `asOf` (YYYY-MM-DD; issue 31). */
  | { op: 'expiryReminders'; asOf: string }
  | CarrierControl;

export interface ControlAnswer {
  exitCode: number;
  stdout: string;
  stderr: string;
}

const done = (stdout: string): ControlAnswer => ({ exitCode: 0, stdout, stderr: '' });
const failed = (stderr: string, exitCode = 1): ControlAnswer => ({ exitCode, stdout: '', stderr });

export const isControlRequest = (value: unknown): value is ControlRequest => {
  if (typeof value !== 'object' || value === null) return false;
  const request = value as Record<string, unknown>;
  if (request.op === 'verifyAudit') return true;
  if (request.op === 'paymentsReport') {
    return (
      typeof request.from === 'string' &&
      typeof request.to === 'string' &&
      isReportDate(request.from) &&
      isReportDate(request.to)
    );
  }
  if (request.op === 'expiryReminders') {
    return typeof request.asOf === 'string' && isReportDate(request.asOf);
  }
  if (request.op === 'carrier') return isCarrierControl(request);
  return (
    request.op === 'addStaff' &&
    typeof request.email === 'string' &&
    typeof request.role === 'string' &&
    (request.printLink === undefined || typeof request.printLink === 'boolean') &&
    request.email.length <= 254
  );
};

/** Where a command's answers point and write (from the config). */
export interface ControlSettings {
  officeUrl: string;
  checkpointPath: string;
  /** The service's time zone: the days of the payments report, the reminders' "today". */
  timeZone: string;
  /** Where travellers reach the service: the links in the reminders. */
  publicUrl: string;
}

export const runControl = async (
  db: OfficeDb,
  request: ControlRequest,
  settings: ControlSettings,
  now: Date,
): Promise<ControlAnswer> => {
  const { officeUrl } = settings;
  if (request.op === 'verifyAudit') {
    const report = await verifyAndCheckpoint(db, settings.checkpointPath, now);
    const text = `${describeReport(report)}\n`;
    return report.intact ? done(text) : failed(text);
  }
  if (request.op === 'paymentsReport') {
    const { from, to } = request;
    return done(await paymentsReport(db, { from, to, timeZone: settings.timeZone }));
  }
  if (request.op === 'expiryReminders') {
    const asOf = new Date(`${request.asOf}T12:00:00Z`);
    const sent = await runExpiryReminders({
      db,
      decisions: { clock: () => asOf, timeZone: settings.timeZone, publicUrl: settings.publicUrl },
      log: silentLog,
    });
    return done(
      `Reminders as of ${request.asOf}: ${sent.days30} sent 30 days before the end, ${sent.days7} sent 7 days before. They are queued; the server delivers them (without SMTP_URL, to /dev/mailbox).\n`,
    );
  }
  if (request.op === 'carrier') return runCarrierControl(db, request, now);
  const { email, role } = request;
  if (!isStaffRole(role)) return failed(`Unknown role "${role}" (${STAFF_ROLES.join(', ')}).\n`, 2);
  // The link is printed only for the very first admin, who has no one to e-mail it through;
  // every other account's link goes to its own address (and a supervisor or admin waits for a
  // second admin's confirmation in the back office first).
  const notFirstAdmin = failed(
    '--print-link is only for the first admin account; the set-up link of every other account is e-mailed to its address.\n',
    2,
  );
  if (request.printLink && role !== 'admin') return notFirstAdmin;
  const outcome = await withTransaction(db, async (tx) => {
    if (request.printLink) {
      // Two commands at once must not both make a "first" admin.
      await sql`SELECT pg_advisory_xact_lock(${FIRST_ADMIN_LOCK})`.execute(tx);
      if (await anyAdmin(tx)) return { ok: false, problem: 'notFirstAdmin' } as const;
    }
    const added = request.printLink
      ? await addFirstAdmin(tx, now, email)
      : await addStaff(tx, now, email, role, null);
    if (!added.ok) return added;
    if (added.link && !request.printLink) {
      await mailSetupLink(tx, officeUrl, added, added.link, now);
    }
    await recordAudit(tx, {
      at: now,
      staffId: null,
      actor: 'npm run staff',
      action: 'addStaff',
      client: 'local',
      details: {
        staffId: added.id,
        email: added.email,
        role: added.role,
        createdBy: null,
        awaitingConfirmation: added.link === null,
        linkPrinted: request.printLink === true,
      },
    });
    return added;
  });
  if (!outcome.ok) {
    if (outcome.problem === 'notFirstAdmin') return notFirstAdmin;
    return failed(
      outcome.problem === 'exists'
        ? `${email} already has an account.\n`
        : `"${email}" is not a valid e-mail address.\n`,
    );
  }
  if (!outcome.link) {
    return done(
      `Created ${outcome.role} ${outcome.email}, waiting for an admin to confirm it in the back office (Staff); its set-up link is then e-mailed to ${outcome.email}.\n`,
    );
  }
  if (!request.printLink) {
    return done(
      `Created ${outcome.role} ${outcome.email}. Its one-time set-up link (valid 24 hours) is e-mailed to ${outcome.email}.\n`,
    );
  }
  return done(
    `Created the first admin ${outcome.email}. One-time set-up link (valid 24 hours):\n${setupLink(officeUrl, outcome.link.token)}\n`,
  );
};

const FIRST_ADMIN_LOCK = 7_274_014;

const anyAdmin = async (db: OfficeDb) =>
  (await db.selectFrom('staff').select('id').where('role', '=', 'admin').executeTakeFirst()) !==
  undefined;
