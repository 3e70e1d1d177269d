// Reference data as the API serves it: loaded from the database, kept for a minute (the lists
// change with a release, not per request), with an ETag for conditional GETs.
import { createHash } from 'node:crypto';
import type { ReferenceData } from '@eta-il/domain';
import type { Db } from '../../db/database.ts';
import { loadReferenceData } from '../../db/seed.ts';

export interface ReferenceSnapshot {
  data: ReferenceData;
  /** The getalldata answer, serialized once. */
  json: string;
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
    return { data, json, etag };
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
