// Reference data as the API serves it: loaded from the database, kept for a minute (the lists
// change with a release, not per request), with an ETag for conditional GETs.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { ReferenceData } from '@eta-il/domain';
import type { Db } from '../../db/database.ts';
import { loadReferenceData } from '../../db/seed.ts';

export interface ReferenceSnapshot {
  data: ReferenceData;
  /** The getalldata answer, serialized once, and compressed once per snapshot. */
  json: string;
  brotli: Buffer;
  gzip: Buffer;
  etag: string;
}

export interface ReferenceCache {
  get: () => Promise<ReferenceSnapshot>;
}

export const createReferenceCache = (db: Db, ttlMs = 60_000): ReferenceCache => {
  let snapshot: Promise<ReferenceSnapshot> | undefined;
  let loadedAt = 0;
  const load = async (): Promise<ReferenceSnapshot> => {
    const data = await loadReferenceData(db);
    const json = JSON.stringify({ statusCode: 200, body: data });
    const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
    const brotli = brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
    return { data, json, brotli, gzip: gzipSync(json, { level: 9 }), etag };
  };
  return {
    get: () => {
      if (!snapshot || Date.now() - loadedAt > ttlMs) {
        loadedAt = Date.now();
        const next = load();
        // A failed load is not cached: the next request tries again.
        next.catch(() => {
          if (snapshot === next) snapshot = undefined;
        });
        snapshot = next;
      }
      return snapshot;
    },
  };
};
