// The photo-quality check in the browser, before any upload: the chosen file is decoded (its EXIF
// orientation applied, as the server does), drawn shrunk on a canvas and judged by the domain's
// rules, the server's own; then, if it passes them, its faces are found in a worker and judged by
// the domain's face rules. A browser that cannot decode or draw it, or run the worker, says nothing
// and the server decides: a gap in a browser never stops a traveller.
import {
  firstPhotoProblem,
  measuringSize,
  type PhotoCheckProblem,
  type RgbaPixels,
} from '@eta-il/domain';
import { findFacesInWorker } from './findFaces.ts';

/** A 2D canvas of this size: off screen where the browser has one, else a detached element. */
const canvasContext = (width: number, height: number) => {
  if (typeof OffscreenCanvas === 'function')
    return new OffscreenCanvas(width, height).getContext('2d');
  const canvas = document.createElement('canvas');
  Object.assign(canvas, { width, height });
  return canvas.getContext('2d');
};

/** The faces in the pixels, or undefined where no worker can tell (the server decides then). */
const facesOrUnknown = async (pixels: RgbaPixels) => {
  if (typeof Worker !== 'function') return undefined;
  try {
    return await findFacesInWorker(pixels);
  } catch {
    return undefined;
  }
};

/** The first quality problem of the photo, or undefined when it passes or cannot be checked here. */
export const photoQualityProblem = async (file: Blob): Promise<PhotoCheckProblem | undefined> => {
  if (typeof createImageBitmap !== 'function') return undefined;
  let bitmap: ImageBitmap | undefined;
  try {
    // A browser that does not know 'from-image' throws rather than measure the photo on its side.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const upright = { width: bitmap.width, height: bitmap.height };
    const size = measuringSize(upright.width, upright.height);
    const context = canvasContext(size.width, size.height);
    if (!context) return undefined;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const pixels = context.getImageData(0, 0, size.width, size.height);
    return await firstPhotoProblem(pixels, upright, facesOrUnknown);
  } catch {
    return undefined;
  } finally {
    bitmap?.close();
  }
};
