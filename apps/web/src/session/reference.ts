// Reference lists: fetched once per session from GET /api/getalldata and cached in session
// storage under SPEC §3's names. Screens read them with React's `use` (they suspend meanwhile).
// A prerendered page carries the lists it was rendered with, so its first screen needs no fetch.
import type { ReferenceData } from '@eta-il/domain';
import { use } from 'react';
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

/** The element of a prerendered page holding the lists as JSON. */
const REFERENCE_DATA_ELEMENT = 'reference-data';

const fromPage = (): ReferenceData | undefined => {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(REFERENCE_DATA_ELEMENT)?.textContent;
  return text ? (JSON.parse(text) as ReferenceData) : undefined;
};

/** A promise React's `use` reads at once, without suspending. */
const settled = (data: ReferenceData): Promise<ReferenceData> =>
  Object.assign(Promise.resolve(data), { status: 'fulfilled', value: data });

let pending: Promise<ReferenceData> | undefined;

/** The lists to render with when there is no browser to fetch them (the build's prerender). */
export const provideReferenceData = (data: ReferenceData) => {
  pending = settled(data);
};

const loadReferenceData = (): Promise<ReferenceData> => {
  if (pending) return pending;
  const cached = fromCache();
  if (cached) {
    pending = settled(cached);
    return pending;
  }
  const embedded = fromPage();
  if (embedded) {
    // Cached after this render, as a fetched answer would be.
    queueMicrotask(() => cacheReferenceData(embedded));
    pending = settled(embedded);
    return pending;
  }
  // The API client loads with the first fetch: a prerendered first page never needs it.
  pending = import('../api/calls.ts')
    .then(({ getAllData }) => getAllData())
    .then(
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

let reads = 0;
/** How many renders read the lists (the prerender embeds them in pages that did). */
export const referenceReads = () => reads;

export const useReferenceData = (): ReferenceData => {
  reads += 1;
  return use(loadReferenceData());
};
