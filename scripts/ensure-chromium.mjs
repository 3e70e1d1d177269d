// The end-to-end suite drives Debian's Chromium, the passport-scan tests draw data pages in the
// OCR-B font (Debian's fonts-ocr-b), and the authorization PDF is rendered and read back
// (poppler-utils, tesseract-ocr with its Hebrew and Arabic data). As root the test command
// installs what is missing; otherwise it names exactly what is missing. A missing browser is a
// failure, never a skip (and a missing PDF tool fails the PDF's tests, naming its package).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const OCR_B = '/usr/share/fonts/opentype/ocr-b/OCRB.otf';
const NOTO_SANS = '/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf';

/** Whether a command runs (it is installed). */
const runs = (command, args) => !spawnSync(command, args, { stdio: 'ignore' }).error;
/** The languages tesseract has data for, or none when it is not installed. */
const ocrLanguages = () =>
  spawnSync('tesseract', ['--list-langs'], { encoding: 'utf8' }).stdout?.split(/\s+/) ?? [];

/** The Debian packages that render and read back the authorization PDF, those missing. */
const missingPdfTools = () => {
  const languages = ocrLanguages();
  return [
    ...(runs('pdftoppm', ['-v']) ? [] : ['poppler-utils']),
    ...(languages.includes('eng') ? [] : ['tesseract-ocr']),
    ...(languages.includes('heb') ? [] : ['tesseract-ocr-heb']),
    ...(languages.includes('ara') ? [] : ['tesseract-ocr-ara']),
  ];
};

export const ensureChromium = () => {
  const missing = [
    ...(existsSync(CHROMIUM) ? [] : ['chromium']),
    // The look baselines are drawn in Noto Sans (system-ui resolves to it when installed).
    ...(existsSync(NOTO_SANS) ? [] : ['fonts-noto-core']),
    ...(existsSync(OCR_B) ? [] : ['fonts-ocr-b']),
    ...missingPdfTools(),
  ];
  if (missing.length > 0 && process.getuid?.() === 0) {
    console.log(`Installing Debian packages ${missing.join(', ')} (apt-get)…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
  }
  if (!existsSync(OCR_B))
    console.error(`The passport-scan tests need ${OCR_B}: install fonts-ocr-b.`);
  const pdfTools = missingPdfTools();
  if (pdfTools.length > 0)
    console.error(`The authorization PDF's tests need: apt-get install ${pdfTools.join(' ')}.`);
  if (existsSync(CHROMIUM)) return { ok: true, path: CHROMIUM };
  return {
    ok: false,
    path: CHROMIUM,
    reason: `The end-to-end tests need Chromium at ${CHROMIUM}: install the Debian package with "sudo apt-get install chromium" (or set CHROMIUM_PATH).`,
  };
};
