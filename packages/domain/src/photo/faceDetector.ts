// The face detector, one for the browser's worker and the server: face-api's tiny face detector
// with its bundled weights, run on RGBA pixels. face-api is handed in (the browser's bundle in the
// worker, the Node build on the server), and so are the weights' bytes: no library and no I/O here.
import type { DetectedFace } from './faces.ts';
import { PHOTO_FACE } from './faceThresholds.ts';
import type { RgbaPixels } from './measure.ts';

/** The weights of face-api's `model/tiny_face_detector_model`: its manifest (JSON) and its .bin. */
export interface FaceModel {
  manifest: readonly { weights: readonly unknown[] }[];
  weights: ArrayBuffer;
}

/** The part of face-api (any of its builds) the detector uses. */
export interface FaceApi {
  tf: {
    io: { decodeWeights(buffer: ArrayBuffer, specs: never[]): unknown };
    tensor3d(
      values: Int32Array,
      shape: [number, number, number],
      dtype: 'int32',
    ): {
      dispose(): void;
    };
  };
  nets: { tinyFaceDetector: { loadFromWeightMap(weightMap: never): void } };
  TinyFaceDetectorOptions: new (options: { inputSize: number; scoreThreshold: number }) => unknown;
  detectAllFaces(
    input: never,
    options: never,
  ): PromiseLike<{ score: number; box: { x: number; y: number; width: number; height: number } }[]>;
}

/** RGB values of RGBA pixels, a transparent pixel black (as in the stored JPEG; see measure.ts). */
const rgbOf = ({ data, width, height }: RgbaPixels) => {
  const rgb = new Int32Array(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const alpha = data[4 * i + 3]!;
    // Opaque (every JPEG's pixel): the values as they are, without the arithmetic.
    if (alpha === 255) {
      rgb[3 * i] = data[4 * i]!;
      rgb[3 * i + 1] = data[4 * i + 1]!;
      rgb[3 * i + 2] = data[4 * i + 2]!;
    } else {
      for (let c = 0; c < 3; c++) rgb[3 * i + c] = Math.round((data[4 * i + c]! * alpha) / 255);
    }
  }
  return rgb;
};

/** Loads the weights into face-api (once per face-api) and answers a function that finds faces. */
export const faceDetector = (faceapi: FaceApi, model: FaceModel) => {
  const specs = model.manifest.flatMap((group) => group.weights) as never[];
  faceapi.nets.tinyFaceDetector.loadFromWeightMap(
    faceapi.tf.io.decodeWeights(model.weights, specs) as never,
  );
  const options = new faceapi.TinyFaceDetectorOptions({
    inputSize: PHOTO_FACE.inputSize,
    scoreThreshold: PHOTO_FACE.minScore,
  });
  /** The faces in the pixels, boxes in their pixels. */
  return async (pixels: RgbaPixels): Promise<DetectedFace[]> => {
    const tensor = faceapi.tf.tensor3d(rgbOf(pixels), [pixels.height, pixels.width, 3], 'int32');
    try {
      const found = await faceapi.detectAllFaces(tensor as never, options as never);
      return found.map(({ score, box: { x, y, width, height } }) => ({
        x,
        y,
        width,
        height,
        score,
      }));
    } finally {
      tensor.dispose();
    }
  };
};
