// The photo-quality rules: what a photo's measures fail, each a message saying how to fix it. The
// browser checks a photo with them before uploading it; the server again, answering 422.
import type { MessageId } from '../messages.ts';
import type { PhotoStats } from './measure.ts';
import { PHOTO_QUALITY as Q } from './thresholds.ts';

/** The rules in the order they are reported: the first is the one to fix first. */
const RULES = [
  ['photoTooSmall', (s) => s.width < Q.minWidth || s.height < Q.minHeight],
  ['photoWrongShape', (s) => s.width / s.height < Q.minAspect || s.width / s.height > Q.maxAspect],
  ['photoTooDark', (s) => s.brightness < Q.minBrightness],
  ['photoTooBright', (s) => s.faceBrightness > Q.maxFaceBrightness],
  ['photoBlurred', (s) => s.sharpness < Q.minSharpness],
  [
    'photoBackground',
    (s) =>
      s.backgroundLightness < Q.minBackgroundLightness ||
      s.backgroundUniformity < Q.minBackgroundUniformity,
  ],
] as const satisfies readonly (readonly [MessageId, (stats: PhotoStats) => boolean])[];

export type PhotoQualityProblem = (typeof RULES)[number][0];

/**
 * Every rule the photo fails, in the fixed order (size, shape, dark, bright, blurred, background);
 * the face rules (faces.ts) come after these, once a detector has looked.
 */
export const photoQualityProblems = (stats: PhotoStats): PhotoQualityProblem[] =>
  RULES.filter(([, fails]) => fails(stats)).map(([problem]) => problem);
