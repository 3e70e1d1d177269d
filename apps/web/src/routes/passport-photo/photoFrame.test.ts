// The framing arithmetic of 'Adjust the photo': photo size, quarter turns, zoom and the frame's
// centre → the area of the photo to draw, kept inside it, at a size the quality rules accept.
import { PHOTO_QUALITY } from '@eta-il/domain';
import { describe, expect, it, vi } from 'vitest';
import {
  drawFramed,
  FRAME_ASPECT,
  type Framing,
  fitFraming,
  frameRect,
  mostZoom,
  movePhoto,
  outputSize,
  sourceRect,
  turnPhoto,
  WHOLE_PHOTO,
  zoomPhoto,
} from './photoFrame.ts';

const PORTRAIT = { width: 3000, height: 4000 }; // a phone held upright (3:4)
const LANDSCAPE = { width: 4000, height: 3000 }; // the same phone held sideways
const framing = (changes: Partial<Framing>): Framing => ({ ...WHOLE_PHOTO, ...changes });
const close = (rect: object, expected: Record<string, number>) => {
  for (const [key, value] of Object.entries(expected))
    expect((rect as Record<string, number>)[key], key).toBeCloseTo(value, 6);
};

describe('frameRect: the 35:45 frame on the turned photo', () => {
  it('at zoom 1 is the largest 35:45 area, centred: full height of a wide photo', () => {
    close(frameRect(LANDSCAPE, WHOLE_PHOTO), {
      x: (4000 - 3000 * FRAME_ASPECT) / 2,
      y: 0,
      width: 3000 * FRAME_ASPECT,
      height: 3000,
    });
  });

  it('at zoom 1 is the full width of a photo narrower than 35:45', () => {
    close(frameRect(PORTRAIT, WHOLE_PHOTO), {
      x: 0,
      width: 3000,
      height: 3000 / FRAME_ASPECT,
      y: (4000 - 3000 / FRAME_ASPECT) / 2,
    });
  });

  it('zoom 2 halves the frame around the same centre', () => {
    const rect = frameRect(PORTRAIT, framing({ zoom: 2 }));
    close(rect, { width: 1500, height: 1500 / FRAME_ASPECT, x: 750 });
    expect(rect.y + rect.height / 2).toBeCloseTo(2000, 6);
  });

  it('keeps a 35:45 shape whatever the photo', () => {
    for (const size of [
      PORTRAIT,
      LANDSCAPE,
      { width: 500, height: 500 },
      { width: 700, height: 2000 },
    ])
      for (const turns of [0, 1, 2, 3] as const) {
        const rect = frameRect(size, framing({ turns, zoom: 1.3 }));
        expect(rect.width / rect.height).toBeCloseTo(FRAME_ASPECT, 9);
      }
  });
});

describe('fitFraming: the frame stays inside the photo, the zoom in range', () => {
  it('stops the centre where the frame meets an edge', () => {
    const fitted = fitFraming(PORTRAIT, framing({ zoom: 2, centre: { x: 0, y: 1 } }));
    const rect = frameRect(PORTRAIT, fitted);
    expect(rect.x).toBeCloseTo(0, 6);
    expect(rect.y + rect.height).toBeCloseTo(4000, 6);
  });

  it('keeps the zoom between 1 and its most', () => {
    expect(fitFraming(PORTRAIT, framing({ zoom: 0.5 })).zoom).toBe(1);
    expect(fitFraming(PORTRAIT, framing({ zoom: 99 })).zoom).toBe(mostZoom(PORTRAIT, 0));
  });

  it('centres the frame along a side where the photo has no room to move it', () => {
    // A landscape photo at zoom 1: the frame has the full height, so it cannot move up or down.
    expect(fitFraming(LANDSCAPE, framing({ centre: { x: 0.5, y: 0.1 } })).centre.y).toBe(0.5);
  });
});

describe('mostZoom: never below the smallest photo the rules accept', () => {
  it('is 4 for a large photo', () => {
    expect(mostZoom({ width: 6000, height: 8000 }, 0)).toBe(4);
  });

  it('stops where the frame would have fewer than minWidth pixels', () => {
    const size = { width: 1200, height: 1600 };
    // In whole percent, down: 1200 / 420 = 2.857…
    expect(mostZoom(size, 0)).toBe(2.85);
    // Turned, the same photo's frame is only 1200 high: 1200 × 35 / 45 / 420 = 2.222…
    expect(mostZoom(size, 1)).toBe(2.22);
  });

  it('is 1 for a photo already too small: zooming would only make it smaller', () => {
    expect(mostZoom({ width: 300, height: 400 }, 0)).toBe(1);
  });
});

describe('sourceRect: the framed area on the photo before turning', () => {
  const size = { width: 400, height: 300 };
  // A frame at the turned photo's top left corner, zoomed so it is 100 wide and 900/7 high.
  const corner = (turns: Framing['turns']) => framing({ turns, zoom: 99, centre: { x: 0, y: 0 } });

  it('is the frame itself when not turned', () => {
    expect(sourceRect(size, corner(0))).toEqual(frameRect(size, corner(0)));
  });

  it('turned a quarter clockwise, the top left of the turned photo is the bottom left of the photo', () => {
    const frame = frameRect(size, corner(1));
    close(sourceRect(size, corner(1)), {
      x: 0,
      y: 300 - frame.width,
      width: frame.height,
      height: frame.width,
    });
  });

  it('turned a half, it is the bottom right', () => {
    const frame = frameRect(size, corner(2));
    close(sourceRect(size, corner(2)), {
      x: 400 - frame.width,
      y: 300 - frame.height,
      width: frame.width,
      height: frame.height,
    });
  });

  it('turned three quarters, it is the top right', () => {
    const frame = frameRect(size, corner(3));
    close(sourceRect(size, corner(3)), {
      x: 400 - frame.height,
      y: 0,
      width: frame.height,
      height: frame.width,
    });
  });

  it('always lies inside the photo', () => {
    for (const turns of [0, 1, 2, 3] as const)
      for (const x of [0, 0.3, 1])
        for (const y of [0, 0.6, 1]) {
          const rect = sourceRect(LANDSCAPE, framing({ turns, zoom: 1.7, centre: { x, y } }));
          expect(rect.x).toBeGreaterThanOrEqual(-1e-9);
          expect(rect.y).toBeGreaterThanOrEqual(-1e-9);
          expect(rect.x + rect.width).toBeLessThanOrEqual(4000 + 1e-9);
          expect(rect.y + rect.height).toBeLessThanOrEqual(3000 + 1e-9);
        }
  });
});

describe('outputSize: the made photo', () => {
  it("is the framed area's own pixels, 35:45", () => {
    expect(outputSize({ width: 600, height: 800 }, WHOLE_PHOTO)).toEqual({
      width: 600,
      height: 771,
    });
  });

  it('is at most 1260 px wide', () => {
    expect(outputSize(PORTRAIT, WHOLE_PHOTO)).toEqual({ width: 1260, height: 1620 });
  });

  it('is at least minWidth × minHeight at the most zoom, turned or not', () => {
    for (const turns of [0, 1, 2, 3] as const) {
      const size = outputSize({ width: 1200, height: 900 }, framing({ turns, zoom: 99 }));
      expect(size.width).toBeGreaterThanOrEqual(PHOTO_QUALITY.minWidth);
      expect(size.width).toBeLessThan(PHOTO_QUALITY.minWidth + 5);
      expect(size.height).toBeGreaterThanOrEqual(PHOTO_QUALITY.minHeight);
    }
  });

  it('is exactly minWidth × minHeight from a photo of that size', () => {
    const smallest = { width: PHOTO_QUALITY.minWidth, height: PHOTO_QUALITY.minHeight };
    expect(outputSize(smallest, framing({ zoom: 99 }))).toEqual(smallest);
  });

  it('is never enlarged: a small photo stays small (the check then says so)', () => {
    expect(outputSize({ width: 300, height: 400 }, WHOLE_PHOTO)).toEqual({
      width: 300,
      height: 386,
    });
  });
});

describe('movePhoto, turnPhoto, zoomPhoto', () => {
  it('moving the photo right moves the frame left over it, by a share of the frame', () => {
    const zoomed = framing({ zoom: 2 });
    const before = frameRect(PORTRAIT, zoomed);
    const after = frameRect(PORTRAIT, movePhoto(PORTRAIT, zoomed, 0.1, -0.2));
    expect(after.x - before.x).toBeCloseTo(-0.1 * before.width, 6);
    expect(after.y - before.y).toBeCloseTo(0.2 * before.height, 6);
  });

  it('stops at the edge of the photo', () => {
    const moved = movePhoto(PORTRAIT, framing({ zoom: 2 }), 5, 0);
    expect(frameRect(PORTRAIT, moved).x).toBeCloseTo(0, 6);
    expect(movePhoto(PORTRAIT, moved, 0.1, 0)).toEqual(moved);
  });

  it('turning keeps the same spot of the photo at the centre of the frame', () => {
    const start = framing({ zoom: 3, centre: { x: 0.4, y: 0.45 } });
    const spot = (f: Framing) => {
      const rect = sourceRect(PORTRAIT, f);
      return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
    };
    const right = turnPhoto(PORTRAIT, start, 1);
    expect(right.turns).toBe(1);
    close(spot(right), spot(start));
    const left = turnPhoto(PORTRAIT, start, -1);
    expect(left.turns).toBe(3);
    close(spot(left), spot(start));
  });

  it('four turns the same way come back to the start', () => {
    let turned = framing({ zoom: 1.5, centre: { x: 0.45, y: 0.5 } });
    for (let i = 0; i < 4; i++) turned = turnPhoto(LANDSCAPE, turned, 1);
    expect(turned.turns).toBe(0);
    close(turned.centre, { x: 0.45, y: 0.5 });
  });

  it('turning lowers a zoom the turned photo cannot keep', () => {
    const size = { width: 1200, height: 1600 };
    const zoomed = zoomPhoto(size, WHOLE_PHOTO, 99);
    expect(zoomed.zoom).toBeCloseTo(mostZoom(size, 0), 9);
    expect(turnPhoto(size, zoomed, 1).zoom).toBeCloseTo(mostZoom(size, 1), 9);
  });
});

describe('drawFramed', () => {
  const context = () => ({
    save: vi.fn(),
    restore: vi.fn(),
    translate: vi.fn(),
    rotate: vi.fn(),
    drawImage: vi.fn(),
  });
  const image = {} as CanvasImageSource;

  it('draws the framed area over the whole canvas', () => {
    const canvas = context();
    drawFramed(canvas, image, PORTRAIT, WHOLE_PHOTO, { width: 350, height: 450 });
    const from = sourceRect(PORTRAIT, WHOLE_PHOTO);
    expect(canvas.translate).toHaveBeenCalledWith(175, 225);
    expect(canvas.rotate).toHaveBeenCalledWith(0);
    expect(canvas.drawImage).toHaveBeenCalledWith(
      image,
      from.x,
      from.y,
      from.width,
      from.height,
      -175,
      -225,
      350,
      450,
    );
    expect(canvas.restore).toHaveBeenCalled();
  });

  it('turned a quarter, draws sideways and rotates it upright', () => {
    const canvas = context();
    drawFramed(canvas, image, LANDSCAPE, framing({ turns: 1 }), { width: 350, height: 450 });
    expect(canvas.rotate).toHaveBeenCalledWith(Math.PI / 2);
    expect(canvas.drawImage.mock.calls[0]?.slice(5)).toEqual([-225, -175, 450, 350]);
  });
});
