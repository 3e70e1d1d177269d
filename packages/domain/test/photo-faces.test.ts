// The face rules (issue "Photos that pass the first time"): exactly one face scoring at least the
// detector's threshold, its box's height and centre within the bounds of PHOTO_FACE, each bound
// just passing and just failing; and the detector module with a stand-in for face-api.
import { describe, expect, it } from 'vitest';
import {
  type DetectedFace,
  PHOTO_FACE as F,
  type FaceApi,
  faceDetector,
  photoFaceProblems,
} from '../src/index.ts';

const [W, H] = [600, 800];
/** A face whose box is `share` of the photo's height (square), centred at (cx, cy) as shares. */
const face = (share = 0.45, cx = 0.5, cy = 0.5, score = 0.9): DetectedFace => {
  const side = share * H;
  return { x: cx * W - side / 2, y: cy * H - side / 2, width: side, height: side, score };
};
const problems = (...faces: DetectedFace[]) => photoFaceProblems(faces, W, H);
const e = 1e-6;

describe('photoFaceProblems', () => {
  it('passes one face of a passport photo: about 0.45 of the height, in the middle', () => {
    expect(problems(face())).toEqual([]);
  });

  it('no face, or only faces under the score threshold, is photoNoFace', () => {
    expect(problems()).toEqual(['photoNoFace']);
    expect(problems(face(0.45, 0.5, 0.5, F.minScore - e))).toEqual(['photoNoFace']);
    expect(problems(face(0.45, 0.5, 0.5, F.minScore))).toEqual([]);
  });

  it('two faces are photoManyFaces; a second under the threshold does not count', () => {
    expect(problems(face(0.3, 0.3), face(0.3, 0.7))).toEqual(['photoManyFaces']);
    expect(problems(face(), face(0.2, 0.8, 0.2, F.minScore - e))).toEqual([]);
  });

  it.each([
    [F.minHeight - e, ['photoFaceTooSmall']],
    [F.minHeight, []],
    [F.maxHeight, []],
    [F.maxHeight + e, ['photoFaceTooClose']],
  ])('a box %f of the height: %j', (share, expected) => {
    expect(problems(face(share))).toEqual(expected);
  });

  it.each([
    ['left', F.minCentreX - e, 0.5, true],
    ['left', F.minCentreX, 0.5, false],
    ['right', F.maxCentreX, 0.5, false],
    ['right', F.maxCentreX + e, 0.5, true],
    ['high', 0.5, F.minCentreY - e, true],
    ['high', 0.5, F.minCentreY, false],
    ['low', 0.5, F.maxCentreY, false],
    ['low', 0.5, F.maxCentreY + e, true],
  ])('a face to the %s (centre %f, %f): off centre %s', (_, cx, cy, off) => {
    expect(problems(face(0.45, cx, cy))).toEqual(off ? ['photoFaceOffCentre'] : []);
  });

  it('judges shares, whatever the size of the pixels the detector was given', () => {
    const small = { x: 60, y: 110, width: 180, height: 180, score: 0.9 };
    expect(photoFaceProblems([small], 300, 400)).toEqual([]);
  });

  it('reports a small face off centre with both reasons, size first', () => {
    expect(problems(face(0.2, 0.5, 0.8))).toEqual(['photoFaceTooSmall', 'photoFaceOffCentre']);
  });
});

describe('faceDetector', () => {
  it('loads the weights once, runs at the shared input size and threshold, and frees its input', async () => {
    const calls: string[] = [];
    const faceapi: FaceApi = {
      tf: {
        io: { decodeWeights: (_, specs) => ({ specs }) },
        tensor3d: (values, shape) => {
          calls.push(`tensor ${shape.join('×')} ${values.slice(0, 6).join(',')}`);
          return { dispose: () => calls.push('dispose') };
        },
      },
      nets: { tinyFaceDetector: { loadFromWeightMap: () => calls.push('weights') } },
      TinyFaceDetectorOptions: class {
        constructor(public options: { inputSize: number; scoreThreshold: number }) {
          calls.push(`options ${options.inputSize} ${options.scoreThreshold}`);
        }
      },
      detectAllFaces: async () => [{ score: 0.9, box: { x: 1, y: 2, width: 3, height: 4 } }],
    };
    const detect = faceDetector(faceapi, {
      manifest: [{ weights: [{ name: 'a' }] }],
      weights: new ArrayBuffer(4),
    });
    // Two pixels, the second half transparent: its colour is taken over black.
    const pixels = {
      data: new Uint8Array([10, 20, 30, 255, 200, 100, 50, 51]),
      width: 2,
      height: 1,
    };
    expect(await detect(pixels)).toEqual([{ x: 1, y: 2, width: 3, height: 4, score: 0.9 }]);
    expect(calls).toEqual([
      'weights',
      `options ${F.inputSize} ${F.minScore}`,
      'tensor 1×2×3 10,20,30,40,20,10',
      'dispose',
    ]);
  });
});
