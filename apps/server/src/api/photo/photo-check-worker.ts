// The photo check on a worker thread of check-pool.ts: the domain's quality measures and the face
// detector, off the event loop. Each thread loads the detector by its first task.
import { firstPhotoProblem, type PhotoCheckProblem, type RgbaPixels } from '@eta-il/domain';
import { detectFaces, warmFaceDetector } from './faceDetection.ts';

export interface PhotoCheckTask {
  /** The photo shrunk to the measuring size, RGBA. */
  pixels: RgbaPixels;
  /** The photo's own upright size. */
  upright: { width: number; height: number };
}

export default ({ pixels, upright }: PhotoCheckTask): Promise<PhotoCheckProblem | undefined> =>
  firstPhotoProblem(pixels, upright, detectFaces);

/** Loads the detector and runs it once, before a traveller's photo waits for it. */
export const warm = (): Promise<void> => warmFaceDetector();
