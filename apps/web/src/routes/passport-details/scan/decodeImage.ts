// A photo or scan as the MRZ reader takes it: decoded, made no larger than MAX_EDGE pixels on its
// longer side (a data page fills a good part of a photo, so its MRZ stays readable), as RGBA.
// Runs in the worker: createImageBitmap and OffscreenCanvas work there, off the main thread.
import type { RgbaImage } from './image.ts';

const MAX_EDGE = 1600;

export const decodeImage = async (file: Blob): Promise<RgbaImage> => {
  // EXIF orientation is applied by default: a phone photo arrives the way up it was taken.
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, MAX_EDGE / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no 2D canvas in this worker');
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return context.getImageData(0, 0, width, height);
};
