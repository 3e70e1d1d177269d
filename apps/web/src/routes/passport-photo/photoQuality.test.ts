// The browser's photo-quality check: decode, draw shrunk, measure with the domain's rules; any gap
// in the browser (no createImageBitmap, a photo it cannot decode, no 2D canvas) lets the upload go.
// Then the faces, found by the worker (stood in for here; the end-to-end run uses the real one).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findFacesInWorker } from './findFaces.ts';
import { photoQualityProblem } from './photoQuality.ts';

vi.mock('./findFaces.ts', () => ({ findFacesInWorker: vi.fn() }));
const findFaces = vi.mocked(findFacesInWorker);

const file = new Blob([new Uint8Array(16)], { type: 'image/jpeg' });

/** RGBA pixels as getImageData gives them: a light wall around a checkered face, or one grey. */
const pixels = (width: number, height: number, flat?: number) => {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [u, v] = [x / width, y / height];
      const face = u > 0.2 && u < 0.8 && v > 0.15 && v < 0.85;
      const square = (Math.floor(x / 15) + Math.floor(y / 15)) % 2 ? 100 : 180;
      const luma = flat ?? (face ? square : 230);
      data.set([luma, luma, luma, 255], 4 * (y * width + x));
    }
  return { data, width, height };
};

/** A browser that decodes the photo as `bitmap` and reads back `flat` grey or the portrait. */
const browser = (bitmap: { width: number; height: number }, flat?: number) => {
  const close = vi.fn();
  const drawImage = vi.fn();
  const decode = vi.fn(async () => ({ ...bitmap, close }));
  vi.stubGlobal('createImageBitmap', decode);
  vi.stubGlobal(
    'OffscreenCanvas',
    class {
      constructor(
        readonly width: number,
        readonly height: number,
      ) {}
      getContext() {
        const getImageData = () => pixels(this.width, this.height, flat);
        return { drawImage, getImageData, imageSmoothingQuality: 'low' };
      }
    },
  );
  return { decode, drawImage, close };
};

afterEach(() => {
  vi.unstubAllGlobals();
  findFaces.mockReset();
});

describe('photoQualityProblem (in the browser)', () => {
  it('passes a good photo, drawn upright at the measuring size, and frees the bitmap', async () => {
    const { decode, drawImage, close } = browser({ width: 3000, height: 4000 });
    expect(await photoQualityProblem(file)).toBeUndefined();
    expect(decode).toHaveBeenCalledWith(file, { imageOrientation: 'from-image' });
    expect(drawImage).toHaveBeenCalledWith(expect.anything(), 0, 0, 600, 800);
    expect(close).toHaveBeenCalled();
  });

  it("reports the first problem of the domain's rules", async () => {
    browser({ width: 600, height: 800 }, 20);
    expect(await photoQualityProblem(file)).toBe('photoTooDark');
  });

  it("judges the size by the photo's own, not the shrunk copy's", async () => {
    browser({ width: 400, height: 520 });
    expect(await photoQualityProblem(file)).toBe('photoTooSmall');
  });

  it('says nothing where the browser cannot check', async () => {
    // jsdom has no createImageBitmap, as some browsers.
    expect(await photoQualityProblem(file)).toBeUndefined();

    const { decode } = browser({ width: 600, height: 800 }, 20);
    decode.mockRejectedValueOnce(new DOMException('cannot decode', 'InvalidStateError'));
    expect(await photoQualityProblem(file)).toBeUndefined();

    vi.stubGlobal(
      'OffscreenCanvas',
      class {
        getContext = () => null;
      },
    );
    expect(await photoQualityProblem(file)).toBeUndefined();
  });

  describe('faces, where the browser runs workers', () => {
    const stubWorker = () => vi.stubGlobal('Worker', class {});
    const face = { x: 165, y: 220, width: 270, height: 360, score: 0.9 };

    it('passes one face of the right size in the middle, found in the shrunk pixels', async () => {
      browser({ width: 3000, height: 4000 });
      stubWorker();
      findFaces.mockResolvedValueOnce([face]);
      expect(await photoQualityProblem(file)).toBeUndefined();
      expect(findFaces).toHaveBeenCalledWith(expect.objectContaining({ width: 600, height: 800 }));
    });

    it("reports the domain's face rule the worker's faces fail", async () => {
      browser({ width: 600, height: 800 });
      stubWorker();
      findFaces.mockResolvedValueOnce([]);
      expect(await photoQualityProblem(file)).toBe('photoNoFace');
      findFaces.mockResolvedValueOnce([face, { ...face, x: 0 }]);
      expect(await photoQualityProblem(file)).toBe('photoManyFaces');
    });

    it('looks for no face in a photo the other rules refuse', async () => {
      browser({ width: 600, height: 800 }, 20);
      stubWorker();
      expect(await photoQualityProblem(file)).toBe('photoTooDark');
      expect(findFaces).not.toHaveBeenCalled();
    });

    it('says nothing when the worker fails or there is none (the server decides)', async () => {
      browser({ width: 600, height: 800 });
      expect(await photoQualityProblem(file)).toBeUndefined();
      expect(findFaces).not.toHaveBeenCalled();
      stubWorker();
      findFaces.mockRejectedValueOnce(new Error('the face detector failed to start'));
      expect(await photoQualityProblem(file)).toBeUndefined();
    });
  });
});
