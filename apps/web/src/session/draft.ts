// The application draft (`jsonForm`) in session storage: the whole group, and the traveller the
// screens are filling in (`traveller`, an index into its bearerList).
import {
  type ApplicationDraft,
  blankDraft,
  GROUP_SIZE_MAX,
  type ReviewSection,
  travellerView,
  withTravellerView,
} from '@eta-il/domain';
import { useMemo } from 'react';
import { readJson, readSession, useSessionValue, writeJson, writeSession } from './storage.ts';

/**
 * The stored draft of the whole group. Only this app writes it, so a light shape check suffices
 * here (the schema stays off the first page); the server validates the whole draft on submission.
 */
export const readGroup = (): ApplicationDraft => {
  const stored = readJson<ApplicationDraft>('jsonForm');
  return stored &&
    typeof stored === 'object' &&
    Array.isArray(stored.bearerList) &&
    stored.bearerList.length >= 1 &&
    stored.bearerList.length <= GROUP_SIZE_MAX
    ? stored
    : blankDraft();
};

export const writeGroup = (draft: ApplicationDraft) => writeJson('jsonForm', draft);

/** Which traveller of the group the step screens fill in: 0, the first, unless one was added. */
export const currentTraveller = (): number => {
  const index = Number(readSession('traveller') ?? 0);
  return Number.isInteger(index) && index > 0 && index < readGroup().bearerList.length ? index : 0;
};

export const setCurrentTraveller = (index: number) =>
  writeSession('traveller', index > 0 ? String(index) : null);

/** The current traveller's draft: the group seen as a single application (domain travellerView). */
export const readDraft = (): ApplicationDraft => travellerView(readGroup(), currentTraveller());

/** A step's changes to the current traveller's draft, written back into the group. */
export const writeDraft = (draft: ApplicationDraft) =>
  writeGroup(withTravellerView(readGroup(), currentTraveller(), draft));

export const useGroup = (): ApplicationDraft => {
  const raw = useSessionValue('jsonForm');
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read when the stored text changes.
  return useMemo(readGroup, [raw]);
};

/** The current traveller (index, and the group's size), re-read when either changes. */
export const useTraveller = (): { index: number; count: number } => {
  const group = useGroup();
  const raw = useSessionValue('traveller');
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read when the stored index changes.
  const index = useMemo(currentTraveller, [raw, group]);
  return { index, count: group.bearerList.length };
};

export const useDraft = (): ApplicationDraft => {
  const group = useGroup();
  const { index } = useTraveller();
  return useMemo(() => travellerView(group, index), [group, index]);
};

/** Whether the email code was confirmed in this session (an auth token is held). */
export const useVerified = () => useSessionValue('auth-token') !== null;

/**
 * The per-section flags of the review (SPEC §4 "Review") and of edit mode, by panel: a section of
 * the first traveller is named by itself, one of a later traveller with its place (`passport.2`).
 */
export type SectionFlags = Partial<Record<string, boolean>>;

export const panelOf = (section: ReviewSection, traveller: number) =>
  traveller > 0 ? `${section}.${traveller}` : section;

export const readFlags = (key: 'confirmations' | 'editing'): SectionFlags => readJson(key) ?? {};
export const setFlag = (key: 'confirmations' | 'editing', panel: string, on: boolean) =>
  writeJson(key, { ...readFlags(key), [panel]: on });
