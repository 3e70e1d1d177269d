// The server's face detector: face-api's Node build on TensorFlow.js's WebAssembly backend (no
// native code), with the weights from the package itself. Loaded once per thread, by its first
// photo or its warm-up (photo-check-worker.ts).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type FaceApi, type FaceModel, faceDetector, type RgbaPixels } from '@eta-il/domain';
import { type TfKernels, useFastWasmConcat } from './wasm-concat.ts';

const require = createRequire(import.meta.url);

const load = async () => {
  const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi & {
    tf: TfKernels & { setBackend(name: string): Promise<boolean>; ready(): Promise<void> };
  };
  await faceapi.tf.setBackend('wasm');
  await faceapi.tf.ready();
  useFastWasmConcat(faceapi.tf);
  const models = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
  const [manifest, bin] = await Promise.all([
    readFile(join(models, 'tiny_face_detector_model-weights_manifest.json'), 'utf8'),
    readFile(join(models, 'tiny_face_detector_model.bin')),
  ]);
  const weights = bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength) as ArrayBuffer;
  return faceDetector(faceapi, {
    manifest: JSON.parse(manifest) as FaceModel['manifest'],
    weights,
  });
};

let detector: ReturnType<typeof load> | undefined;

/** The faces in the pixels (boxes in their pixels); the detector loads on the first call. */
export const detectFaces = async (pixels: RgbaPixels) => {
  detector ??= load().catch((error: unknown) => {
    detector = undefined;
    throw error;
  });
  return (await detector)(pixels);
};
