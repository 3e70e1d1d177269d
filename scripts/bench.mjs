#!/usr/bin/env node
// `npm run bench`: builds the web app, then measures the first page's weight in Chromium and the
// API under load. Figures, not pass/fail tests (the page-weight run exits 1 over budget).
import { spawnSync } from 'node:child_process';

const run = (args) => spawnSync(process.execPath, args, { stdio: 'inherit' }).status ?? 1;
let failed = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0;
failed ||= run(['bench/page-weight.mjs']) !== 0;
failed ||= run(['bench/api-load.mjs']) !== 0;
process.exit(failed ? 1 : 0);
