// The framing 'Adjust the photo' shows, changed by its controls, and the live text saying what the
// last change did ('Zoom 120%', 'Moved left', 'The photo is at the edge…').
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DecodedPhoto } from './framedPhoto.ts';
import { type Framing, fitFraming, movePhoto, turnPhoto, zoomPhoto } from './photoFrame.ts';

/** One press of an arrow moves the photo by this share of the frame. */
const STEP = 0.05;

/** Each direction on the photo as (dx, dy); left is left in every language. */
export const DIRECTIONS = {
  up: [0, -1],
  left: [-1, 0],
  right: [1, 0],
  down: [0, 1],
} as const;
export type Direction = keyof typeof DIRECTIONS;

const percent = (zoom: number) => Math.round(zoom * 100);

export const useFraming = (photo: DecodedPhoto | null | undefined, initial: Framing) => {
  const { t } = useTranslation('photo');
  const [framing, setFraming] = useState(initial);
  const [said, say] = useState(() => t('adjust.zoomValue', { zoom: percent(initial.zoom) }));
  const size = photo?.size;
  const fitted = size ? fitFraming(size, framing) : framing;

  const zoomTo = (zoom: number) => {
    if (!size) return;
    const next = zoomPhoto(size, fitted, zoom);
    setFraming(next);
    say(t('adjust.zoomValue', { zoom: percent(next.zoom) }));
  };
  const turn = (by: 1 | -1) => {
    if (!size) return;
    setFraming(turnPhoto(size, fitted, by));
    say(t(by === 1 ? 'adjust.rotatedRight' : 'adjust.rotatedLeft'));
  };
  /** Moves by a share of the frame (a drag); says nothing, the traveller sees it move. */
  const move = (dx: number, dy: number) => {
    if (size) setFraming(movePhoto(size, fitted, dx, dy));
  };
  /** One step in a direction (a button or an arrow key), said aloud, or that it cannot go further. */
  const step = (direction: Direction) => {
    if (!size) return;
    const [dx, dy] = DIRECTIONS[direction];
    const next = movePhoto(size, fitted, dx * STEP, dy * STEP);
    setFraming(next);
    const moved = next.centre.x !== fitted.centre.x || next.centre.y !== fitted.centre.y;
    say(t(moved ? `adjust.moved.${direction}` : 'adjust.edge'));
  };
  return { framing: fitted, zoom: percent(fitted.zoom), said, zoomTo, turn, move, step };
};
