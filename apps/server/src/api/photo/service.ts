// Passport photos: the bytes must be a JPEG or PNG (by their magic bytes, not the name), are
// decoded with a pixel limit, must pass the domain's quality checks and show one face, well framed
// (the browser's rules and detector, again), are re-encoded as JPEG, and stored without any
// metadata (EXIF, GPS).
import { randomUUID } from 'node:crypto';
import {
  measurePhoto,
  measuringSize,
  type PhotoFaceProblem,
  type PhotoQualityProblem,
  photoFaceProblems,
  photoQualityProblems,
} from '@eta-il/domain';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { detectFaces } from './faceDetection.ts';

const ACCEPTED = new Set(['image/jpeg', 'image/png']);
/** A decompression-bomb guard: far above any passport photo (about 40 megapixels). */
const MAX_INPUT_PIXELS = 40_000_000;
const MAX_EDGE = 1600;

/** Why a photo is not stored: not a JPEG or PNG, bytes that do not decode, or a quality check. */
export type PhotoProblem =
  | 'photoWrongType'
  | 'photoUnreadable'
  | PhotoQualityProblem
  | PhotoFaceProblem;

export type PhotoOutcome =
  | { ok: true; photoId: string; width: number; height: number }
  | { ok: false; problem: PhotoProblem };

/**
 * The photo (upright) shrunk with sharp to the measuring size of the domain, and its first quality
 * problem, measured and judged by the same rules as in the browser.
 */
const qualityProblem = async (photo: Sharp) => {
  const upright = (await photo.metadata()).autoOrient;
  const { data, info } = await photo
    .clone()
    .resize({ ...measuringSize(upright.width, upright.height), fit: 'fill' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = { data, width: info.width, height: info.height };
  return { pixels, problem: photoQualityProblems(measurePhoto(pixels, upright))[0] };
};

export const storePhoto = async (
  { db, clock }: { db: Db; clock: Clock },
  email: string,
  bytes: Buffer,
): Promise<PhotoOutcome> => {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED.has(type.mime)) return { ok: false, problem: 'photoWrongType' };
  let output: { data: Buffer; info: OutputInfo };
  let checked: Awaited<ReturnType<typeof qualityProblem>>;
  try {
    // sharp writes no metadata unless asked to; rotate() applies the EXIF orientation first.
    const photo = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    [output, checked] = await Promise.all([
      photo
        .clone()
        .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 88, mozjpeg: true })
        .toBuffer({ resolveWithObject: true }),
      qualityProblem(photo),
    ]);
  } catch {
    return { ok: false, problem: 'photoUnreadable' };
  }
  if (checked.problem) return { ok: false, problem: checked.problem };
  // The faces, on the same pixels, once the rest passes (a detector failure is the server's: 500).
  const { pixels } = checked;
  const faceProblem = photoFaceProblems(await detectFaces(pixels), pixels.width, pixels.height)[0];
  if (faceProblem) return { ok: false, problem: faceProblem };
  const photoId = randomUUID();
  await db
    .insertInto('photo')
    .values({
      id: photoId,
      email,
      content_type: 'image/jpeg',
      bytes: output.data,
      width: output.info.width,
      height: output.info.height,
      created_at: clock(),
    })
    .execute();
  return { ok: true, photoId, width: output.info.width, height: output.info.height };
};

export const readPhoto = async (db: Db, photoId: string, email: string) => {
  const row = await db
    .selectFrom('photo')
    .select(['bytes', 'content_type'])
    .where('id', '=', photoId)
    .where('email', '=', email)
    .executeTakeFirst();
  return row ? { bytes: Buffer.from(row.bytes), contentType: row.content_type } : undefined;
};
