// The photo check on a worker thread of check-pool.ts: the domain's quality measures and the face
// detector, off the event loop. Each thread loads the detector by its first task.
import {
  firstPhotoProblem,
  measuringSize,
  type PhotoCheckProblem,
  type RgbaPixels,
} from '@eta-il/domain';
import { detectFaces } from './faceDetection.ts';

export interface PhotoCheckTask {
  /** The photo shrunk to the measuring size, RGBA. */
  pixels: RgbaPixels;
  /** The photo's own upright size. */
  upright: { width: number; height: number };
}

export default ({ pixels, upright }: PhotoCheckTask): Promise<PhotoCheckProblem | undefined> =>
  firstPhotoProblem(pixels, upright, detectFaces);

/** A phone camera's photo (4:3, 12 megapixels), as the server measures it. */
const TYPICAL = { width: 3000, height: 4000 };

/**
 * Loads the detector and runs the check once on a grey photo of the usual size, so that the
 * first traveller's photo waits neither for the model nor for the kernels of that size.
 */
export const warm = async (): Promise<void> => {
  const { width, height } = measuringSize(TYPICAL.width, TYPICAL.height);
  const grey = { data: new Uint8Array(width * height * 4).fill(128), width, height };
  await firstPhotoProblem(grey, TYPICAL, detectFaces);
  await detectFaces(grey);
};
