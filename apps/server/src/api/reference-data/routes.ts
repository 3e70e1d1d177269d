// GET /api/getalldata (SPEC §7): the seven reference lists, cacheable (ETag, 304).
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  type ConfigAnswer,
  isFeeDue,
  type ReferenceData,
  TEXT_PARAMETERS,
  todayIn,
} from '@eta-il/domain';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { ReferenceCache } from './cache.ts';

/** The getalldata answer of one version of the lists: serialized and compressed once, its ETag. */
interface EncodedAnswer {
  json: Buffer;
  brotli: Buffer;
  gzip: Buffer;
  etag: string;
}

const encode = (data: ReferenceData): EncodedAnswer => {
  const json = JSON.stringify({ statusCode: 200, body: data });
  return {
    json: Buffer.from(json),
    brotli: brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(json, { level: 9 }),
    etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`,
  };
};

/**
 * GET /api/getalldata: answered from memory with precomputed bytes, cheaper to send than to count
 * against a per-IP limit in a shared store; exempt from that limit like the immutable assets.
 */
export const isReferenceRead = (method: string, url: string) =>
  method === 'GET' && url.split('?')[0] === '/api/getalldata';

export const referenceDataRoutes = (
  app: FastifyInstance,
  {
    reference,
    backofficeUrl,
    clock,
    fee,
    reviewDays,
  }: {
    reference: ReferenceCache;
    backofficeUrl: string;
    clock: Clock;
    /** FEE_WAIVED_UNTIL, and the time zone of the service's date (as the submission's). */
    fee: { waivedUntil: string; timeZone: string };
    /** REVIEW_DAYS: the days after a refusal in which a review may be asked. */
    reviewDays: number;
  },
) => {
  // The cache keeps one snapshot per version of the lists, so each version is encoded once.
  let last: { data: ReferenceData; answer: EncodedAnswer } | undefined;
  const answerOf = (data: ReferenceData) => {
    if (last?.data !== data) last = { data, answer: encode(data) };
    return last.answer;
  };

  app.get('/api/getalldata', async (request, reply) => {
    const { json, brotli, gzip, etag } = answerOf((await reference.get()).data);
    reply
      .header('ETag', etag)
      .header('Cache-Control', 'public, max-age=300, must-revalidate')
      .header('Vary', 'Accept-Encoding');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    reply.type('application/json; charset=utf-8');
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) return reply.header('Content-Encoding', 'br').send(brotli);
    if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(gzip);
    return reply.send(json);
  });

  // Runtime settings (the back-office address of /backoffice) and the figures every text quotes,
  // with the date the fee is waived until (FEE_WAIVED_UNTIL), whether it is charged today, and the
  // days a review may be asked in as this server is configured (REVIEW_DAYS).
  app.get(
    '/api/config',
    async (): Promise<{ statusCode: 200; body: ConfigAnswer }> => ({
      statusCode: 200,
      body: {
        backofficeUrl,
        parameters: {
          ...TEXT_PARAMETERS,
          reviewDays,
          feeWaivedUntil: fee.waivedUntil,
          // The web app's older name of the same date.
          pilotEnds: fee.waivedUntil,
          feeCharged: isFeeDue(todayIn(clock(), fee.timeZone), fee.waivedUntil),
        },
      },
    }),
  );
};
