// The framing of 'Adjust the photo', as plain arithmetic: the photo turned by quarter turns, a
// 35:45 frame over it (zoom 1: the largest frame that fits; zoom 2: half as wide) whose centre the
// traveller moves, always kept inside the photo. The canvas draws what `sourceRect` returns; the
// module knows no DOM (`drawFramed` takes any 2D context).
import { PHOTO_QUALITY } from '@eta-il/domain';

export type Size = { width: number; height: number };
export type Rect = Size & { x: number; y: number };
/** Quarter turns clockwise. */
export type Turns = 0 | 1 | 2 | 3;
export type Framing = {
  turns: Turns;
  /** 1: the largest 35:45 frame that fits the turned photo; 2: a frame half as wide. */
  zoom: number;
  /** The frame's centre on the turned photo, as fractions of its width and height (0.5: middle). */
  centre: { x: number; y: number };
};

/** A passport photo's width ÷ height (35 × 45 mm). */
export const FRAME_ASPECT = 35 / 45;
export const WHOLE_PHOTO: Framing = { turns: 0, zoom: 1, centre: { x: 0.5, y: 0.5 } };
const MOST_ZOOM = 4;
/**
 * The made photo's width at most (3 × minWidth, 1260 px): more pixels weigh on the upload without
 * helping the checks, which measure a 300 px copy.
 */
const MOST_OUTPUT_WIDTH = 3 * PHOTO_QUALITY.minWidth;

const clamp = (value: number, least: number, most: number) =>
  Math.min(most, Math.max(least, value));

const turnedSize = (source: Size, turns: Turns): Size =>
  turns % 2 ? { width: source.height, height: source.width } : source;

/** The frame at zoom 1: the largest 35:45 area of the turned photo. */
const largestFrame = (turned: Size): Size =>
  turned.width / turned.height > FRAME_ASPECT
    ? { width: turned.height * FRAME_ASPECT, height: turned.height }
    : { width: turned.width, height: turned.width / FRAME_ASPECT };

/**
 * The most zoom: up to 4, but the frame keeps at least PHOTO_QUALITY.minWidth of the photo's own
 * pixels, so that zooming never makes a photo too small; a photo already smaller does not zoom.
 */
export const mostZoom = (source: Size, turns: Turns): number => {
  const room = largestFrame(turnedSize(source, turns)).width / PHOTO_QUALITY.minWidth;
  // In whole percent, as the zoom slider shows it.
  return clamp(Math.floor(room * 100) / 100, 1, MOST_ZOOM);
};

/** The framing made valid for this photo: the zoom within its range, the frame inside the photo. */
export const fitFraming = (source: Size, { turns, zoom, centre }: Framing): Framing => {
  const fitted = clamp(zoom, 1, mostZoom(source, turns));
  const turned = turnedSize(source, turns);
  const frame = largestFrame(turned);
  const half = {
    x: frame.width / fitted / turned.width / 2,
    y: frame.height / fitted / turned.height / 2,
  };
  return {
    turns,
    zoom: fitted,
    centre: { x: clamp(centre.x, half.x, 1 - half.x), y: clamp(centre.y, half.y, 1 - half.y) },
  };
};

/** The frame on the turned photo, in its pixels. */
export const frameRect = (source: Size, framing: Framing): Rect => {
  const { turns, zoom, centre } = fitFraming(source, framing);
  const turned = turnedSize(source, turns);
  const largest = largestFrame(turned);
  const [width, height] = [largest.width / zoom, largest.height / zoom];
  return {
    x: centre.x * turned.width - width / 2,
    y: centre.y * turned.height - height / 2,
    width,
    height,
  };
};

/** The framed area on the photo as decoded, before turning: what drawImage takes from it. */
export const sourceRect = (source: Size, framing: Framing): Rect => {
  const { x, y, width, height } = frameRect(source, framing);
  // Turning a quarter clockwise takes the photo's point (px, py) to (source.height - py, px).
  switch (framing.turns) {
    case 0:
      return { x, y, width, height };
    case 1:
      return { x: y, y: source.height - x - width, width: height, height: width };
    case 2:
      return { x: source.width - x - width, y: source.height - y - height, width, height };
    case 3:
      return { x: source.width - y - height, y: x, width: height, height: width };
  }
};

/**
 * The made photo's size: the framed area's own pixels (at least minWidth × minHeight wherever the
 * photo has them, see `mostZoom`), never enlarged, at most 1260 px wide.
 */
export const outputSize = (source: Size, framing: Framing): Size => {
  const width = Math.round(Math.min(frameRect(source, framing).width, MOST_OUTPUT_WIDTH));
  return { width, height: Math.round(width / FRAME_ASPECT) };
};

/**
 * Moves the photo in the frame by a share of the frame (dx 0.1: a tenth of its width to the right,
 * dy 0.1: a tenth of its height down); the frame goes the other way over the photo, and stops at
 * its edges.
 */
export const movePhoto = (source: Size, framing: Framing, dx: number, dy: number): Framing => {
  const turned = turnedSize(source, framing.turns);
  const frame = frameRect(source, framing);
  const { centre } = fitFraming(source, framing);
  return fitFraming(source, {
    ...framing,
    centre: {
      x: centre.x - (dx * frame.width) / turned.width,
      y: centre.y - (dy * frame.height) / turned.height,
    },
  });
};

/** Turns the photo a quarter clockwise (1) or anticlockwise (-1); the frame stays on the same spot. */
export const turnPhoto = (source: Size, framing: Framing, by: 1 | -1): Framing => {
  const { x, y } = framing.centre;
  return fitFraming(source, {
    turns: ((framing.turns + by + 4) % 4) as Turns,
    zoom: framing.zoom,
    centre: by === 1 ? { x: 1 - y, y: x } : { x: y, y: 1 - x },
  });
};

export const zoomPhoto = (source: Size, framing: Framing, zoom: number): Framing =>
  fitFraming(source, { ...framing, zoom });

type DrawingContext = Pick<
  CanvasRenderingContext2D,
  'save' | 'restore' | 'translate' | 'rotate' | 'drawImage'
>;

/** Draws the framed area, turned upright, over the whole of `size` (a canvas of 35:45). */
export const drawFramed = (
  context: DrawingContext,
  image: CanvasImageSource,
  source: Size,
  framing: Framing,
  size: Size,
) => {
  const from = sourceRect(source, framing);
  const to = turnedSize(size, framing.turns);
  context.save();
  context.translate(size.width / 2, size.height / 2);
  context.rotate((framing.turns * Math.PI) / 2);
  context.drawImage(
    image,
    from.x,
    from.y,
    from.width,
    from.height,
    -to.width / 2,
    -to.height / 2,
    to.width,
    to.height,
  );
  context.restore();
};
