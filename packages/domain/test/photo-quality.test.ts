// Photo quality (issue "Photos that pass the first time"): the measures taken from RGBA pixels, and
// each rule at its threshold, just passing and just failing, on synthetic pixel arrays.
import { describe, expect, it } from 'vitest';
import {
  type DetectedFace,
  firstPhotoProblem,
  measurePhoto,
  measuringSize,
  type PhotoStats,
  photoQualityProblems,
  PHOTO_QUALITY as Q,
  type RgbaPixels,
} from '../src/index.ts';

type Colour = readonly [number, number, number];
const grey = (luma: number): Colour => [luma, luma, luma];

/** An RGBA image painted pixel by pixel. */
const image = (width: number, height: number, paint: (x: number, y: number) => Colour) => {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = 4 * (y * width + x);
      data.set([...paint(x, y), 255], at);
    }
  return { data, width, height } satisfies RgbaPixels;
};
const flat = (colour: Colour, width = 300, height = 400) => image(width, height, () => colour);

/**
 * A photo that passes every check at any size: a light wall (230) around a head whose face is a
 * checker of squares (100 and 180), a 40th of the width each, sharp at every resolution.
 */
const portrait = (width = 600, height = 800, wall: Colour = grey(230)) =>
  image(width, height, (x, y) => {
    const [u, v] = [x / width, y / height];
    if (u < 0.2 || u > 0.8 || v < 0.15 || v > 0.85) return wall;
    const square = width / 40;
    return grey((Math.floor(x / square) + Math.floor(y / square)) % 2 ? 100 : 180);
  });

const problemsOf = (pixels: RgbaPixels) => photoQualityProblems(measurePhoto(pixels));

describe('measurePhoto', () => {
  it('measures a grey photo as its grey, flat, and a plain background', () => {
    expect(measurePhoto(flat(grey(128)))).toEqual({
      width: 300,
      height: 400,
      brightness: 128,
      faceBrightness: 128,
      sharpness: 0,
      backgroundLightness: 128,
      backgroundUniformity: 1,
    });
  });

  it('weighs colours by Rec. 601 luma, and sees transparency as black, as the stored JPEG shows it', () => {
    expect(measurePhoto(flat([255, 0, 0])).brightness).toBeCloseTo(76.245, 9);
    expect(measurePhoto(flat([0, 0, 255])).brightness).toBeCloseTo(29.07, 9);
    const seeThrough = (alpha: number) => {
      const pixels = flat(grey(200));
      for (let i = 3; i < pixels.data.length; i += 4) pixels.data[i] = alpha;
      return measurePhoto(pixels).brightness;
    };
    expect(seeThrough(0)).toBe(0);
    expect(seeThrough(51)).toBeCloseTo(40, 9);
  });

  it('does not depend on the resolution: the same scene at 1×, 2× and 4× the working width', () => {
    const scene = (scale: number) =>
      image(300 * scale, 400 * scale, (x, y) => {
        const [cx, cy] = [Math.floor(x / scale), Math.floor(y / scale)];
        if (cx < 60 || cx > 240 || cy < 60) return grey(225);
        return grey((cx + cy) % 2 ? 60 : 170);
      });
    const base = measurePhoto(scene(1));
    expect(base.sharpness).toBeGreaterThan(1);
    for (const scale of [2, 4]) {
      const stats = measurePhoto(scene(scale));
      expect(stats).toMatchObject({ width: 300 * scale, height: 400 * scale });
      for (const key of [
        'brightness',
        'faceBrightness',
        'sharpness',
        'backgroundLightness',
        'backgroundUniformity',
      ] as const)
        expect(stats[key], key).toBeCloseTo(base[key], 9);
    }
  });

  it("reports the photo's own size when the caller hands in a shrunk copy", () => {
    const stats = measurePhoto(portrait(600, 800), { width: 3000, height: 4000 });
    expect(stats).toMatchObject({ width: 3000, height: 4000 });
    expect(stats.brightness).toBeCloseTo(measurePhoto(portrait(600, 800)).brightness, 9);
  });

  it('a caller shrinks a large photo to twice the working width, inside a box twice as tall', () => {
    expect(measuringSize(3000, 4000)).toEqual({ width: 600, height: 800 });
    expect(measuringSize(450, 600)).toEqual({ width: 450, height: 600 });
    expect(measuringSize(600, 3000)).toEqual({ width: 240, height: 1200 });
  });

  it('refuses pixels that are not RGBA', () => {
    expect(() =>
      measurePhoto({ data: new Uint8Array(300 * 400 * 3), width: 300, height: 400 }),
    ).toThrow(RangeError);
  });

  it('judges sharpness apart from contrast, and a blur lowers it', () => {
    const checker = (low: number, high: number, cell: number) =>
      image(300, 400, (x, y) =>
        grey((Math.floor(x / cell) + Math.floor(y / cell)) % 2 ? low : high),
      );
    const sharp = checker(40, 200, 20);
    const strong = measurePhoto(sharp).sharpness;
    expect(measurePhoto(checker(100, 140, 20)).sharpness).toBeCloseTo(strong, 9);
    // The same squares seen through a 7 × 7 box blur: their edges spread over 7 pixels.
    const at = (x: number, y: number) =>
      sharp.data[4 * (Math.min(399, Math.max(0, y)) * 300 + Math.min(299, Math.max(0, x)))]!;
    const blurred = image(300, 400, (x, y) => {
      let sum = 0;
      for (let dy = -3; dy <= 3; dy++) for (let dx = -3; dx <= 3; dx++) sum += at(x + dx, y + dy);
      return grey(Math.round(sum / 49));
    });
    expect(measurePhoto(blurred).sharpness).toBeLessThan(strong / 10);
  });
});

describe('photoQualityProblems, each rule at its threshold', () => {
  it('a well-lit, sharp portrait on a light plain wall has no problem, at any size', () => {
    expect(problemsOf(portrait(600, 800))).toEqual([]);
    expect(problemsOf(portrait(1200, 1600))).toEqual([]);
  });

  it(`size: at least ${Q.minWidth} × ${Q.minHeight} pixels`, () => {
    expect(problemsOf(portrait(Q.minWidth, Q.minHeight))).toEqual([]);
    expect(problemsOf(portrait(Q.minWidth - 1, Q.minHeight))).toEqual(['photoTooSmall']);
    expect(problemsOf(portrait(Q.minWidth, Q.minHeight - 1))).toEqual(['photoTooSmall']);
  });

  it(`shape: width ÷ height from ${Q.minAspect} to ${Q.maxAspect}`, () => {
    expect(problemsOf(portrait(520, 800))).toEqual([]); // 0.65
    expect(problemsOf(portrait(519, 800))).toEqual(['photoWrongShape']);
    expect(problemsOf(portrait(680, 800))).toEqual([]); // 0.85
    expect(problemsOf(portrait(681, 800))).toEqual(['photoWrongShape']);
    expect(problemsOf(portrait(800, 600))).toEqual(['photoWrongShape']);
    expect(problemsOf(portrait(800, 800))).toEqual(['photoWrongShape']);
  });

  // A flat grey photo measures its grey exactly; one unit less red takes 0.299 from its luma.
  it(`dark: a mean luma of at least ${Q.minBrightness}`, () => {
    expect(problemsOf(flat(grey(Q.minBrightness)))).not.toContain('photoTooDark');
    expect(problemsOf(flat([Q.minBrightness - 1, Q.minBrightness, Q.minBrightness]))).toContain(
      'photoTooDark',
    );
  });

  it(`bright: a face at most ${Q.maxFaceBrightness} of luma`, () => {
    const max = Q.maxFaceBrightness;
    expect(problemsOf(flat(grey(max)))).not.toContain('photoTooBright');
    expect(problemsOf(flat([max + 1, max, max]))).toContain('photoTooBright');
  });

  it(`blurred: a sharpness of at least ${Q.minSharpness}`, () => {
    // A checker of single pixels whose two colours differ by D of luma: every Laplacian is ±4D and
    // the luma varies less than the contrast floor, so the sharpness is 16·D² / floor. Blue weighs
    // 0.114 and green 0.587: D = 0.342 (+3 blue) measures 0.0187, D = 0.359 (+1 green, −2 blue)
    // 0.0206, either side of 0.02.
    const checker = (other: Colour) =>
      image(300, 400, (x, y) => ((x + y) % 2 ? [120, 120, 120] : other));
    const sharpness = (d: number) => (16 * d * d) / Q.contrastFloor;
    const under = measurePhoto(checker([120, 120, 123]));
    const over = measurePhoto(checker([120, 121, 118]));
    expect(under.sharpness).toBeCloseTo(sharpness(0.342), 9);
    expect(over.sharpness).toBeCloseTo(sharpness(0.359), 9);
    expect(photoQualityProblems(under)).toContain('photoBlurred');
    expect(photoQualityProblems(over)).not.toContain('photoBlurred');
  });

  it(`background: a border band of median luma at least ${Q.minBackgroundLightness}`, () => {
    const min = Q.minBackgroundLightness;
    expect(problemsOf(portrait(600, 800, grey(min)))).toEqual([]);
    expect(problemsOf(portrait(600, 800, [min - 1, min, min]))).toEqual(['photoBackground']);
  });

  // At 300 × 400 the band is the top 32 rows (9,600 pixels) and 30 columns each side from row 32 to
  // row 220 (2 × 5,640): 20,880 pixels, of which 30 % is 6,264.
  it(`background: ${Q.minBackgroundUniformity * 100} % of the band near its median`, () => {
    const photo = portrait(300, 400);
    /** The portrait with its first `count` pixels (the top rows, in the band) in `shade`. */
    const wall = (count: number, shade: number) =>
      image(300, 400, (x, y) => {
        const at = y * 300 + x;
        return at < count ? grey(shade) : grey(photo.data[4 * at]!);
      });
    const far = 230 - Q.backgroundTolerance - 1;
    expect(problemsOf(wall(6264, far))).not.toContain('photoBackground');
    expect(problemsOf(wall(6265, far))).toContain('photoBackground');
    expect(measurePhoto(wall(6265, far)).backgroundUniformity).toBeCloseTo(1 - 6265 / 20880, 9);
    // A shade within the tolerance is the same wall.
    expect(problemsOf(wall(9000, 230 - Q.backgroundTolerance))).not.toContain('photoBackground');
  });

  it('lists every problem in the fixed order: size, shape, dark, bright, blurred, background', () => {
    const hopeless: PhotoStats = {
      width: 300,
      height: 300,
      brightness: 10,
      faceBrightness: 250,
      sharpness: 0,
      backgroundLightness: 20,
      backgroundUniformity: 0.1,
    };
    expect(photoQualityProblems(hopeless)).toEqual([
      'photoTooSmall',
      'photoWrongShape',
      'photoTooDark',
      'photoTooBright',
      'photoBlurred',
      'photoBackground',
    ]);
  });
});

describe('firstPhotoProblem: the pixels first, then the faces', () => {
  const oneFace: DetectedFace = { x: 180, y: 220, width: 240, height: 360, score: 0.9 };
  const size = { width: 600, height: 800 };

  it('reports a pixel problem without asking for faces (the detector is the slow part)', async () => {
    let asked = false;
    const findFaces = async () => {
      asked = true;
      return [oneFace];
    };
    expect(await firstPhotoProblem(flat(grey(20), 600, 800), size, findFaces)).toBe('photoTooDark');
    expect(asked).toBe(false);
  });

  it('then judges the faces found: none, two, or one that passes', async () => {
    const pixels = portrait();
    expect(await firstPhotoProblem(pixels, size, async () => [])).toBe('photoNoFace');
    expect(
      await firstPhotoProblem(pixels, size, async () => [oneFace, { ...oneFace, x: 20 }]),
    ).toBe('photoManyFaces');
    expect(await firstPhotoProblem(pixels, size, async () => [oneFace])).toBeUndefined();
  });

  it('leaves the faces to the server where they could not be looked for', async () => {
    expect(await firstPhotoProblem(portrait(), size, async () => undefined)).toBeUndefined();
  });
});
