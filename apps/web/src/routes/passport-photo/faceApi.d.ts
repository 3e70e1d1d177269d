// The part of face-api's browser bundle the face worker uses, in place of its own types (tsconfig
// paths): those pull in TensorFlow.js's and the WebGPU types, which change the DOM's canvas types
// for the whole app.
import type { FaceApi } from '@eta-il/domain';

export declare const tf: FaceApi['tf'] & {
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
};
export declare const nets: FaceApi['nets'];
export declare const TinyFaceDetectorOptions: FaceApi['TinyFaceDetectorOptions'];
export declare const detectAllFaces: FaceApi['detectAllFaces'];
export declare const env: { setEnv(environment: unknown): void };
