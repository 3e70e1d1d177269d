// A PDF as a person sees it: each page rendered by poppler (pdftoppm), read back by tesseract,
// its QR code decoded from the picture (jsQR) and the picture compared with a committed baseline
// (pixelmatch). A missing tool fails with the Debian package to install, never skips.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

const BASELINES = new URL('./baselines/', import.meta.url);
const FAILURES = new URL('./baselines/failed/', import.meta.url);
const UPDATE = process.env.UPDATE_BASELINES === '1';
/** A pixel differs when its colour moved more than this (pixelmatch's YIQ distance, 0–1). */
const PIXEL_THRESHOLD = 0.1;
/** A page has changed when more pixels than this differ (anti-aliasing excluded): a letter is ~100. */
const CHANGED_PIXELS = 40;

/** Runs a Debian tool; if it is not installed, fails naming the package that brings it. */
const tool = async (command: string, args: string[], debianPackage: string) => {
  try {
    return await promisify(execFile)(command, args, {
      maxBuffer: 16 * 1024 * 1024,
      // One thread: tesseract's threads only contend with the other test workers.
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT') {
      throw new Error(`${command} is not installed: apt-get install ${debianPackage}`);
    }
    throw new Error(
      `${command} failed (${failure.stderr?.trim() || failure.message}); it comes with: apt-get install ${debianPackage}`,
    );
  }
};

/** Every page of the PDF as a PNG at 150 dpi (poppler's pdftoppm). */
export const renderPages = async (pdf: Uint8Array): Promise<Buffer[]> => {
  const dir = await mkdtemp(join(tmpdir(), 'eta-il-picture-'));
  try {
    await writeFile(join(dir, 'document.pdf'), pdf);
    await tool(
      'pdftoppm',
      ['-r', '150', '-png', join(dir, 'document.pdf'), join(dir, 'page')],
      'poppler-utils',
    );
    const pages = (await readdir(dir)).filter((f) => f.endsWith('.png')).sort();
    return Promise.all(pages.map((page) => readFile(join(dir, page))));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

const LANGUAGE_PACKAGES = {
  eng: 'tesseract-ocr',
  heb: 'tesseract-ocr tesseract-ocr-heb',
  ara: 'tesseract-ocr tesseract-ocr-ara',
} as const;

/** The text tesseract reads on a page, without its direction marks (LRM, RLM). */
export const readPage = async (png: Buffer, language: keyof typeof LANGUAGE_PACKAGES) => {
  const dir = await mkdtemp(join(tmpdir(), 'eta-il-ocr-'));
  try {
    await writeFile(join(dir, 'page.png'), png);
    const languages = language === 'eng' ? 'eng' : `${language}+eng`;
    const { stdout } = await tool(
      'tesseract',
      [join(dir, 'page.png'), '-', '-l', languages],
      LANGUAGE_PACKAGES[language],
    );
    return stdout.replace(/[\u200e\u200f]/g, '');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

/** What the QR code on a page says, read from the picture (jsQR). */
export const qrOnPage = (png: Buffer) => {
  const { data, width, height } = PNG.sync.read(png);
  const code = jsQR(new Uint8ClampedArray(data), width, height);
  if (!code) throw new Error('no QR code could be read on the page');
  return code.data;
};

/**
 * Compares a page with its baseline (baselines/<name>.png); returns what changed, or undefined.
 * UPDATE_BASELINES=1 writes the baseline instead. On a change the page and a diff image (changed
 * pixels in red) are written to baselines/failed/.
 */
export const changeFromBaseline = (name: string, png: Buffer): string | undefined => {
  const file = new URL(`${name}.png`, BASELINES);
  if (UPDATE) {
    mkdirSync(BASELINES, { recursive: true });
    writeFileSync(file, png);
    return undefined;
  }
  if (!existsSync(file)) return `${name}: no baseline (run with UPDATE_BASELINES=1, look, commit)`;
  const expected = PNG.sync.read(readFileSync(file));
  const actual = PNG.sync.read(png);
  const keep = (diff?: PNG) => {
    mkdirSync(FAILURES, { recursive: true });
    writeFileSync(new URL(`${name}.png`, FAILURES), png);
    if (diff) writeFileSync(new URL(`${name}.diff.png`, FAILURES), PNG.sync.write(diff));
  };
  if (expected.width !== actual.width || expected.height !== actual.height) {
    keep();
    return `${name}: ${actual.width}×${actual.height}, baseline ${expected.width}×${expected.height}`;
  }
  const diff = new PNG({ width: actual.width, height: actual.height });
  const changed = pixelmatch(expected.data, actual.data, diff.data, actual.width, actual.height, {
    threshold: PIXEL_THRESHOLD,
  });
  if (changed <= CHANGED_PIXELS) return undefined;
  keep(diff);
  return `${name}: ${changed} pixels changed`;
};
