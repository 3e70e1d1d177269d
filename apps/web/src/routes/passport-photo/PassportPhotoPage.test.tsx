import { type ApplicationDraft, blankDraft, ROUTES, withBearer } from '@eta-il/domain';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readDraft } from '../../session/draft.ts';
import { renderScreen, seedReferenceData } from '../../test/render.tsx';
import { PassportPhotoPage } from './PassportPhotoPage.tsx';

const PHOTO_ID = '0b6f8c9e-3d1a-4f2b-9c7e-5a4d3c2b1a00';

const storeDraft = (draft: ApplicationDraft) =>
  sessionStorage.setItem('jsonForm', JSON.stringify(draft));

const Where = () => <p data-testid="location">{useLocation().pathname}</p>;

const open = async () => {
  await act(async () => {
    renderScreen(
      <Routes>
        <Route path={ROUTES.photo} element={<PassportPhotoPage />} />
        <Route path="*" element={<Where />} />
      </Routes>,
      { path: ROUTES.photo },
    );
  });
  await screen.findByRole('heading', { level: 1, name: 'Passport photo' });
  return document.getElementById('photoId') as HTMLInputElement;
};

const png = (bytes = 16) => new File([new Uint8Array(bytes)], 'p.png', { type: 'image/png' });
const choose = (input: HTMLInputElement, file: File) =>
  fireEvent.change(input, { target: { files: [file] } });
const json = (status: number, body: object) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const inlineError = () => document.getElementById('photoId-error')?.textContent ?? '';

let fetchMock: ReturnType<typeof vi.fn>;

/** RGBA pixels as getImageData gives them: a light wall around a checkered (sharp) face. */
const portrait = (width: number, height: number) => {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [u, v] = [x / width, y / height];
      const face = u > 0.2 && u < 0.8 && v > 0.15 && v < 0.85;
      const luma = face ? ((Math.floor(x / 15) + Math.floor(y / 15)) % 2 ? 100 : 180) : 230;
      data.set([luma, luma, luma, 255], 4 * (y * width + x));
    }
  return { data, width, height };
};

/**
 * A browser that decodes and draws photos: the chosen PNG was taken sideways (1200 × 900, the wrong
 * shape), a JPEG made by 'Adjust the photo' is upright; both read back as a good portrait.
 */
const canvasBrowser = () => {
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async (blob: Blob) => ({
      ...(blob.type === 'image/jpeg' ? { width: 700, height: 900 } : { width: 1200, height: 900 }),
      close: () => {},
    })),
  );
  const context = {
    ...Object.fromEntries(
      ['save', 'restore', 'translate', 'rotate', 'drawImage', 'fillRect'].map((m) => [m, vi.fn()]),
    ),
    getImageData: (_x: number, _y: number, width: number, height: number) =>
      portrait(width, height),
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => context as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback) =>
    callback(new Blob([new Uint8Array(8)], { type: 'image/jpeg' })),
  );
};

// jsdom has HTMLDialogElement without showModal and close (as in Modal.test.tsx).
beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});

beforeEach(() => {
  seedReferenceData();
  storeDraft(blankDraft());
  sessionStorage.setItem('auth-token', 'token-1');
  fetchMock = vi.fn(async () => json(200, { statusCode: 200, photoId: PHOTO_ID }));
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('CSS', { escape: (value: string) => value });
  Element.prototype.scrollIntoView = vi.fn();
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Passport photo (SPEC §2 /PersonalDetailsImage, §5 "Photo")', () => {
  it('lists what the photo must show and offers a keyboard-usable file input', async () => {
    const input = await open();
    expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(9);
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/jpeg,image/png');
    expect(input.closest('label')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Upload a passport photo' })).toBeTruthy();
  });

  it('refuses a file over 20 MB before any upload', async () => {
    const input = await open();
    const big = png();
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    choose(input, big);
    await waitFor(() =>
      expect(inlineError()).toContain('The photo is too large: the file may be at most 20 MB.'),
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a file that is not a JPEG or PNG before any upload', async () => {
    const input = await open();
    choose(input, new File(['%PDF'], 'p.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(inlineError()).toContain('The photo must be a JPEG or PNG image.'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uploads a PNG, keeps the photoId, shows the preview and saves it on Next', async () => {
    const input = await open();
    const file = png();
    choose(input, file);
    const preview = await screen.findByRole('img', { name: 'The uploaded passport photo' });
    expect(preview.getAttribute('src')).toBe('blob:preview');
    expect(URL.createObjectURL).toHaveBeenCalledWith(file);
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/api/photo');
    expect(init.method).toBe('POST');
    expect((init.body as FormData).get('photo')).toBe(file);
    expect(document.querySelector('.photo-status')?.textContent).toBe('The photo is uploaded.');

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByTestId('location')).textContent).toBe(ROUTES.history);
    expect(readDraft().bearerList[0]?.photoId).toBe(PHOTO_ID);
  });

  it('refuses a photo the browser measures as too dark, with how to fix it, before any upload', async () => {
    // A browser that decodes the photo (600 × 800) and reads back dark grey pixels.
    vi.stubGlobal('createImageBitmap', async () => ({ width: 600, height: 800, close: () => {} }));
    vi.stubGlobal(
      'OffscreenCanvas',
      class {
        getContext = () => ({
          drawImage: () => {},
          getImageData: (_x: number, _y: number, width: number, height: number) => ({
            data: new Uint8ClampedArray(width * height * 4).fill(20),
            width,
            height,
          }),
        });
      },
    );
    const input = await open();
    choose(input, png());
    await waitFor(() =>
      expect(inlineError()).toContain(
        'The photo is too dark: take it again facing a window or a lamp, with light falling evenly on your face.',
      ),
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uploads the photo when the browser cannot decode it: the server decides', async () => {
    vi.stubGlobal('createImageBitmap', async () => {
      throw new DOMException('cannot decode', 'InvalidStateError');
    });
    const input = await open();
    choose(input, png());
    await screen.findByRole('img', { name: 'The uploaded passport photo' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal of an unreadable image (422)", async () => {
    fetchMock.mockResolvedValueOnce(
      json(422, { statusCode: 422, message: 'x', code: 'photoUnreadable' }),
    );
    const input = await open();
    choose(input, png());
    await waitFor(() =>
      expect(inlineError()).toContain('We could not read this image. Please upload another photo.'),
    );
    expect(screen.queryByRole('img', { name: 'The uploaded passport photo' })).toBeNull();
  });

  it('goes to the error page when the upload is refused for a lost session (401)', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { statusCode: 401, code: 'tokenInvalid' }));
    const input = await open();
    choose(input, png());
    expect((await screen.findByTestId('location')).textContent).toBe('/error');
  });

  it('says so, on the page, when the session ended because its application was submitted', async () => {
    fetchMock.mockResolvedValueOnce(
      json(401, {
        statusCode: 401,
        code: 'sessionSubmitted',
        message:
          'This application has been submitted, so its session has ended. To apply again, start a new application.',
      }),
    );
    const input = await open();
    choose(input, png());
    await waitFor(() =>
      expect(inlineError()).toContain(
        'This application has been submitted, so its session has ended. To apply again, start a new application.',
      ),
    );
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('asks for a photo when Next is pressed without one', async () => {
    const input = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summary.textContent).toContain('Passport photo: Upload a passport photo.');
    expect(inlineError()).toContain('Upload a passport photo.');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('shows the stored photo when the draft already has one, fetched with the auth token', async () => {
    storeDraft(withBearer(blankDraft(), { photoId: PHOTO_ID }));
    fetchMock.mockResolvedValueOnce(new Response(new Uint8Array([1, 2, 3]), { status: 200 }));
    await open();
    expect(await screen.findByRole('img', { name: 'The uploaded passport photo' })).toBeTruthy();
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(path).toBe(`/api/photo/${PHOTO_ID}`);
    expect((init.headers as Record<string, string>)['auth-token']).toBe('token-1');
  });
  it("says 'Checking the photo…' while the browser checks it, then 'Uploading'", async () => {
    let undecodable: (error: Error) => void = () => {};
    vi.stubGlobal(
      'createImageBitmap',
      () =>
        new Promise((_resolve, reject) => {
          undecodable = reject;
        }),
    );
    const input = await open();
    choose(input, png());
    const status = document.querySelector('.photo-status');
    await waitFor(() => expect(status?.textContent).toBe('Checking the photo…'));
    expect(fetchMock).not.toHaveBeenCalled();
    let uploaded: (response: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (uploaded = resolve)));
    // This browser cannot decode it after all: the server decides.
    await act(async () => undecodable(new DOMException('cannot decode', 'InvalidStateError')));
    await waitFor(() => expect(status?.textContent).toBe('Uploading the photo…'));
    await act(async () => uploaded(json(200, { statusCode: 200, photoId: PHOTO_ID })));
    await waitFor(() => expect(status?.textContent).toBe('The photo is uploaded.'));
  });

  it('adjusts a photo of the wrong shape, then checks and uploads the framed JPEG', async () => {
    const user = userEvent.setup();
    canvasBrowser();
    const input = await open();
    choose(input, png());
    await waitFor(() => expect(inlineError()).toContain('The photo is the wrong shape'));
    expect(fetchMock).not.toHaveBeenCalled();

    const adjust = screen.getByRole('button', { name: 'Adjust the photo' });
    await user.click(adjust);
    const dialog = await screen.findByRole('dialog', { name: 'Adjust the photo' });
    await screen.findByRole('img', { name: /Your photo in the passport photo frame/ });
    await user.click(screen.getByRole('button', { name: 'Use this photo' }));

    await screen.findByRole('img', { name: 'The uploaded passport photo' });
    expect(dialog.isConnected).toBe(false);
    expect(document.activeElement).toBe(adjust);
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(((init.body as FormData).get('photo') as File).type).toBe('image/jpeg');
    expect(inlineError()).toBe('');
    expect(document.querySelector('.photo-status')?.textContent).toBe('The photo is uploaded.');
  });

  it("'Cancel' in 'Adjust the photo' keeps the photo and its problem as they were", async () => {
    const user = userEvent.setup();
    canvasBrowser();
    const input = await open();
    choose(input, png());
    await waitFor(() => expect(inlineError()).toContain('The photo is the wrong shape'));
    await user.click(screen.getByRole('button', { name: 'Adjust the photo' }));
    await screen.findByRole('img', { name: /Your photo in the passport photo frame/ });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(inlineError()).toContain('The photo is the wrong shape');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("offers 'Adjust the photo' only for a photo it can open", async () => {
    const input = await open();
    expect(screen.queryByRole('button', { name: 'Adjust the photo' })).toBeNull();
    choose(input, new File(['%PDF'], 'p.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(inlineError()).toContain('The photo must be a JPEG or PNG image.'));
    expect(screen.queryByRole('button', { name: 'Adjust the photo' })).toBeNull();
  });
});
