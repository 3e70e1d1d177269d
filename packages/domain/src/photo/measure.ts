// What the photo-quality checks measure, from RGBA pixels alone: canvas ImageData in the browser,
// sharp's raw output on the server. No I/O, no DOM. The photo is first turned to luma and shrunk
// (area average) to PHOTO_QUALITY.workingWidth here, so both sides measure the same grid whatever
// size they hand in; a caller shrinks a large photo first to `measuringSize` (twice the working
// width) to save memory, and the last, shared step does the work that counts.
import { PHOTO_QUALITY } from './thresholds.ts';

/**
 * RGBA pixels, 4 bytes each, row by row, alpha not premultiplied (as ImageData and sharp give
 * them). A transparent pixel counts as black: the server stores a JPEG, which has no alpha and
 * shows transparency as black, and the photo is judged as it will be stored.
 */
export interface RgbaPixels {
  data: Uint8ClampedArray | Uint8Array;
  width: number;
  height: number;
}

/** Where a framed passport photo has its face and its background, as shares of the frame. */
const PHOTO_AREAS = {
  /** Eyes, nose and mouth of a head framed as the rules ask: judged for blur and glare. */
  face: { left: 0.3, right: 0.7, top: 0.25, bottom: 0.7 },
  /** The strip above the head, and the strips beside it down to above the shoulders. */
  border: { top: 0.08, side: 0.1, sideBottom: 0.55 },
} as const;

export interface PhotoStats {
  /** The photo's own size in pixels, upright (before any shrinking by the caller). */
  width: number;
  height: number;
  /** Mean luma (0–255) of the whole photo. */
  brightness: number;
  /** Mean luma (0–255) of the face area. */
  faceBrightness: number;
  /** Variance of the Laplacian of the face area over the variance of its luma (working width). */
  sharpness: number;
  /** Median luma (0–255) of the border band. */
  backgroundLightness: number;
  /** Share (0–1) of the border band within the tolerance of its median luma. */
  backgroundUniformity: number;
}

/** A grey image: one luma value (0–255) a pixel. */
interface Grey {
  luma: Float64Array;
  width: number;
  height: number;
}

/** Rec. 601 luma, as JPEG defines it (exact for an opaque grey pixel), over black. */
const lumaOf = ({ data, width, height }: RgbaPixels): Grey => {
  if (data.length !== width * height * 4) throw new RangeError('expected RGBA pixels');
  const luma = new Float64Array(width * height);
  for (let i = 0; i < luma.length; i++) {
    const colour = 299 * data[4 * i]! + 587 * data[4 * i + 1]! + 114 * data[4 * i + 2]!;
    luma[i] = (colour * data[4 * i + 3]!) / 255_000;
  }
  return { luma, width, height };
};

/**
 * Area-average weights along one axis: output cell `o` is the sum over k < count of
 * weights[o * stride + k] × input cell (first[o] + k).
 */
const spans = (from: number, to: number) => {
  const scale = from / to;
  const stride = Math.ceil(scale) + 1;
  const first = new Int32Array(to);
  const count = new Int32Array(to);
  const weights = new Float64Array(to * stride);
  for (let o = 0; o < to; o++) {
    const [start, end] = [o * scale, (o + 1) * scale];
    first[o] = Math.floor(start);
    const last = Math.min(from, Math.ceil(end), first[o]! + stride);
    for (let i = first[o]!; i < last; i++)
      weights[o * stride + count[o]!++] = (Math.min(end, i + 1) - Math.max(start, i)) / scale;
  }
  return { first, count, weights, stride };
};

/** Shrinks to the working width (never enlarges), each output pixel the mean of its area. */
const shrink = (grey: Grey): Grey => {
  const width = Math.min(PHOTO_QUALITY.workingWidth, grey.width);
  const height = Math.max(1, Math.round((grey.height * width) / grey.width));
  if (width === grey.width && height === grey.height) return grey;
  const across = spans(grey.width, width);
  const rows = new Float64Array(width * grey.height);
  for (let y = 0; y < grey.height; y++)
    for (let x = 0; x < width; x++) {
      let sum = 0;
      const from = y * grey.width + across.first[x]!;
      for (let k = 0; k < across.count[x]!; k++)
        sum += across.weights[x * across.stride + k]! * grey.luma[from + k]!;
      rows[y * width + x] = sum;
    }
  const down = spans(grey.height, height);
  const luma = new Float64Array(width * height);
  for (let y = 0; y < height; y++)
    for (let k = 0; k < down.count[y]!; k++) {
      const [w, from] = [down.weights[y * down.stride + k]!, (down.first[y]! + k) * width];
      for (let x = 0; x < width; x++) luma[y * width + x]! += w * rows[from + x]!;
    }
  return { luma, width, height };
};

/** A box given as shares of the frame, its edges on the nearest pixel. */
interface Box {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}
const boxOf = (grey: Grey, left: number, right: number, top: number, bottom: number): Box => ({
  x0: Math.round(left * grey.width),
  x1: Math.round(right * grey.width),
  y0: Math.round(top * grey.height),
  y1: Math.round(bottom * grey.height),
});

/** The luma values of some boxes, in order. */
const valuesIn = ({ luma, width }: Grey, boxes: Box[]): Float64Array => {
  const size = boxes.reduce(
    (sum, b) => sum + Math.max(0, b.x1 - b.x0) * Math.max(0, b.y1 - b.y0),
    0,
  );
  const out = new Float64Array(size);
  let at = 0;
  for (const { x0, x1, y0, y1 } of boxes)
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) out[at++] = luma[y * width + x]!;
  return out;
};

const mean = (values: Float64Array) => {
  let sum = 0;
  for (const v of values) sum += v;
  return values.length ? sum / values.length : 0;
};

const variance = (values: Float64Array) => {
  const average = mean(values);
  let sum = 0;
  for (const v of values) sum += (v - average) ** 2;
  return values.length ? sum / values.length : 0;
};

/**
 * Sharpness: the variance of the 4-neighbour Laplacian over the box (the frame's own edge skipped),
 * divided by the variance of its luma (at least PHOTO_QUALITY.contrastFloor). Edges blurred lose
 * Laplacian energy; dividing by the contrast keeps a sharp face in soft light, or of a dark skin
 * tone, from measuring as blurred.
 */
const sharpnessOf = (grey: Grey, box: Box) => {
  const { luma, width, height } = grey;
  const inner = {
    x0: Math.max(1, box.x0),
    x1: Math.min(width - 1, box.x1),
    y0: Math.max(1, box.y0),
    y1: Math.min(height - 1, box.y1),
  };
  const laplacian = new Float64Array(
    Math.max(0, inner.x1 - inner.x0) * Math.max(0, inner.y1 - inner.y0),
  );
  let at = 0;
  for (let y = inner.y0; y < inner.y1; y++)
    for (let x = inner.x0; x < inner.x1; x++) {
      const i = y * width + x;
      laplacian[at++] =
        luma[i - 1]! + luma[i + 1]! + luma[i - width]! + luma[i + width]! - 4 * luma[i]!;
    }
  const contrast = Math.max(PHOTO_QUALITY.contrastFloor, variance(valuesIn(grey, [box])));
  return variance(laplacian) / contrast;
};

const median = (sorted: Float64Array) => {
  if (!sorted.length) return 0;
  const middle = sorted.length / 2;
  return sorted.length % 2
    ? sorted[Math.floor(middle)]!
    : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The border band: the top strip, then the left and right strips under it. */
const borderBand = (grey: Grey): Float64Array => {
  const { top, side, sideBottom } = PHOTO_AREAS.border;
  return valuesIn(grey, [
    boxOf(grey, 0, 1, 0, top),
    boxOf(grey, 0, side, top, sideBottom),
    boxOf(grey, 1 - side, 1, top, sideBottom),
  ]);
};

/**
 * The size a caller may shrink a photo to before measuring it (never larger than the photo): twice
 * the working width, inside a box twice as tall. The browser draws it on a canvas, the server has
 * sharp resize to it; measurePhoto does the last, shared step.
 */
export const measuringSize = (width: number, height: number) => {
  const limit = 2 * PHOTO_QUALITY.workingWidth;
  const scale = Math.min(1, limit / width, (2 * limit) / height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
};

/**
 * The measures of a photo. `size` is the photo's own upright size when the caller handed in a
 * shrunk copy; the size and shape checks read it.
 */
export const measurePhoto = (
  pixels: RgbaPixels,
  size: { width: number; height: number } = pixels,
): PhotoStats => {
  const grey = shrink(lumaOf(pixels));
  const { left, right, top, bottom } = PHOTO_AREAS.face;
  const face = boxOf(grey, left, right, top, bottom);
  const band = borderBand(grey).sort();
  const lightness = median(band);
  const near = band.filter((v) => Math.abs(v - lightness) <= PHOTO_QUALITY.backgroundTolerance);
  return {
    width: size.width,
    height: size.height,
    brightness: mean(grey.luma),
    faceBrightness: mean(valuesIn(grey, [face])),
    sharpness: sharpnessOf(grey, face),
    backgroundLightness: lightness,
    backgroundUniformity: band.length ? near.length / band.length : 0,
  };
};
