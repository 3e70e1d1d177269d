// A faster Concat for TensorFlow.js's WebAssembly backend. Its own kernel copies each run of
// elements through a new subarray; face-api subtracts the model's mean colour with a tensor built
// by concatenating three one-channel planes (runs of one element), 50,176 runs for a 224 × 224
// input: a fifth of the detector's time on the server (issue 32). This one copies short runs
// element by element and gives every other case to the original kernel, so its results are the
// same (wasm-concat.test.ts compares them, and the faces found).

/** The part of TensorFlow.js (face-api's `tf`) the kernel needs. */
export interface TfKernels {
  getKernel(name: string, backend: string): KernelConfig | undefined;
  unregisterKernel(name: string, backend: string): void;
  registerKernel(config: KernelConfig): void;
  util: { parseAxisParam(axis: number | number[], shape: number[]): number[] };
  backend_util: { computeOutShape(shapes: number[][], axis: number): number[] };
}

interface TensorInfo {
  shape: number[];
  dtype: string;
}

interface WasmBackend {
  makeOutput(shape: number[], dtype: string): TensorInfo;
  typedArrayFromHeap(tensor: TensorInfo): { [index: number]: number };
}

interface KernelArgs {
  inputs: TensorInfo[];
  backend: WasmBackend;
  attrs: { axis: number | number[] };
}

interface KernelConfig {
  kernelName: string;
  backendName: string;
  kernelFunc: (args: KernelArgs) => TensorInfo;
  /** On the faster kernel: the backend's own, which it calls for long runs. */
  replaced?: (args: KernelArgs) => TensorInfo;
}

/** Runs longer than this are copied with the original kernel's subarrays. */
const SHORT_RUN = 16;

const sizeOf = (shape: readonly number[]) => shape.reduce((product, dim) => product * dim, 1);

const fastConcat =
  (tf: TfKernels, original: KernelConfig['kernelFunc']) =>
  (args: KernelArgs): TensorInfo => {
    const { inputs, backend } = args;
    const first = inputs[0];
    if (!first || inputs.length < 2 || first.dtype === 'string') return original(args);
    if (inputs.some((input) => sizeOf(input.shape) === 0)) return original(args);
    const axis = tf.util.parseAxisParam(args.attrs.axis, first.shape)[0] ?? 0;
    const runs = inputs.map((input) => sizeOf(input.shape.slice(axis)));
    if (runs.some((run) => run > SHORT_RUN)) return original(args);
    const out = backend.makeOutput(
      tf.backend_util.computeOutShape(
        inputs.map((input) => input.shape),
        axis,
      ),
      first.dtype,
    );
    const values = inputs.map((input) => backend.typedArrayFromHeap(input));
    const outValues = backend.typedArrayFromHeap(out);
    const batch = sizeOf(first.shape.slice(0, axis));
    let at = 0;
    for (let b = 0; b < batch; b++) {
      for (let i = 0; i < values.length; i++) {
        const from = values[i]!;
        const run = runs[i]!;
        for (let k = b * run, end = k + run; k < end; k++) outValues[at++] = from[k]!;
      }
    }
    return out;
  };

/** Puts the faster Concat in place of the WebAssembly backend's own, once. */
export const useFastWasmConcat = (tf: TfKernels) => {
  const original = tf.getKernel('Concat', 'wasm');
  if (!original || original.replaced) return;
  tf.unregisterKernel('Concat', 'wasm');
  tf.registerKernel({
    ...original,
    kernelFunc: fastConcat(tf, original.kernelFunc),
    replaced: original.kernelFunc,
  });
};
