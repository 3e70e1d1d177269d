// The end-to-end suite drives Debian's Chromium. As root the test command installs it; otherwise
// it names exactly what is missing. A missing browser is a failure, never a skip.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const ensureChromium = () => {
  if (existsSync(CHROMIUM)) return { ok: true, path: CHROMIUM };
  if (process.getuid?.() === 0) {
    console.log('Chromium is missing: installing Debian package "chromium" (apt-get)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-core'], {
      stdio: 'inherit',
      env,
    });
    if (existsSync(CHROMIUM)) return { ok: true, path: CHROMIUM };
  }
  return {
    ok: false,
    path: CHROMIUM,
    reason: `The end-to-end tests need Chromium at ${CHROMIUM}: install the Debian package with "sudo apt-get install chromium" (or set CHROMIUM_PATH).`,
  };
};
