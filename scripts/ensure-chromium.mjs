// The end-to-end suite drives Debian's Chromium, and the passport-scan tests draw data pages in
// the OCR-B font (Debian's fonts-ocr-b). As root the test command installs what is missing;
// otherwise it names exactly what is missing. A missing browser is a failure, never a skip.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const OCR_B = '/usr/share/fonts/opentype/ocr-b/OCRB.otf';

export const ensureChromium = () => {
  const missing = [
    ...(existsSync(CHROMIUM) ? [] : ['chromium', 'fonts-noto-core']),
    ...(existsSync(OCR_B) ? [] : ['fonts-ocr-b']),
  ];
  if (missing.length > 0 && process.getuid?.() === 0) {
    console.log(`Installing Debian packages ${missing.join(', ')} (apt-get)…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
  }
  if (!existsSync(OCR_B))
    console.error(`The passport-scan tests need ${OCR_B}: install fonts-ocr-b.`);
  if (existsSync(CHROMIUM)) return { ok: true, path: CHROMIUM };
  return {
    ok: false,
    path: CHROMIUM,
    reason: `The end-to-end tests need Chromium at ${CHROMIUM}: install the Debian package with "sudo apt-get install chromium" (or set CHROMIUM_PATH).`,
  };
};
