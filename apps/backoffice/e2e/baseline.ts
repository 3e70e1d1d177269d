// Screens compared with committed baselines, as the public app's look suite does
// (apps/web/e2e/look.e2e.test.ts): a full-page shot once the page has stopped changing, compared
// with pixelmatch. UPDATE_BASELINES=1 writes the baselines to e2e/baselines/ (review, then commit);
// on a failure the shot and a diff (changed pixels in red) go to e2e/screenshots/look/.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import pixelmatch from 'pixelmatch';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';

const BASELINES = new URL('./baselines/', import.meta.url);
const FAILURES = new URL('./screenshots/look/', import.meta.url);
const UPDATE = process.env.UPDATE_BASELINES === '1';
/** A pixel differs when its colour moved more than this (pixelmatch's YIQ distance, 0–1). */
const PIXEL_THRESHOLD = 0.1;
/** More changed pixels than this (anti-aliasing excluded) is a changed screen. */
const CHANGED_PIXELS = 20;

/** Two shots in a row alike: the screen has settled. */
const stillShot = async (page: Page, fullPage: boolean) => {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  let last: Buffer = Buffer.alloc(0);
  for (let attempt = 0; attempt < 40; attempt++) {
    const shot = await page.screenshot({ fullPage, animations: 'disabled', caret: 'hide' });
    if (shot.equals(last)) return shot;
    last = shot;
    await page.waitForTimeout(300);
  }
  throw new Error(`the page at ${page.url()} did not stop changing`);
};

/**
 * The page as shot now against its baseline `name`: what changed, or undefined. The whole page,
 * or (`fullPage` false) what the window shows: a modal dialog and its backdrop.
 */
export const compareWithBaseline = async (page: Page, name: string, fullPage = true) => {
  const actual = await stillShot(page, fullPage);
  const file = new URL(`${name}.png`, BASELINES);
  if (UPDATE) {
    mkdirSync(BASELINES, { recursive: true });
    writeFileSync(file, actual);
    return undefined;
  }
  if (!existsSync(file)) return `${name}: no baseline (run with UPDATE_BASELINES=1 and commit it)`;
  const expected = PNG.sync.read(readFileSync(file));
  const shot = PNG.sync.read(actual);
  const keep = () => {
    mkdirSync(FAILURES, { recursive: true });
    writeFileSync(new URL(`${name}.png`, FAILURES), actual);
  };
  if (expected.width !== shot.width || expected.height !== shot.height) {
    keep();
    return `${name}: ${shot.width}×${shot.height}, baseline ${expected.width}×${expected.height}`;
  }
  const diff = new PNG({ width: shot.width, height: shot.height });
  const changed = pixelmatch(expected.data, shot.data, diff.data, shot.width, shot.height, {
    threshold: PIXEL_THRESHOLD,
  });
  if (changed <= CHANGED_PIXELS) return undefined;
  keep();
  writeFileSync(new URL(`${name}.diff.png`, FAILURES), PNG.sync.write(diff));
  return `${name}: ${changed} pixels changed`;
};
