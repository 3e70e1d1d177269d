// Reference data as the API serves it: loaded from the database, checked again every minute (the
// lists change with a release, not per request). The answer's bytes (plain, brotli, gzip) and
// its strong ETag are computed once per version of the lists, not per request nor per reload.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { ReferenceData } from '@eta-il/domain';
import type { Db } from '../../db/database.ts';
import { loadReferenceData } from '../../db/seed.ts';

interface ReferenceSnapshot {
  data: ReferenceData;
  /** The getalldata answer, serialized once, and compressed once per version of the lists. */
  json: Buffer;
  brotli: Buffer;
  gzip: Buffer;
  etag: string;
}

export interface ReferenceCache {
  get: () => Promise<ReferenceSnapshot>;
}

const snapshotOf = (data: ReferenceData, json: string): ReferenceSnapshot => ({
  data,
  json: Buffer.from(json),
  brotli: brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  gzip: gzipSync(json, { level: 9 }),
  etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`,
});

export const createReferenceCache = (db: Db, ttlMs = 60_000): ReferenceCache => {
  let snapshot: Promise<ReferenceSnapshot> | undefined;
  let current: ReferenceSnapshot | undefined;
  let loadedAt = 0;
  const load = async (): Promise<ReferenceSnapshot> => {
    const data = await loadReferenceData(db);
    const json = JSON.stringify({ statusCode: 200, body: data });
    // Unchanged lists keep their bytes and their ETag.
    if (current?.json.equals(Buffer.from(json))) return current;
    current = snapshotOf(data, json);
    return current;
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
