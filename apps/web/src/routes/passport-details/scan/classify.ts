// Reading the characters of one MRZ line: each cell of the line is sampled into the same small
// grid as the OCR-B glyph templates (scripts/mrz-templates.mjs) and takes the glyph it
// correlates best with, among those the line's format allows at that place.

import { type GreyImage, greyAt, turnedFrame } from './image.ts';
import type { MrzLine } from './locate.ts';
import cell from './ocr-b-glyphs.json' with { type: 'json' };

const { width: CELL_WIDTH, height: CELL_HEIGHT, top: TOP, bottom: BOTTOM } = cell;
const CELL_SIZE = CELL_WIDTH * CELL_HEIGHT;
/** How far a cell may sit from where the pitch puts it, in samples: along, across the line. */
const SLACK_ALONG = 6;
const SLACK_ACROSS = 3;

/** A template shifted to mean 0 and scaled to length 1, for correlation. */
const normalised = (ink: ArrayLike<number>) => {
  const values = Float32Array.from(ink);
  const mean = values.reduce((sum, value) => sum + value, 0) / CELL_SIZE;
  const centred = values.map((value) => value - mean);
  const length = Math.hypot(...centred);
  return centred.map((value) => value / length);
};

/** The glyph as a poor camera sees it: each sample averaged with its neighbours, 1-2-1. */
const softened = (ink: Uint8Array) => {
  const at = (r: number, c: number) =>
    ink[
      Math.min(CELL_HEIGHT - 1, Math.max(0, r)) * CELL_WIDTH +
        Math.min(CELL_WIDTH - 1, Math.max(0, c))
    ]!;
  return Array.from(ink, (_, i) => {
    const r = Math.floor(i / CELL_WIDTH);
    const c = i % CELL_WIDTH;
    let sum = 0;
    for (const [dr, wr] of [
      [-1, 1],
      [0, 2],
      [1, 1],
    ]) {
      for (const [dc, wc] of [
        [-1, 1],
        [0, 2],
        [1, 1],
      ])
        sum += wr! * wc! * at(r + dr!, c + dc!);
    }
    return sum / 16;
  });
};

/** Each glyph's templates, as printed and softened, for correlation. */
const TEMPLATES = new Map(
  Object.entries(cell.glyphs).map(([glyph, base64]) => {
    const ink = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return [glyph, [normalised(ink), normalised(softened(ink))]] as const;
  }),
);

/** The line sampled into cells: ink 0–255, row by row, with slack all round. */
const sampleStrip = (image: GreyImage, angle: number, line: MrzLine) => {
  const { toImage } = turnedFrame(angle);
  const columns = 44 * CELL_WIDTH + 2 * SLACK_ALONG;
  const rows = CELL_HEIGHT + 2 * SLACK_ACROSS;
  const step = line.pitch / CELL_WIDTH;
  const rowStep = ((BOTTOM - TOP) * line.pitch) / CELL_HEIGHT;
  // Average several points per sample when a sample spans several pixels.
  const points = Math.max(1, Math.min(4, Math.round(step)));
  const strip = new Float32Array(columns * rows);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const u0 = line.left + (c - SLACK_ALONG) * step;
      const v0 = line.baseline + TOP * line.pitch + (r - SLACK_ACROSS) * rowStep;
      let sum = 0;
      for (let i = 0; i < points; i++) {
        for (let j = 0; j < points; j++) {
          const [x, y] = toImage(
            u0 + ((i + 0.5) * step) / points,
            v0 + ((j + 0.5) * rowStep) / points,
          );
          sum += greyAt(image, x, y);
        }
      }
      strip[r * columns + c] = 255 - sum / (points * points);
    }
  }
  return { strip, columns };
};

interface Match {
  glyph: string;
  score: number;
}

/** The best of the allowed glyphs for the cell whose top left sample is (column, row). */
const matchAt = (
  strip: Float32Array,
  columns: number,
  column: number,
  row: number,
  allowed: string,
): Match => {
  const window = new Float32Array(CELL_SIZE);
  let mean = 0;
  for (let r = 0; r < CELL_HEIGHT; r++) {
    for (let c = 0; c < CELL_WIDTH; c++) {
      const value = strip[(row + r) * columns + column + c]!;
      window[r * CELL_WIDTH + c] = value;
      mean += value;
    }
  }
  mean /= CELL_SIZE;
  let spread = 0;
  for (const value of window) spread += (value - mean) ** 2;
  const length = Math.sqrt(spread) || 1;
  let best: Match = { glyph: '<', score: -2 };
  for (const glyph of allowed) {
    for (const template of TEMPLATES.get(glyph)!) {
      let dot = 0;
      for (let i = 0; i < CELL_SIZE; i++) dot += template[i]! * window[i]!;
      if (dot / length > best.score) best = { glyph, score: dot / length };
    }
  }
  return best;
};

/** A straight line through (i, values[i]) by least squares, refitted without its outliers. */
const straightFit = (values: readonly number[]) => {
  const fit = (indices: readonly number[]) => {
    const n = indices.length;
    const meanI = indices.reduce((s, i) => s + i, 0) / n;
    const meanV = indices.reduce((s, i) => s + values[i]!, 0) / n;
    const slope =
      indices.reduce((s, i) => s + (i - meanI) * (values[i]! - meanV), 0) /
      (indices.reduce((s, i) => s + (i - meanI) ** 2, 0) || 1);
    return (i: number) => meanV + slope * (i - meanI);
  };
  const all = values.map((_, i) => i);
  const first = fit(all);
  const kept = all.filter((i) => Math.abs(values[i]! - first(i)) <= 1.5);
  return kept.length >= values.length / 2 ? fit(kept) : first;
};

/**
 * The 44 characters of the line, and how well they match their templates (mean correlation, 1
 * at best); `allowed[i]` lists the glyphs the format allows in cell i. First each cell finds
 * roughly where it matches best (every other sample along the line); a straight fit through
 * those places smooths out the odd cell that strayed; then each cell is read there, a sample
 * either way.
 */
export const readLine = (
  image: GreyImage,
  angle: number,
  line: MrzLine,
  allowed: readonly string[],
) => {
  const { strip, columns } = sampleStrip(image, angle, line);
  const found = allowed.map((glyphs, i) => {
    let best = { score: -2, along: 0, across: 0 };
    for (let across = -SLACK_ACROSS; across <= SLACK_ACROSS; across++) {
      for (let along = -SLACK_ALONG; along <= SLACK_ALONG; along += 2) {
        const { score } = matchAt(
          strip,
          columns,
          SLACK_ALONG + i * CELL_WIDTH + along,
          SLACK_ACROSS + across,
          glyphs,
        );
        if (score > best.score) best = { score, along, across };
      }
    }
    return best;
  });
  const along = straightFit(found.map((f) => f.along));
  const across = straightFit(found.map((f) => f.across));
  const cells = allowed.map((glyphs, i) => {
    let best: Match = { glyph: '<', score: -2 };
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const column = SLACK_ALONG + i * CELL_WIDTH + Math.round(along(i)) + dx;
        const row = SLACK_ACROSS + Math.round(across(i)) + dy;
        if (
          column < 0 ||
          row < 0 ||
          column + CELL_WIDTH > columns ||
          row + CELL_HEIGHT > CELL_HEIGHT + 2 * SLACK_ACROSS
        )
          continue;
        const match = matchAt(strip, columns, column, row, glyphs);
        if (match.score > best.score) best = match;
      }
    }
    return best;
  });
  return {
    text: cells.map((cell) => cell.glyph).join(''),
    match: cells.reduce((sum, cell) => sum + cell.score, 0) / cells.length,
  };
};
