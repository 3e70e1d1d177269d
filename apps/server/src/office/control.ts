// The two operator commands (`npm run staff -- add`, `npm run audit:verify`) as operations on a
// database, answered as a command's output. A command runs them itself on PostgreSQL, or on the
// embedded database when no server holds it; while a server runs on the embedded database (one
// process at a time may open it), the command asks that server over its control socket
// (control-socket.ts), and the server runs the same operation.
import { isStaffRole, STAFF_ROLES } from '@eta-il/domain';
import { recordAudit } from '../audit/record.ts';
import type { OfficeDb } from '../audit/tables.ts';
import { describeReport, verifyAuditChain } from '../audit/verify.ts';
import { addStaff, setupLink } from './staff.ts';

export type ControlRequest =
  | { op: 'addStaff'; email: string; role: string }
  | { op: 'verifyAudit' };

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
  return (
    request.op === 'addStaff' &&
    typeof request.email === 'string' &&
    typeof request.role === 'string' &&
    request.email.length <= 254
  );
};

export const runControl = async (
  db: OfficeDb,
  request: ControlRequest,
  officeUrl: string,
  now: Date,
): Promise<ControlAnswer> => {
  if (request.op === 'verifyAudit') {
    const report = await verifyAuditChain(db);
    const text = `${describeReport(report)}\n`;
    return report.intact ? done(text) : failed(text);
  }
  const { email, role } = request;
  if (!isStaffRole(role)) return failed(`Unknown role "${role}" (${STAFF_ROLES.join(', ')}).\n`, 2);
  const outcome = await addStaff(db, now, email, role);
  if (!outcome.ok) {
    return failed(
      outcome.problem === 'exists'
        ? `${email} already has an account.\n`
        : `"${email}" is not a valid e-mail address.\n`,
    );
  }
  await recordAudit(db, {
    at: now,
    staffId: null,
    actor: 'npm run staff',
    action: 'addStaff',
    client: 'local',
    details: { staffId: outcome.id, email: outcome.email, role: outcome.role },
  });
  return done(
    `Created ${outcome.role} ${outcome.email}. One-time set-up link (valid 24 hours):\n${setupLink(officeUrl, outcome.token)}\n`,
  );
};
