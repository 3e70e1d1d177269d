// The faster Concat of the server's face detector (issue 32) gives what TensorFlow.js's own
// WebAssembly kernel gives: the same values for every shape and type, and the same faces.
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { detectFaces } from '../../src/api/photo/faceDetection.ts';
import { portrait, twoPortraitsJpeg } from '../photos.ts';

const require = createRequire(import.meta.url);

interface Tensor {
  dataSync(): ArrayLike<number>;
  shape: number[];
  dispose(): void;
}
interface Tf {
  getKernel(name: string, backend: string): Kernel | undefined;
  unregisterKernel(name: string, backend: string): void;
  registerKernel(config: Kernel): void;
  concat(tensors: Tensor[], axis: number): Tensor;
  tensor(values: number[] | Float32Array, shape: number[], dtype: string): Tensor;
  getBackend(): string;
}
interface Kernel {
  kernelName: string;
  backendName: string;
  kernelFunc: unknown;
  replaced?: unknown;
}

const tf = (
  require('@vladmandic/face-api/dist/face-api.node-wasm.js') as {
    tf: Tf;
  }
).tf;

/** Runs `work` with the backend's own Concat in place, then puts the faster one back. */
const withOwnConcat = async <T>(work: () => Promise<T> | T): Promise<T> => {
  const fast = tf.getKernel('Concat', 'wasm');
  if (!fast?.replaced) throw new Error('the faster Concat is not in place');
  tf.unregisterKernel('Concat', 'wasm');
  tf.registerKernel({ ...fast, kernelFunc: fast.replaced, replaced: undefined });
  try {
    return await work();
  } finally {
    tf.unregisterKernel('Concat', 'wasm');
    tf.registerKernel(fast);
  }
};

const sequence = (length: number, from: number) =>
  Array.from({ length }, (_, i) => ((from + i * 7919) % 1000) / 7);

const CASES: { name: string; shapes: number[][]; axis: number; dtype: string }[] = [
  // face-api's mean colour: three one-channel planes side by side.
  {
    name: 'three planes, last axis',
    shapes: [
      [1, 224, 224, 1],
      [1, 224, 224, 1],
      [1, 224, 224, 1],
    ],
    axis: 3,
    dtype: 'float32',
  },
  {
    name: 'short runs, negative axis',
    shapes: [
      [4, 3, 2],
      [4, 3, 5],
    ],
    axis: -1,
    dtype: 'float32',
  },
  {
    name: 'int32 rows',
    shapes: [
      [6, 2],
      [6, 1],
      [6, 3],
    ],
    axis: 1,
    dtype: 'int32',
  },
  {
    name: 'bool',
    shapes: [
      [5, 1],
      [5, 2],
    ],
    axis: 1,
    dtype: 'bool',
  },
  {
    name: 'long runs (the backend’s own path)',
    shapes: [
      [2, 40],
      [2, 30],
    ],
    axis: 1,
    dtype: 'float32',
  },
  {
    name: 'first axis',
    shapes: [
      [2, 3],
      [4, 3],
    ],
    axis: 0,
    dtype: 'float32',
  },
  {
    name: 'an empty input',
    shapes: [
      [3, 0],
      [3, 2],
    ],
    axis: 1,
    dtype: 'float32',
  },
];

describe('the face detector’s Concat', () => {
  beforeAll(async () => {
    // The detector loads the backend and puts the faster Concat in place.
    await detectFaces({ data: new Uint8Array(64 * 64 * 4).fill(128), width: 64, height: 64 });
    expect(tf.getBackend()).toBe('wasm');
  }, 60_000);

  it.each(CASES)(
    '$name: the same values and shape as the backend’s own',
    async ({ shapes, axis, dtype }) => {
      const concat = () => {
        const inputs = shapes.map((shape, i) => {
          const size = shape.reduce((a, b) => a * b, 1);
          const values = sequence(size, 100 * i).map((v) =>
            dtype === 'float32' ? v : Math.round(v) % 2,
          );
          return tf.tensor(values, shape, dtype);
        });
        const out = tf.concat(inputs, axis);
        const result = { values: Array.from(out.dataSync()), shape: out.shape };
        for (const t of [...inputs, out]) t.dispose();
        return result;
      };
      const fast = concat();
      const own = await withOwnConcat(concat);
      expect(fast.shape).toEqual(own.shape);
      expect(fast.values).toEqual(own.values);
    },
  );

  it('finds the same faces, to the last digit, as with the backend’s own', async () => {
    for (const image of [
      portrait(600, 800),
      portrait(900, 1157),
      sharp(await twoPortraitsJpeg()),
    ]) {
      const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const pixels = { data: new Uint8Array(data), width: info.width, height: info.height };
      const fast = await detectFaces(pixels);
      expect(fast.length).toBeGreaterThan(0);
      expect(fast).toEqual(await withOwnConcat(() => detectFaces(pixels)));
    }
  }, 60_000);
});
