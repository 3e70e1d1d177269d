// The application draft (`jsonForm`) in session storage, and the reference lists.
import { type ApplicationDraft, blankDraft, type ReviewSection } from '@eta-il/domain';
import { useMemo } from 'react';
import { readJson, useSessionValue, writeJson } from './storage.ts';

/**
 * The stored draft. Only this app writes it, so a light shape check suffices here (the schema
 * stays off the first page); the server validates the whole draft on submission.
 */
export const readDraft = (): ApplicationDraft => {
  const stored = readJson<ApplicationDraft>('jsonForm');
  return stored &&
    typeof stored === 'object' &&
    Array.isArray(stored.bearerList) &&
    stored.bearerList.length === 1
    ? stored
    : blankDraft();
};

export const writeDraft = (draft: ApplicationDraft) => writeJson('jsonForm', draft);

export const useDraft = (): ApplicationDraft => {
  const raw = useSessionValue('jsonForm');
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read when the stored text changes.
  return useMemo(readDraft, [raw]);
};

/** Whether the email code was confirmed in this session (an auth token is held). */
export const useVerified = () => useSessionValue('auth-token') !== null;

/** The per-section flags of the review (SPEC §4 "Review") and of edit mode. */
export type SectionFlags = Partial<Record<ReviewSection | 'declaration', boolean>>;

export const readFlags = (key: 'confirmations' | 'editing'): SectionFlags => readJson(key) ?? {};
export const setFlag = (
  key: 'confirmations' | 'editing',
  section: keyof SectionFlags,
  on: boolean,
) => writeJson(key, { ...readFlags(key), [section]: on });
