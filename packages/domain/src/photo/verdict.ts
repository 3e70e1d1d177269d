// The whole verdict on a photo, the same in the browser and on the server: its pixels' rules
// first, then its faces.
import { type DetectedFace, type PhotoFaceProblem, photoFaceProblems } from './faces.ts';
import { measurePhoto, type RgbaPixels } from './measure.ts';
import { type PhotoQualityProblem, photoQualityProblems } from './problems.ts';

/** Any reason the photo checks refuse a photo. */
export type PhotoCheckProblem = PhotoQualityProblem | PhotoFaceProblem;

/**
 * The first reason to refuse the photo (`pixels` at the measuring size, `photo` its own upright
 * size), or undefined when it passes. `findFaces` runs only when the pixels pass (the detector is
 * the slow part); when it answers undefined (a browser that cannot look), no face problem is
 * reported here and the server decides.
 */
export const firstPhotoProblem = async (
  pixels: RgbaPixels,
  photo: { width: number; height: number },
  findFaces: (pixels: RgbaPixels) => Promise<readonly DetectedFace[] | undefined>,
): Promise<PhotoCheckProblem | undefined> => {
  const quality = photoQualityProblems(measurePhoto(pixels, photo))[0];
  if (quality) return quality;
  const faces = await findFaces(pixels);
  return faces && photoFaceProblems(faces, pixels.width, pixels.height)[0];
};
