// The faces in a photo, found in a Web Worker (face.worker.ts) so the page stays responsive: the
// pixels never leave the browser, and the detector's code and model load only when a photo is first
// checked. One worker serves every photo of the visit; a failure or a slow answer rejects, and
// the caller lets the server decide.
import type { DetectedFace, RgbaPixels } from '@eta-il/domain';

export type FaceReply = { faces: DetectedFace[] } | { error: string };

/** Longer than a slow phone takes to load the model and look (a few seconds), then the server decides. */
const TIMEOUT_MS = 20_000;

let worker: Worker | undefined;

const stop = () => {
  worker?.terminate();
  worker = undefined;
};

/** The faces in the pixels (boxes in their pixels); the pixels' buffer is handed to the worker. */
export const findFacesInWorker = (pixels: RgbaPixels): Promise<DetectedFace[]> =>
  new Promise((resolve, reject) => {
    worker ??= new Worker(new URL('./face.worker.ts', import.meta.url), { type: 'module' });
    const current = worker;
    const done = () => {
      clearTimeout(timer);
      current.removeEventListener('message', answered);
      current.removeEventListener('error', failed);
    };
    const answered = (event: MessageEvent<FaceReply>) => {
      done();
      if ('error' in event.data) reject(new Error(event.data.error));
      else resolve(event.data.faces);
    };
    const failed = (event: ErrorEvent) => {
      done();
      stop();
      reject(new Error(event.message || 'the face detector failed to start'));
    };
    const timer = setTimeout(() => {
      done();
      stop();
      reject(new Error('the face detector took too long'));
    }, TIMEOUT_MS);
    current.addEventListener('message', answered);
    current.addEventListener('error', failed);
    const { data, width, height } = pixels;
    current.postMessage({ data, width, height }, [data.buffer]);
  });
