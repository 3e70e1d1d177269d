// The figures of the photo-quality checks (issue "Photos that pass the first time"), one object for
// the browser and the server. They lean lenient: a wrong refusal stops a traveller, while a photo
// that slips through is still seen by an officer. Tune them against refused real photos.

export const PHOTO_QUALITY = {
  /**
   * The smallest photo, in pixels: the 35 × 45 mm print at 12 pixels a millimetre (about 300 dpi),
   * the resolution a printed or on-screen check of the face needs. Any phone camera gives more; a
   * photo this small is a thumbnail, a screenshot or a copy shrunk by a messaging app.
   */
  minWidth: 420,
  minHeight: 540,
  /**
   * Width ÷ height. A passport photo is 35 × 45 mm (0.78); the range takes, uncropped, the shapes
   * cameras take upright: 2:3 (0.67), 3:4 (0.75, phones), 4:5 (0.8). It refuses square, landscape
   * and tall 9:16 screen shots, where the head is too small or cut by the frame.
   */
  minAspect: 0.65,
  maxAspect: 0.85,
  /**
   * Mean luma (0–255) of the whole photo, at least: about two stops under a normal exposure. The
   * whole frame is measured, not the face, so that a dark skin tone never makes a photo "too dark":
   * the light background the rules ask for is most of the frame.
   */
  minBrightness: 60,
  /**
   * Mean luma (0–255) of the face area, at most. The palest skin well lit averages about 220; above
   * this the face is washed out (sun, flash, over-exposure) and its features are lost. The face,
   * not the frame, is measured: the background is meant to be white.
   */
  maxFaceBrightness: 235,
  /**
   * Sharpness of the face area at the working width, at least: the variance of its Laplacian over
   * the variance of its luma, so that contrast (soft light, a dark skin tone) does not count as
   * blur. Measured on real portraits (scikit-image's sample photos): sharp 0.05–0.5; blurred by a
   * Gaussian of 2 working pixels, which shows on a 35 × 45 mm print, 0.015 at most.
   */
  minSharpness: 0.02,
  /**
   * The face area's luma variance is taken as at least this (a spread of 10 luma) when dividing by
   * it: a blank or featureless face area, whose little noise would otherwise look sharp, is blurred.
   */
  contrastFloor: 100,
  /**
   * Every measure but the size is taken on the photo shrunk (area average) to this width: the
   * values then do not depend on the camera's resolution, and blur is judged at about the scale
   * of the printed photo (35 mm at about 220 dpi).
   */
  workingWidth: 300,
  /**
   * Median luma (0–255) of the border band (the top strip and the sides beside the head), at least:
   * a white or light wall indoors photographs at 170–240, light grey and light blue near 200; a
   * mid-grey or coloured wall, or a room, measure lower.
   */
  minBackgroundLightness: 140,
  /**
   * The share of the border band within `backgroundTolerance` luma of its median, at least: a plain
   * wall, even with a gentle gradient of light, keeps nearly all of it; hair reaching the sides
   * may take up to 30 %, objects, patterns, door frames or a head's shadow take more.
   */
  minBackgroundUniformity: 0.7,
  backgroundTolerance: 30,
} as const;
