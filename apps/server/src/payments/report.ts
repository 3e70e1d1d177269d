// `npm run payments:report`: the payments taken in a range of days, as CSV an operator can
// reconcile with the provider's statement (issue 27 item 7, decision 050). One row per payment paid
// in the range (its day in the service's time zone), refunded or not, then the totals. Every field
// is written so that a spreadsheet never runs it as a formula.
import { sql } from 'kysely';
import type { OfficeDb } from '../audit/tables.ts';

const REPORT_HEADER = 'number,amount,currency,provider_reference,paid_at,refunded';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD. */
export const isReportDate = (value: string): boolean => {
  const match = DATE.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** The command's arguments: `--from YYYY-MM-DD --to YYYY-MM-DD`, or what is wrong with them. */
export const parseReportArgs = (
  args: readonly string[],
): { ok: true; from: string; to: string } | { ok: false; problem: string } => {
  const values: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) {
    const [name, value] = [args[i] ?? '', args[i + 1]];
    if ((name !== '--from' && name !== '--to') || value === undefined) {
      return { ok: false, problem: `Unexpected argument "${name}".` };
    }
    if (values[name] !== undefined) return { ok: false, problem: `${name} is given twice.` };
    values[name] = value;
  }
  const { '--from': from, '--to': to } = values;
  if (from === undefined || to === undefined) {
    return { ok: false, problem: 'Both --from and --to are required.' };
  }
  for (const [name, value] of [
    ['--from', from],
    ['--to', to],
  ] as const) {
    if (!isReportDate(value)) {
      return { ok: false, problem: `${name} must be a date written YYYY-MM-DD, not "${value}".` };
    }
  }
  if (from > to) return { ok: false, problem: `--from (${from}) is after --to (${to}).` };
  return { ok: true, from, to };
};

/** A field as CSV: quoted when needed, and a leading = + - @ (or tab, CR) made inert with '. */
export const csvField = (value: string): string => {
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n']/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
};

/** Agorot as shekels with two decimals: 2500 → "25.00". */
const shekels = (minor: number) =>
  `${Math.trunc(minor / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;

interface ReportRow {
  reference: string;
  amount_minor: number;
  currency: string;
  provider_reference: string | null;
  paid_at: Date;
  refund_minor: number | null;
}

/** The report of the payments paid from `from` to `to` (days in `timeZone`, both included). */
export const paymentsReport = async (
  db: OfficeDb,
  { from, to, timeZone }: { from: string; to: string; timeZone: string },
): Promise<string> => {
  const rows = await sql<ReportRow>`
    SELECT p.reference, p.amount_minor, p.currency,
      coalesce(p.provider_payment_id, p.provider_session_id) AS provider_reference,
      p.paid_at, r.amount_minor AS refund_minor
    FROM payment p LEFT JOIN refund r ON r.payment_id = p.id
    WHERE p.paid_at IS NOT NULL
      AND (p.paid_at AT TIME ZONE ${timeZone})::date BETWEEN ${from}::date AND ${to}::date
    ORDER BY p.paid_at, p.id`.execute(db);
  const lines = [REPORT_HEADER];
  let paid = 0;
  let refunded = 0;
  let refunds = 0;
  const currencies = new Set<string>();
  for (const row of rows.rows) {
    const refund = row.refund_minor === null ? null : Number(row.refund_minor);
    paid += Number(row.amount_minor);
    if (refund !== null) {
      refunds += 1;
      refunded += refund;
    }
    currencies.add(row.currency.toUpperCase());
    lines.push(
      [
        row.reference,
        shekels(Number(row.amount_minor)),
        row.currency.toUpperCase(),
        row.provider_reference ?? '',
        new Date(row.paid_at).toISOString(),
        refund === null ? 'no' : 'yes',
      ]
        .map(csvField)
        .join(','),
    );
  }
  const currency = [...currencies].join('/') || 'ILS';
  lines.push(
    '',
    'total,count,amount,currency',
    ['paid', rows.rows.length, shekels(paid), currency].map(String).map(csvField).join(','),
    ['refunded', refunds, shekels(refunded), currency].map(String).map(csvField).join(','),
  );
  return `${lines.join('\n')}\n`;
};
