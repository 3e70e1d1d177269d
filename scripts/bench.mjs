#!/usr/bin/env node
// `npm run bench`: builds the web app and the server, then measures: every entry page's weight and
// Lighthouse figures in Chromium, the API's hot reads beside a bare node:http server, the
// screening engine with a 100,000-entry watchlist, submissions, photo uploads and code
// delivery on PostgreSQL (when it answers), the fee paid end to end (submit → pay → screened),
// the carriers' boarding checks with 1,000,000 applications stored (PostgreSQL too), the passport
// scan's MRZ reader on generated data pages, and the photo-quality checks on a labelled set, judged as the server and a browser judge them.
// Figures, not tests: it exits 1 when a page is over its budget, a measurement fails or the MRZ,
// photo or carrier checks miss their aims, or one of issue 32's throughput aims is missed
// (screening, submissions, photo uploads, the counted request against node:http); each of those
// prints `aim met`, or `BELOW AIM` with the gap and its reason.
import { spawnSync } from 'node:child_process';

const run = (command, args) => spawnSync(command, args, { stdio: 'inherit' }).status ?? 1;
const postgres = spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', '5432', '-q']).status === 0;
const submissions = () => {
  if (postgres) return run(process.execPath, ['--import', 'tsx', 'bench/submissions.ts']);
  console.warn('PostgreSQL is not answering on 127.0.0.1:5432: submissions not measured');
  return 1;
};
const payments = () => {
  if (postgres) return run(process.execPath, ['--import', 'tsx', 'bench/payments.ts']);
  console.warn('PostgreSQL is not answering on 127.0.0.1:5432: payments not measured');
  return 1;
};
const carrierChecks = () => {
  if (postgres) return run(process.execPath, ['--import', 'tsx', 'bench/carrier-checks.ts']);
  console.warn('PostgreSQL is not answering on 127.0.0.1:5432: carrier checks not measured');
  return 1;
};
const results = [
  run('npm', ['run', 'build']),
  run(process.execPath, ['--import', 'tsx', 'bench/page-weight.mjs']),
  run(process.execPath, ['bench/api-load.mjs']),
  run(process.execPath, ['bench/screening.mjs', '100000', '5000']),
  submissions(),
  payments(),
  carrierChecks(),
  run(process.execPath, ['--import', 'tsx', 'bench/mrz.mjs']),
  run(process.execPath, ['--import', 'tsx', 'bench/photo-checks.mjs']),
];
process.exit(results.every((status) => status === 0) ? 0 : 1);
