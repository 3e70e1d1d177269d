// Reference data as the API reads it: loaded from the database, checked again every minute (the
// lists change with a release, not per request). Unchanged lists keep their snapshot, so what is
// computed from one (the getalldata answer's bytes and ETag) is computed once per version of the
// lists, not per request nor per reload.
import type { ReferenceData } from '@eta-il/domain';
import type { Db } from '../../db/database.ts';
import { loadReferenceData } from '../../db/seed.ts';

interface ReferenceSnapshot {
  data: ReferenceData;
}

export interface ReferenceCache {
  get: () => Promise<ReferenceSnapshot>;
}

export const createReferenceCache = (db: Db, ttlMs = 60_000): ReferenceCache => {
  let snapshot: Promise<ReferenceSnapshot> | undefined;
  let current: { snapshot: ReferenceSnapshot; json: string } | undefined;
  let loadedAt = 0;
  const load = async (): Promise<ReferenceSnapshot> => {
    const data = await loadReferenceData(db);
    const json = JSON.stringify(data);
    // Unchanged lists keep their snapshot.
    if (current?.json !== json) current = { snapshot: { data }, json };
    return current.snapshot;
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
