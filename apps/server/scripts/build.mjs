#!/usr/bin/env node
// The server's production build: src/main.ts (and the migrate command) bundled by esbuild into
// dist/*.js, plain JavaScript for plain `node`. npm packages stay outside the bundle and load from
// node_modules, except the workspace's own @eta-il/domain, whose exports are TypeScript. The
// files the server reads at run time beside its code are copied beside the bundle, where
// `new URL('./…', import.meta.url)` finds them.
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}dist`;

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

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/main.ts', migrate: 'src/ops/migrate-command.ts' },
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
console.warn(`server built into ${outdir}`);
