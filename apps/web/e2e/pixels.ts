// A screenshot against its committed baseline, for every look suite (the traveller's screens,
// the back office's): UPDATE_BASELINES=1 writes the baseline; otherwise a changed size or more
// than CHANGED_PIXELS differing pixels (anti-aliasing excluded) is a change, and the shot and a
// diff (changed pixels in red) are kept in `failures` for a person to look at.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

const UPDATE = process.env.UPDATE_BASELINES === '1';
/** A pixel differs when its colour moved more than this (pixelmatch's YIQ distance, 0–1). */
const PIXEL_THRESHOLD = 0.1;
/**
 * A screen has changed when more than this many of its pixels differ (anti-aliasing excluded):
 * the same build renders identically here, and a word changed on a wide screen is a few hundred.
 */
const CHANGED_PIXELS = 20;

/** Compares `actual` with the baseline `name`; returns a line saying what changed, or undefined. */
export const compareWithBaseline = (
  actual: Buffer,
  name: string,
  folders: { baselines: URL; failures: URL },
): string | undefined => {
  const file = new URL(`${name}.png`, folders.baselines);
  if (UPDATE) {
    mkdirSync(folders.baselines, { recursive: true });
    writeFileSync(file, actual);
    return undefined;
  }
  if (!existsSync(file)) return `${name}: no baseline (run with UPDATE_BASELINES=1 and commit it)`;
  const expected = PNG.sync.read(readFileSync(file));
  const shot = PNG.sync.read(actual);
  const keep = () => {
    mkdirSync(folders.failures, { recursive: true });
    writeFileSync(new URL(`${name}.png`, folders.failures), actual);
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
  writeFileSync(new URL(`${name}.diff.png`, folders.failures), PNG.sync.write(diff));
  return `${name}: ${changed} pixels changed`;
};
