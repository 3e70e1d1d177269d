// 'Adjust the photo' with the canvas stubbed (jsdom has none): every control is labelled, the
// arrow keys on the photo, the buttons and a drag move it, a live text says what changed, and
// 'Use this photo' hands back a JPEG of the framed area. The framing arithmetic has its own tests.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render.tsx';
import { PhotoAdjuster } from './PhotoAdjuster.tsx';
import { outputSize, sourceRect, WHOLE_PHOTO } from './photoFrame.ts';

const PHOTO = { width: 1200, height: 900 }; // taken sideways: wider than a passport photo
const PHOTO_LABEL = 'Your photo in the passport photo frame (35 × 45 mm)';

// jsdom has HTMLDialogElement without showModal and close (as in Modal.test.tsx).
beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});

/** A 2D context that records what is drawn; toBlob gives a small JPEG. */
const canvasStub = () => {
  const context = {
    save: vi.fn(),
    restore: vi.fn(),
    translate: vi.fn(),
    rotate: vi.fn(),
    drawImage: vi.fn(),
    fillRect: vi.fn(),
    fillStyle: '',
    imageSmoothingQuality: 'low',
  };
  const made: { width: number; height: number; type: string | undefined }[] = [];
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => context as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
    this: HTMLCanvasElement,
    callback,
    type,
  ) {
    made.push({ width: this.width, height: this.height, type });
    callback(new Blob([new Uint8Array(8)], { type: 'image/jpeg' }));
  });
  return { context, made };
};

let canvas: ReturnType<typeof canvasStub>;
const bitmap = { ...PHOTO, close: vi.fn() };
beforeEach(() => {
  canvas = canvasStub();
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => bitmap),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const file = new File([new Uint8Array(16)], 'me.png', { type: 'image/png' });
const open = async () => {
  const onUse = vi.fn();
  const onCancel = vi.fn();
  renderScreen(<PhotoAdjuster file={file} onUse={onUse} onCancel={onCancel} />);
  // The first render also loads the texts: on a busy machine that can take over a second.
  const photo = await screen.findByRole('img', { name: PHOTO_LABEL }, { timeout: 5000 });
  // The photo is drawn once it has been decoded, after the canvas shows: wait for that drawing.
  await waitFor(() => expect(canvas.context.drawImage).toHaveBeenCalled(), { timeout: 5000 });
  return { onUse, onCancel, photo };
};
const status = () => screen.getByRole('status').textContent;
/** Where the last drawing took the photo from: its left edge and top, in the photo's pixels. */
const drawnFrom = () => {
  const [, x, y] = canvas.context.drawImage.mock.calls.at(-1) as [unknown, number, number];
  return { x, y };
};

describe('Adjust the photo', () => {
  it('opens a dialog with the photo in the frame and every control labelled', async () => {
    const { photo } = await open();
    expect(screen.getByRole('dialog', { name: 'Adjust the photo' })).toBeTruthy();
    expect(createImageBitmap).toHaveBeenCalledWith(file, { imageOrientation: 'from-image' });
    const help = document.getElementById(photo.getAttribute('aria-describedby') ?? '');
    expect(help?.textContent).toContain('arrow keys');
    expect(photo.tabIndex).toBe(0);
    for (const name of [
      'Rotate left',
      'Rotate right',
      'Move the photo up',
      'Move the photo down',
      'Move the photo left',
      'Move the photo right',
      'Use this photo',
      'Cancel',
    ])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    const zoom = screen.getByRole('slider', { name: 'Zoom' }) as HTMLInputElement;
    expect([zoom.min, zoom.max, zoom.value]).toEqual(['100', '166', '100']);
    expect(zoom.getAttribute('aria-valuetext')).toBe('100%');
    expect(status()).toBe('Zoom 100%');
    // The whole height of the photo, the middle 35:45 of its width (drawn by an effect once the
    // photo is decoded: waited for, as the machine may be busy).
    const whole = sourceRect(PHOTO, WHOLE_PHOTO);
    await waitFor(() =>
      expect(canvas.context.drawImage).toHaveBeenLastCalledWith(
        bitmap,
        whole.x,
        whole.y,
        whole.width,
        whole.height,
        -280,
        -360,
        560,
        720,
      ),
    );
  });

  it('zooms with the slider and with + and − on the photo, saying the zoom', async () => {
    const { photo } = await open();
    const zoom = screen.getByRole('slider', { name: 'Zoom' }) as HTMLInputElement;
    fireEvent.change(zoom, { target: { value: '150' } });
    expect(status()).toBe('Zoom 150%');
    expect(zoom.getAttribute('aria-valuetext')).toBe('150%');
    const [, , , width] = canvas.context.drawImage.mock.calls.at(-1) as number[];
    expect(width).toBeCloseTo(700 / 1.5, 6);
    fireEvent.keyDown(photo, { key: '+' });
    expect(status()).toBe('Zoom 160%');
    fireEvent.keyDown(photo, { key: '+' });
    // No further than the frame keeping 420 of the photo's pixels across.
    expect(status()).toBe('Zoom 166%');
    fireEvent.keyDown(photo, { key: '-' });
    expect(status()).toBe('Zoom 156%');
  });

  it('moves the photo with the arrow keys on it, saying where, or that it is at the edge', async () => {
    const user = userEvent.setup();
    const { photo } = await open();
    const start = drawnFrom();
    photo.focus();
    await user.keyboard('{ArrowLeft}');
    expect(status()).toBe('Moved left');
    // The photo goes left: the frame goes right over it, by 5 % of the frame's 700 pixels.
    expect(drawnFrom().x).toBeCloseTo(start.x + 35, 6);
    // The frame already has the photo's whole height: it cannot move up or down.
    await user.keyboard('{ArrowUp}');
    expect(status()).toBe('The photo cannot move further that way: the frame is at its edge.');
    expect(drawnFrom().y).toBe(0);
    expect(document.activeElement).toBe(photo);
  });

  it('moves the photo with the arrow buttons', async () => {
    const user = userEvent.setup();
    await open();
    const start = drawnFrom();
    await user.click(screen.getByRole('button', { name: 'Move the photo right' }));
    expect(status()).toBe('Moved right');
    expect(drawnFrom().x).toBeCloseTo(start.x - 35, 6);
  });

  it('moves the photo by dragging it', async () => {
    const { photo } = await open();
    photo.getBoundingClientRect = () => ({ width: 280, height: 360 }) as DOMRect;
    const start = drawnFrom();
    const pointer = (type: string, clientX: number, clientY: number) =>
      fireEvent(
        photo,
        Object.assign(new MouseEvent(type, { bubbles: true, clientX, clientY }), { pointerId: 7 }),
      );
    pointer('pointerdown', 100, 100);
    // A tenth of the canvas to the right: the frame goes left by a tenth of its width.
    pointer('pointermove', 128, 100);
    pointer('pointerup', 128, 100);
    expect(drawnFrom().x).toBeCloseTo(start.x - 70, 6);
    pointer('pointermove', 200, 100);
    expect(drawnFrom().x).toBeCloseTo(start.x - 70, 6);
  });

  it('rotates a quarter turn either way, saying so', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('button', { name: 'Rotate right' }));
    expect(status()).toBe('Rotated a quarter turn to the right');
    expect(canvas.context.rotate).toHaveBeenLastCalledWith(Math.PI / 2);
    // Upright, the photo is 900 wide: the frame can take more zoom.
    expect((screen.getByRole('slider', { name: 'Zoom' }) as HTMLInputElement).max).toBe('214');
    await user.click(screen.getByRole('button', { name: 'Rotate left' }));
    await user.click(screen.getByRole('button', { name: 'Rotate left' }));
    expect(status()).toBe('Rotated a quarter turn to the left');
    expect(canvas.context.rotate).toHaveBeenLastCalledWith((3 * Math.PI) / 2);
  });

  it("'Use this photo' hands back a JPEG of the framed area, with the framing", async () => {
    const user = userEvent.setup();
    const { onUse, onCancel } = await open();
    await user.click(screen.getByRole('button', { name: 'Rotate right' }));
    await user.click(screen.getByRole('button', { name: 'Use this photo' }));
    await waitFor(() => expect(onUse).toHaveBeenCalledTimes(1));
    const [made, framing] = onUse.mock.calls[0] as [File, typeof WHOLE_PHOTO];
    expect(made.type).toBe('image/jpeg');
    expect(made.name).toBe('me-adjusted.jpg');
    expect(framing.turns).toBe(1);
    expect(canvas.made).toEqual([{ ...outputSize(PHOTO, framing), type: 'image/jpeg' }]);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it("'Cancel' and Escape close it without a photo", async () => {
    const user = userEvent.setup();
    const { onUse, onCancel } = await open();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onUse).not.toHaveBeenCalled();
  });

  it('says so when this browser cannot open the photo, and offers only Cancel', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => {
        throw new DOMException('cannot decode', 'InvalidStateError');
      }),
    );
    renderScreen(<PhotoAdjuster file={file} onUse={vi.fn()} onCancel={vi.fn()} />);
    expect(await screen.findByText(/This browser cannot adjust the photo/)).toBeTruthy();
    expect(screen.queryByRole('img', { name: PHOTO_LABEL })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Use this photo' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });
});
