// The server project's global setup: builds apps/server/dist once, before any file runs (nothing
// when dist was built from the same sources), for the suites that run the operator commands as
// the npm scripts do, from dist/*.js. Built here rather than per file, so that no file empties
// dist while another runs a command from it.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BUILD = fileURLToPath(new URL('../scripts/build.mjs', import.meta.url));

export default function buildServer() {
  execFileSync(process.execPath, [BUILD], { stdio: 'inherit' });
}
