// 'Adjust the photo': the chosen photo on a canvas in a fixed 35:45 frame; rotate it by quarter
// turns, zoom it (a slider, or + and − on the photo) and move it by dragging, by the arrow buttons
// or by the arrow keys on the photo; a live text says what changed. 'Use this photo' hands back a
// JPEG of the framed area. Loaded only when opened (AdjustPhoto imports it lazily), with its styles.
import './PhotoAdjuster.css';
import { type KeyboardEvent, type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal, ModalActions } from '../../components/Modal.tsx';
import { framedPhoto, useDecodedPhoto } from './framedPhoto.ts';
import { drawFramed, type Framing, mostZoom, WHOLE_PHOTO } from './photoFrame.ts';
import { DIRECTIONS, type Direction, useFraming } from './useFraming.ts';

/** The preview canvas's pixels: 35:45, twice its largest CSS size for sharp screens. */
const PREVIEW = { width: 560, height: 720 };
const ZOOM_STEP = 0.1;
const ARROW_KEYS: Record<string, Direction> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};
/** Each arrow button's icon: the upward arrow turned this many degrees. */
const ARROW_TURN: Record<Direction, number> = { up: 0, right: 90, down: 180, left: 270 };

const Arrow = ({ turn }: { turn: number }) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d="M12 4l7 8h-4.5v8h-5v-8H5z" fill="currentColor" transform={`rotate(${turn} 12 12)`} />
  </svg>
);
/** An anticlockwise arrow; mirrored, a clockwise one. */
const Rotate = ({ clockwise = false }: { clockwise?: boolean }) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <g
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      transform={clockwise ? 'matrix(-1 0 0 1 24 0)' : undefined}
    >
      <path d="M3 12a9 9 0 1 0 9-9 9.75 9.75 0 0 0-6.74 2.74L3 8" />
      <path d="M3 3v5h5" />
    </g>
  </svg>
);

/** Drags the photo with a mouse, a pen or a finger: moves by the share of the canvas dragged. */
const useDrag = (move: (dx: number, dy: number) => void) => {
  const from = useRef<{ id: number; x: number; y: number }>(undefined);
  const end = () => {
    from.current = undefined;
  };
  return {
    onPointerDown: (event: PointerEvent<HTMLCanvasElement>) => {
      event.currentTarget.setPointerCapture?.(event.pointerId);
      from.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerMove: (event: PointerEvent<HTMLCanvasElement>) => {
      const box = event.currentTarget.getBoundingClientRect();
      const start = from.current;
      if (!start || start.id !== event.pointerId || !box.width || !box.height) return;
      move((event.clientX - start.x) / box.width, (event.clientY - start.y) / box.height);
      from.current = { id: start.id, x: event.clientX, y: event.clientY };
    },
    onPointerUp: end,
    onPointerCancel: end,
  };
};

export const PhotoAdjuster = ({
  file,
  initial = WHOLE_PHOTO,
  onUse,
  onCancel,
}: {
  file: File;
  initial?: Framing | undefined;
  onUse: (file: File, framing: Framing) => void;
  onCancel: () => void;
}) => {
  const { t } = useTranslation('photo');
  const photo = useDecodedPhoto(file);
  const { framing, zoom, said, zoomTo, turn, move, step } = useFraming(photo, initial);
  const drag = useDrag(move);
  const [failed, setFailed] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const making = useRef(false);
  const ids = { help: useId(), zoom: useId() };

  useEffect(() => {
    const context = photo && canvas.current?.getContext('2d');
    if (!photo || !context) return;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, PREVIEW.width, PREVIEW.height);
    drawFramed(context, photo.image, photo.size, framing, PREVIEW);
  }, [photo, framing]);

  const use = async () => {
    if (!photo || making.current) return;
    making.current = true;
    const made = await framedPhoto(photo, framing, file.name);
    making.current = false;
    if (made) onUse(made, framing);
    else setFailed(true);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const direction = ARROW_KEYS[event.key];
    if (direction) step(direction);
    else if (event.key === '+' || event.key === '=') zoomTo(framing.zoom + ZOOM_STEP);
    else if (event.key === '-') zoomTo(framing.zoom - ZOOM_STEP);
    else return;
    event.preventDefault();
  };

  const usable = photo && !failed;
  return (
    <Modal open title={t('adjust.title')} onClose={onCancel}>
      <p id={ids.help}>{t('adjust.intro')}</p>
      {photo === undefined && <p>{t('adjust.opening')}</p>}
      {(photo === null || failed) && (
        <p className="photo-adjust__failed">{t('adjust.unavailable')}</p>
      )}
      {usable && (
        <div className="photo-adjust">
          <canvas
            ref={canvas}
            className="photo-adjust__canvas"
            width={PREVIEW.width}
            height={PREVIEW.height}
            role="img"
            aria-label={t('adjust.photo')}
            aria-describedby={ids.help}
            // Focusable: the photo takes the arrow keys (move) and + and − (zoom).
            tabIndex={0}
            onKeyDown={onKeyDown}
            {...drag}
          />
          <div className="photo-adjust__controls">
            {/* Directions on the photo: left is left in every language, so these never mirror. */}
            <div className="photo-adjust__turns" dir="ltr">
              <button type="button" className="button button--secondary" onClick={() => turn(-1)}>
                <Rotate />
                <span dir="auto">{t('adjust.rotateLeft')}</span>
              </button>
              <button type="button" className="button button--secondary" onClick={() => turn(1)}>
                <Rotate clockwise />
                <span dir="auto">{t('adjust.rotateRight')}</span>
              </button>
            </div>
            <div className="photo-adjust__zoom">
              <label htmlFor={ids.zoom}>{t('adjust.zoom')}</label>
              <input
                id={ids.zoom}
                type="range"
                min={100}
                max={Math.floor(mostZoom(photo.size, framing.turns) * 100)}
                step={5}
                value={zoom}
                aria-valuetext={`${zoom}%`}
                onChange={(event) => zoomTo(Number(event.target.value) / 100)}
              />
            </div>
            <div className="photo-adjust__moves" dir="ltr">
              {(Object.keys(DIRECTIONS) as Direction[]).map((direction) => (
                <button
                  key={direction}
                  type="button"
                  className={`button button--secondary photo-adjust__move--${direction}`}
                  aria-label={t(`adjust.move.${direction}`)}
                  onClick={() => step(direction)}
                >
                  <Arrow turn={ARROW_TURN[direction]} />
                </button>
              ))}
            </div>
            <p className="photo-adjust__status" role="status">
              {said}
            </p>
          </div>
        </div>
      )}
      <ModalActions
        actions={[
          ...(usable ? [{ label: t('adjust.use'), onClick: () => void use() }] : []),
          { label: t('adjust.cancel'), onClick: onCancel, secondary: true },
        ]}
      />
    </Modal>
  );
};
