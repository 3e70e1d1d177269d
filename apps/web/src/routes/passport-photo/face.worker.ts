// The face check's worker: face-api's browser bundle (TensorFlow.js inside) on its CPU backend,
// the tiny face detector's weights served from our own origin. Loaded when the first photo is
// checked, so none of it is in the first page's download; the model loads once per worker.
import { type FaceModel, faceDetector, type RgbaPixels } from '@eta-il/domain';
import * as faceapi from '@vladmandic/face-api/dist/face-api.esm.js';
import weightsUrl from '@vladmandic/face-api/model/tiny_face_detector_model.bin?url';
import manifest from '@vladmandic/face-api/model/tiny_face_detector_model-weights_manifest.json';
import type { FaceReply } from './findFaces.ts';

/**
 * face-api looks for a window and a document to decide it runs in a browser; a worker has neither.
 * It is handed tensors, never images, so it needs no canvas: these stand in for what it asks of one.
 */
const workerEnvironment = () => {
  const none = () => {
    throw new Error('no DOM in the face worker');
  };
  return {
    Canvas: OffscreenCanvas,
    CanvasRenderingContext2D: OffscreenCanvasRenderingContext2D,
    Image: class {},
    ImageData,
    Video: class {},
    createCanvasElement: () => new OffscreenCanvas(1, 1),
    createImageElement: none,
    createVideoElement: none,
    fetch,
    readFile: none,
  };
};

const load = async () => {
  faceapi.env.setEnv(workerEnvironment());
  await faceapi.tf.setBackend('cpu');
  await faceapi.tf.ready();
  const answer = await fetch(weightsUrl);
  if (!answer.ok) throw new Error(`the face model did not load (${answer.status})`);
  const model: FaceModel = { manifest, weights: await answer.arrayBuffer() };
  return faceDetector(faceapi, model);
};

let detector: ReturnType<typeof load> | undefined;

addEventListener('message', async (event: MessageEvent<RgbaPixels>) => {
  let reply: FaceReply;
  try {
    detector ??= load();
    reply = { faces: await (await detector)(event.data) };
  } catch (error) {
    reply = { error: error instanceof Error ? error.message : String(error) };
  }
  postMessage(reply);
});
