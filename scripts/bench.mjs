#!/usr/bin/env node
// `npm run bench`: builds the web app, then measures the first page's weight in Chromium and the
// API under load. Figures, not tests: it exits 1 when the page is over its budget.
import { spawnSync } from 'node:child_process';

const run = (command, args) => spawnSync(command, args, { stdio: 'inherit' }).status ?? 1;
const results = [
  run('npm', ['run', 'build']),
  run(process.execPath, ['bench/page-weight.mjs']),
  run(process.execPath, ['bench/api-load.mjs']),
];
process.exit(results.every((status) => status === 0) ? 0 : 1);
