// Reference lists: fetched once per session from GET /api/getalldata and cached in session
// storage under SPEC §3's names. Screens read them with React's `use` (they suspend meanwhile).
import type { ReferenceData } from '@eta-il/domain';
import { use } from 'react';
import { getAllData } from '../api/calls.ts';
import { type ReferenceCacheKey, readJson, writeJson } from './storage.ts';

const CACHE_KEYS: Record<keyof ReferenceData, ReferenceCacheKey> = {
  entryReasons: 'purposestay',
  allcountry: 'allCountry',
  lengthofstay: 'lengthofstay',
  passportType: 'contentTravelDocumentType',
  gender: 'gender',
  maritalstatus: 'maritalstatus',
  occupation: 'occupation',
};

const fromCache = (): ReferenceData | undefined => {
  const entries = Object.entries(CACHE_KEYS).map(([list, key]) => [list, readJson<unknown[]>(key)]);
  return entries.every(([, value]) => Array.isArray(value))
    ? (Object.fromEntries(entries) as ReferenceData)
    : undefined;
};

/** Keeps the lists in session storage under SPEC §3's names. */
export const cacheReferenceData = (data: ReferenceData) => {
  for (const [list, key] of Object.entries(CACHE_KEYS)) {
    writeJson(key, data[list as keyof ReferenceData]);
  }
};

let pending: Promise<ReferenceData> | undefined;

export const loadReferenceData = (): Promise<ReferenceData> => {
  const cached = fromCache();
  if (cached) {
    pending ??= Promise.resolve(cached);
    return pending;
  }
  pending ??= getAllData().then(
    (data) => {
      cacheReferenceData(data);
      return data;
    },
    (error: unknown) => {
      pending = undefined; // the next visit tries again
      throw error;
    },
  );
  return pending;
};

/** Forgets the in-memory copy (after the session storage was wiped). */
export const forgetReferenceData = () => {
  pending = undefined;
};

export const useReferenceData = (): ReferenceData => use(loadReferenceData());
