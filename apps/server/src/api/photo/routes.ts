// POST /api/photo (auth-token): multipart upload of the passport photo, answering its photoId, or
// 422 with the reason a photo fails the quality checks (photoTooDark, photoBlurred…).
// GET /api/photo/:id (auth-token): the stored photo, to its owner only (the review shows it).
import { PHOTO_MAX_BYTES, type PhotoStored } from '@eta-il/domain';
import type { FastifyInstance } from 'fastify';
import { requireToken } from '../../auth/require-token.ts';
import type { TokenService } from '../../auth/tokens.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { HttpError, type RouteLimit, send, sendError } from '../../http.ts';
import { type PhotoProblem, readPhoto, storePhoto } from './service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A photo the service did not store: not a JPEG or PNG is 415; bytes that do not decode, and a
 * photo that fails a quality check (the code says which, as the browser's check does), 422.
 */
const PHOTO_PROBLEM_STATUS: Record<PhotoProblem, number> = {
  photoWrongType: 415,
  photoUnreadable: 422,
  photoTooSmall: 422,
  photoWrongShape: 422,
  photoTooDark: 422,
  photoTooBright: 422,
  photoBlurred: 422,
  photoBackground: 422,
  photoNoFace: 422,
  photoManyFaces: 422,
  photoFaceTooSmall: 422,
  photoFaceTooClose: 422,
  photoFaceOffCentre: 422,
};
const photoRefusal = (problem: PhotoProblem) =>
  new HttpError(PHOTO_PROBLEM_STATUS[problem], problem);

/**
 * A failure reading the multipart body: a file over the limit is 413; anything else (a body cut
 * short, a broken part, a limit on parts) is the client's malformed request, never a 500.
 */
const uploadError = (error: unknown): HttpError => {
  const { code, statusCode } = (error ?? {}) as { code?: unknown; statusCode?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, 'photoTooLarge');
  const status = typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500;
  return new HttpError(status ? statusCode : 400, 'badRequest');
};

export const photoRoutes = (
  app: FastifyInstance,
  { db, clock, tokens, limit }: { db: Db; clock: Clock; tokens: TokenService; limit: RouteLimit },
) => {
  app.post(
    '/api/photo',
    {
      preHandler: requireToken(tokens, db),
      bodyLimit: PHOTO_MAX_BYTES + 1024 * 1024,
      config: limit,
    },
    async (request, reply) => {
      if (!request.isMultipart()) return sendError(reply, new HttpError(415, 'photoWrongType'));
      let file: Awaited<ReturnType<typeof request.file>>;
      let bytes: Buffer;
      try {
        file = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1 } });
        if (!file) return sendError(reply, new HttpError(400, 'photoRequired'));
        bytes = await file.toBuffer();
      } catch (error) {
        return sendError(reply, uploadError(error));
      }
      if (file.file.truncated) return sendError(reply, new HttpError(413, 'photoTooLarge'));
      const outcome = await storePhoto({ db, clock }, request.verifiedEmail!, bytes);
      if (!outcome.ok) return sendError(reply, photoRefusal(outcome.problem));
      return send<PhotoStored>(reply, 200, {
        photoId: outcome.photoId,
        width: outcome.width,
        height: outcome.height,
      });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/photo/:id',
    { preHandler: requireToken(tokens, db) },
    async (request, reply) => {
      const id = request.params.id;
      const photo = UUID.test(id) ? await readPhoto(db, id, request.verifiedEmail!) : undefined;
      if (!photo) return sendError(reply, new HttpError(404, 'photoNotFound'));
      return reply
        .type(photo.contentType)
        .header('Cache-Control', 'private, no-store')
        .send(photo.bytes);
    },
  );
};
