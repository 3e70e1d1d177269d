#!/usr/bin/env node
// `npm test`: lint, type-check and every Vitest project (unit, integration, component, end to
// end), then one plain closing line "N passed, N failed" that CI reads.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { ensureChromium } from './ensure-chromium.mjs';
import { testServices } from './test-services.mjs';

const results = [];
const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;
const run = (name, command, args, env = {}) => {
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const start = Date.now();
  const child = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`◀ ${name}: ${child.status === 0 ? 'ok' : 'failed'} in ${seconds(start)}`);
  return child.status === 0;
};
const check = (name, command, args) => results.push({ name, ok: run(name, command, args) });

const browser = ensureChromium();
const services = await testServices();
check('lint (biome)', 'npx', ['biome', 'check', '.']);
check('unused files, exports and dependencies (knip)', 'npx', ['knip', '--no-progress']);
for (const project of [
  'packages/domain',
  'packages/ui',
  'apps/server',
  'apps/web',
  'apps/backoffice',
]) {
  check(`type-check ${project}`, 'npx', ['tsc', '-p', project]);
}

// The end-to-end suites serve the built web app and back office.
check('build (web app, back office)', 'npm', ['run', 'build']);

const report = '.vitest-results.json';
rmSync(report, { force: true });
const vitestOk = run(
  'vitest',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${report}`],
  { ...services.env, ...(browser.ok ? { CHROMIUM_PATH: browser.path } : {}) },
);

let passed = results.filter((r) => r.ok).length;
let failed = results.length - passed;
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed += json.numPassedTests;
  failed += json.numFailedTests + (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
  // A suite that fails to load reports no tests: count it as a failure.
  failed += json.testResults.filter(
    (s) => s.status === 'failed' && s.assertionResults.length === 0,
  ).length;
} else {
  failed += 1;
}
if (!vitestOk && failed === 0) failed = 1;
if (!browser.ok) {
  console.error(`\n✗ ${browser.reason}`);
  failed += 1;
}
for (const problem of services.problems) {
  console.error(`\n✗ ${problem}`);
  failed += 1;
}
for (const r of results.filter((r) => !r.ok)) console.error(`✗ ${r.name} failed`);
console.log(`\nnpm test took ${seconds(started)}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
