// The scanned image as the reader sees it: grey levels, a threshold between ink and paper, and
// reading the grey level at any point of a turned frame. No DOM: Node tests run it as it is.

/** Pixels as an ImageData holds them: RGBA, row by row. */
export interface RgbaImage {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export interface GreyImage {
  /** 0 black to 255 white, row by row. */
  grey: Uint8Array;
  width: number;
  height: number;
}

export const greyOf = ({ data, width, height }: RgbaImage): GreyImage => {
  const grey = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < grey.length; i++, p += 4) {
    grey[i] = (data[p]! * 77 + data[p + 1]! * 150 + data[p + 2]! * 29) >> 8;
  }
  return { grey, width, height };
};

/** Otsu's threshold: the grey level that best splits the image's histogram in two classes. */
export const otsuThreshold = ({ grey }: GreyImage): number => {
  const histogram = new Float64Array(256);
  for (const level of grey) histogram[level]!++;
  let total = 0;
  for (let level = 0; level < 256; level++) total += level * histogram[level]!;
  let below = 0;
  let belowSum = 0;
  let best = 0;
  let threshold = 128;
  for (let level = 0; level < 256; level++) {
    below += histogram[level]!;
    belowSum += level * histogram[level]!;
    const above = grey.length - below;
    if (below === 0 || above === 0) continue;
    const difference = belowSum / below - (total - belowSum) / above;
    const between = below * above * difference * difference;
    if (between > best) {
      best = between;
      threshold = level;
    }
  }
  return threshold;
};

/**
 * A frame turned by `angle` radians: (u, v) along and across the text lines. `toImage` gives the
 * pixel position of a frame point, `fromImage` the frame point of a pixel.
 */
export const turnedFrame = (angle: number) => {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return {
    toImage: (u: number, v: number) => [u * cos - v * sin, u * sin + v * cos] as const,
    fromImage: (x: number, y: number) => [x * cos + y * sin, -x * sin + y * cos] as const,
  };
};

/** The grey level at a point between pixels (bilinear); white outside the image. */
export const greyAt = ({ grey, width, height }: GreyImage, x: number, y: number): number => {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  if (x0 < 0 || y0 < 0 || x0 + 1 >= width || y0 + 1 >= height) return 255;
  const fx = x - x0;
  const fy = y - y0;
  const i = y0 * width + x0;
  const top = grey[i]! + (grey[i + 1]! - grey[i]!) * fx;
  const bottom = grey[i + width]! + (grey[i + width + 1]! - grey[i + width]!) * fx;
  return top + (bottom - top) * fy;
};
