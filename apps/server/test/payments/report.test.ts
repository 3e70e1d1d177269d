// `npm run payments:report` run as an operator runs it (node on the built dist/payments-report.js,
// as the npm script does; test/build-server.ts builds it) on the embedded database and on
// PostgreSQL: the payments paid in the days asked (the service's time zone), refunded or not, the
// totals, nothing a spreadsheet would run as a formula; bad arguments exit 2 with a message.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { csvField, parseReportArgs } from '../../src/payments/report.ts';
import { createPostgresDatabase, DATABASES, type DatabaseKind } from '../harness.ts';

const run = promisify(execFile);
const SERVER = new URL('../../', import.meta.url).pathname;
// A command starts node and a database: minutes on a busy machine.
const COMMAND_MS = 480_000;

const report = async (env: NodeJS.ProcessEnv, args: string[]) => {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--enable-source-maps', 'dist/payments-report.js', ...args],
      { cwd: SERVER, env: { ...process.env, NODE_ENV: 'development', ...env } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
};

describe('the report’s arguments and fields', () => {
  it('takes --from and --to as real days, in order', () => {
    expect(parseReportArgs(['--from', '2026-11-01', '--to', '2026-11-30'])).toEqual({
      ok: true,
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(parseReportArgs(['--to', '2026-11-01', '--from', '2026-11-01'])).toMatchObject({
      ok: true,
    });
    for (const [args, problem] of [
      [[], /Both --from and --to/],
      [['--from', '2026-11-01'], /Both --from and --to/],
      [['--from', '2026-02-30', '--to', '2026-03-01'], /--from must be a date/],
      [['--from', '2026-11-01', '--to', '30/11/2026'], /--to must be a date/],
      [['--from', '2026-11-02', '--to', '2026-11-01'], /after --to/],
      [['--from', '2026-11-01', '--to', '2026-11-02', '--csv'], /Unexpected argument "--csv"/],
      [['--from', '2026-11-01', '--from', '2026-11-02'], /given twice/],
    ] as const) {
      const parsed = parseReportArgs(args);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.problem).toMatch(problem);
    }
  });

  it('makes every formula inert and quotes what CSV must quote', () => {
    expect(csvField('ISR-1234')).toBe('ISR-1234');
    expect(csvField('=1+1')).toBe(`"'=1+1"`);
    expect(csvField('+972')).toBe(`"'+972"`);
    expect(csvField('-2')).toBe(`"'-2"`);
    expect(csvField('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvField('\tcmd')).toBe(`"'\tcmd"`);
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
  });

  it(
    'exits 2 with a message on bad arguments, before opening any database',
    async () => {
      const bad = await report({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }, [
        '--from',
        'yesterday',
        '--to',
        '2026-11-30',
      ]);
      expect(bad.code).toBe(2);
      expect(bad.stdout).toBe('');
      expect(bad.stderr).toContain('--from must be a date written YYYY-MM-DD, not "yesterday"');
      expect(bad.stderr).toContain('Usage: npm run payments:report -- --from YYYY-MM-DD');
    },
    COMMAND_MS,
  );
});

/** A database the command opens itself: an embedded one in a folder, or a new PostgreSQL one. */
const commandDatabase = async (kind: DatabaseKind) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'eta-report-'));
  if (kind === 'pglite') {
    return {
      open: () => openDatabase({ dataDir }),
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const created = await createPostgresDatabase();
  return {
    open: () => openDatabase({ url: created.url }),
    env: { DATA_DIR: dataDir, DATABASE_URL: created.url },
    drop: async () => {
      await created.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

describe.each(DATABASES)('npm run payments:report on %s', (kind) => {
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await drop?.();
  });

  it(
    'prints the payments paid in the days asked, refunded or not, and the totals',
    async () => {
      const target = await commandDatabase(kind);
      drop = target.drop;
      const database = await target.open();
      const payment = (
        n: number,
        reference: string,
        amountMinor: number,
        paidAt: string | null,
        providerReference: string,
      ) => ({
        id: `00000000-0000-4000-8000-00000000000${n}`,
        reference,
        provider: 'dev',
        provider_session_id: `cs_${n}`,
        provider_payment_id: providerReference,
        url: null,
        amount_minor: amountMinor,
        currency: 'ILS',
        status: paidAt === null ? ('open' as const) : ('paid' as const),
        created_at: new Date('2026-11-18T08:00:00Z'),
        paid_at: paidAt === null ? null : new Date(paidAt),
      });
      try {
        await database.db
          .insertInto('payment')
          .values([
            payment(1, 'ISR-EARLY-1', 2500, '2026-11-18T12:00:00Z', 'pi_early'),
            payment(2, 'ISR-ALONE-1', 2500, '2026-11-19T10:00:00Z', 'pi_alone'),
            // 23:30 in Jerusalem on the 20th; its provider reference tries a formula.
            payment(3, 'ILG-FAMILY-1', 7500, '2026-11-20T21:30:00Z', '=HYPERLINK("x")'),
            // 00:30 in Jerusalem on the 21st: after the range.
            payment(4, 'ISR-LATE-1', 2500, '2026-11-20T22:30:00Z', 'pi_late'),
            payment(5, 'ISR-UNPAID-1', 2500, null, 'pi_unpaid'),
          ])
          .execute();
        await database.db
          .insertInto('refund')
          .values({
            id: '00000000-0000-4000-8000-0000000000a3',
            payment_id: '00000000-0000-4000-8000-000000000003',
            provider_refund_id: 're_3',
            amount_minor: 7500,
            currency: 'ILS',
            reason: 'paid twice',
            requested_by: 'system',
            created_at: new Date('2026-11-21T08:00:00Z'),
          })
          .execute();
      } finally {
        await database.close();
      }

      const answer = await report({ ...target.env, TZ_DEFAULT: 'Asia/Jerusalem' }, [
        '--from',
        '2026-11-19',
        '--to',
        '2026-11-20',
      ]);
      expect(answer.stderr).toBe('');
      expect(answer.code).toBe(0);
      expect(answer.stdout).toBe(
        [
          'number,amount,currency,provider_reference,paid_at,refunded',
          'ISR-ALONE-1,25.00,ILS,pi_alone,2026-11-19T10:00:00.000Z,no',
          `ILG-FAMILY-1,75.00,ILS,"'=HYPERLINK(""x"")",2026-11-20T21:30:00.000Z,yes`,
          '',
          'total,count,amount,currency',
          'paid,2,100.00,ILS',
          'refunded,1,75.00,ILS',
          '',
        ].join('\n'),
      );

      const empty = await report(target.env, ['--from', '2025-01-01', '--to', '2025-01-31']);
      expect(empty.code).toBe(0);
      expect(empty.stdout).toContain('paid,0,0.00,ILS\nrefunded,0,0.00,ILS\n');
    },
    COMMAND_MS,
  );
});
