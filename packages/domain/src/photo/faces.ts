// The face rules: exactly one face, neither too far nor too close, in the middle of the frame. The
// faces come from the detector (faceDetector.ts), run in the browser's worker and on the server on
// the same shrunk, upright pixels as the other checks; these rules judge its boxes.
import { PHOTO_FACE } from './faceThresholds.ts';

/** A face the detector found: its box in pixels of the image it was given, and its score (0–1). */
export interface DetectedFace {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
}

export type PhotoFaceProblem =
  | 'photoNoFace'
  | 'photoManyFaces'
  | 'photoFaceTooSmall'
  | 'photoFaceTooClose'
  | 'photoFaceOffCentre';

/**
 * What the faces found in a photo of `width` × `height` pixels fail, in order (none, many, too
 * small, too close, off centre); at most one of the first four. Faces scoring under the detector's
 * threshold do not count.
 */
export const photoFaceProblems = (
  faces: readonly DetectedFace[],
  width: number,
  height: number,
): PhotoFaceProblem[] => {
  const rules = PHOTO_FACE;
  const found = faces.filter((face) => face.score >= rules.minScore);
  if (found.length === 0) return ['photoNoFace'];
  if (found.length > 1) return ['photoManyFaces'];
  const [face] = found as [DetectedFace];
  const problems: PhotoFaceProblem[] = [];
  const share = face.height / height;
  if (share < rules.minHeight) problems.push('photoFaceTooSmall');
  if (share > rules.maxHeight) problems.push('photoFaceTooClose');
  const centreX = (face.x + face.width / 2) / width;
  const centreY = (face.y + face.height / 2) / height;
  if (
    centreX < rules.minCentreX ||
    centreX > rules.maxCentreX ||
    centreY < rules.minCentreY ||
    centreY > rules.maxCentreY
  )
    problems.push('photoFaceOffCentre');
  return problems;
};
