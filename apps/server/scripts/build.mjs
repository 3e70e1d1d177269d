#!/usr/bin/env node
// The server's production build: src/main.ts and the operator commands (migrate, staff, carrier,
// audit-verify, payments-report, reminders) bundled by esbuild into dist/*.js, plain JavaScript for plain
// `node`. npm packages stay outside the bundle and load from node_modules, except the workspace's
// own @eta-il/domain, whose exports are TypeScript. The files the server reads at run time beside
// its code are copied beside the bundle, where `new URL('./…', import.meta.url)` finds them.
// When dist was built from the same inputs (the digest in dist/build-inputs.sha256), nothing is
// done: the operator commands build before each run, and a server running from dist keeps it.
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, version } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}dist`;
const stamp = `${outdir}/build-inputs.sha256`;

/** What the bundle is made of, relative to apps/server: folders are read whole. */
const INPUTS = [
  'src',
  'scripts/build.mjs',
  'package.json',
  'tsconfig.json',
  '../../tsconfig.base.json',
  '../../packages/domain/src',
  '../../packages/domain/package.json',
  '../../packages/domain/tsconfig.json',
];

/** The inputs' names and contents, and esbuild's version, as one SHA-256. */
const inputsDigest = () => {
  const hash = createHash('sha256').update(`esbuild ${version}\0`);
  for (const input of INPUTS) {
    const path = `${root}${input}`;
    const files = statSync(path).isDirectory()
      ? readdirSync(path, { recursive: true })
          .map((name) => `${input}/${name}`)
          .filter((name) => statSync(`${root}${name}`).isFile())
          .sort()
      : [input];
    for (const file of files) {
      const content = readFileSync(`${root}${file}`);
      hash.update(`${file} ${content.length}\0`).update(content);
    }
  }
  return hash.digest('hex');
};

/** Source folder → folder in dist (read through import.meta.url by src/db/migrate.ts, src/mail/templates.ts). */
const RUNTIME_FILES = [
  ['src/db/migrations', 'migrations'],
  ['src/mail/locales', 'locales'],
  ['src/screening/samples', 'samples'],
];

/** Every bare import is external, except the workspace's packages. */
const externalPackages = {
  name: 'external-packages',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@eta-il/') ? undefined : { path: args.path, external: true },
    );
  },
};

const digest = inputsDigest();
if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) process.exit(0);

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'src/main.ts',
    migrate: 'src/ops/migrate-command.ts',
    staff: 'src/office/staff/staff-command.ts',
    carrier: 'src/carrier/carrier-command.ts',
    'audit-verify': 'src/audit/verify-command.ts',
    'payments-report': 'src/payments/report-command.ts',
    reminders: 'src/jobs/reminders-command.ts',
    // Loaded by the photo-check pool (src/api/photo/check-pool.ts) beside main.js.
    'photo-check-worker': 'src/api/photo/photo-check-worker.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
});
for (const [from, to] of RUNTIME_FILES) {
  cpSync(`${root}${from}`, `${outdir}/${to}`, { recursive: true });
}
// Last: a build cut short leaves no digest, and the next one starts again.
writeFileSync(stamp, digest);
console.warn(`server built into ${outdir}`);
