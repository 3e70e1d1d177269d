// Finding the MRZ on the page: how the page is turned, then the two lines of 44 characters
// nearest the bottom, each as where its first character starts, its baseline and its pitch.
import { type GreyImage, turnedFrame } from './image.ts';

export interface MrzLine {
  /** Along the line, in the turned frame: where the first character's cell starts. */
  left: number;
  /** Across the line, in the turned frame: where the characters stand. */
  baseline: number;
  /** The width of a character cell, in pixels. */
  pitch: number;
}

export interface MrzPlace {
  /** Radians the text lines are turned, clockwise. */
  angle: number;
  lines: readonly [MrzLine, MrzLine];
}

/** OCR-B's ink starts this far into a cell and ends this far on; 43 pitches between. */
const INK_START = 0.16;
const INK_SPAN = 43 + 0.84 - INK_START;

/** Right edges of strokes: ink pixels with paper to their right, as [x, y] pairs. */
const strokeEdges = ({ grey, width, height }: GreyImage, threshold: number) => {
  const edges: number[] = [];
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x + 1 < width; x++) {
      if (grey[row + x]! < threshold && grey[row + x + 1]! >= threshold) edges.push(x, y);
    }
  }
  return edges;
};

/** Edges counted by their row in a frame turned by the angle. */
const rowCounts = (edges: readonly number[], angle: number, height: number, width: number) => {
  const { fromImage } = turnedFrame(angle);
  const offset = width + height;
  const counts = new Int32Array(2 * offset);
  for (let i = 0; i < edges.length; i += 2) {
    counts[Math.round(fromImage(edges[i]!, edges[i + 1]!)[1]) + offset]!++;
  }
  return { counts, offset };
};

const sharpness = (counts: Int32Array) => counts.reduce((sum, count) => sum + count * count, 0);

/** The angle whose rows gather the stroke edges most sharply, searched coarse to fine. */
const textAngle = (edges: readonly number[], image: GreyImage) => {
  const sample = edges.length > 40_000 ? thin(edges, Math.ceil(edges.length / 40_000)) : edges;
  let best = 0;
  for (const [span, step] of [
    [6, 0.5],
    [0.5, 0.1],
    [0.1, 0.025],
  ] as const) {
    const centre = best;
    let bestScore = -1;
    for (let degrees = centre - span; degrees <= centre + span + 1e-9; degrees += step) {
      const { counts } = rowCounts(sample, (degrees * Math.PI) / 180, image.height, image.width);
      const score = sharpness(counts);
      if (score > bestScore) {
        bestScore = score;
        best = degrees;
      }
    }
  }
  return (best * Math.PI) / 180;
};

const thin = (edges: readonly number[], every: number) =>
  edges.filter((_, i) => Math.floor(i / 2) % every === 0);

/** Runs of rows where enough stroke edges lie: text lines, as [top, bottom] in the frame. */
const textBands = (counts: Int32Array, offset: number) => {
  const bands: [number, number][] = [];
  let top = -1;
  for (let row = 0; row <= counts.length; row++) {
    const text = row < counts.length && counts[row]! >= 10;
    if (text && top < 0) top = row;
    if (!text && top >= 0) {
      if (row - top >= 6) bands.push([top - offset, row - 1 - offset]);
      top = -1;
    }
  }
  return bands;
};

/**
 * Where a band holds a run of 44 characters: ink columns without a gap wider than a character,
 * 30 to 56 band heights long. The run's ink edges, and the band's baseline, in the frame.
 */
const characterRun = (
  image: GreyImage,
  threshold: number,
  angle: number,
  band: [number, number],
) => {
  const { toImage, fromImage } = turnedFrame(angle);
  const [top, bottom] = band;
  const height = bottom - top + 1;
  const margin = Math.ceil(height * 0.4);
  const corners = [
    fromImage(0, 0),
    fromImage(image.width, 0),
    fromImage(0, image.height),
    fromImage(image.width, image.height),
  ];
  const uStart = Math.floor(Math.min(...corners.map(([u]) => u)));
  const uEnd = Math.ceil(Math.max(...corners.map(([u]) => u)));
  const columns = new Int32Array(uEnd - uStart);
  const rows = new Int32Array(height + 2 * margin);
  const inkAt = (u: number, v: number) => {
    const [x, y] = toImage(u, v);
    const px = Math.round(x);
    const py = Math.round(y);
    return (
      px >= 0 &&
      py >= 0 &&
      px < image.width &&
      py < image.height &&
      image.grey[py * image.width + px]! < threshold
    );
  };
  for (let v = top - margin; v <= bottom + margin; v++) {
    for (let u = uStart; u < uEnd; u++) if (inkAt(u, v)) columns[u - uStart]!++;
  }
  let best: { left: number; right: number } | undefined;
  let start = -1;
  let last = -1;
  let runs = 0;
  const close = () => {
    const width = last - start;
    if (start >= 0 && width >= 30 * height && width <= 56 * height && runs >= 15) {
      best = { left: start + uStart, right: last + uStart };
    }
  };
  for (let u = 0; u < columns.length; u++) {
    if (columns[u]! === 0) continue;
    if (start >= 0 && u - last > 0.8 * height) {
      close();
      start = -1;
    }
    if (start < 0) {
      start = u;
      runs = 0;
    }
    if (u - last > 1) runs++;
    last = u;
  }
  close();
  if (!best) return undefined;
  for (let v = top - margin; v <= bottom + margin; v++) {
    for (let u = best.left; u <= best.right; u++) if (inkAt(u, v)) rows[v - top + margin]!++;
  }
  const peak = Math.max(...rows);
  let baseline = rows.length - 1;
  while (baseline > 0 && rows[baseline]! < 0.2 * peak) baseline--;
  return { ...best, baseline: baseline + top - margin + 1, height };
};

/** The two MRZ lines nearest the bottom of the page, or undefined if there are none. */
export const locateMrz = (image: GreyImage, threshold: number): MrzPlace | undefined => {
  const edges = strokeEdges(image, threshold);
  const angle = textAngle(edges, image);
  const { counts, offset } = rowCounts(edges, angle, image.height, image.width);
  const runs = textBands(counts, offset)
    .map((band) => characterRun(image, threshold, angle, band))
    .filter((run) => run !== undefined)
    .reverse();
  for (const [i, second] of runs.entries()) {
    const first = runs[i + 1];
    if (!first) break;
    const spacing = second.baseline - first.baseline;
    const pitch = (second.right - second.left + first.right - first.left) / 2 / INK_SPAN;
    if (
      Math.abs(first.left - second.left) > 2 * pitch ||
      spacing < 1.2 * pitch ||
      spacing > 2.6 * pitch
    )
      continue;
    const line = (run: typeof first): MrzLine => ({
      left: run.left - INK_START * pitch,
      baseline: run.baseline,
      pitch,
    });
    return { angle, lines: [line(first), line(second)] };
  }
  return undefined;
};
