// The office API (docs/office-api.md): JSON both ways, the session in an HttpOnly cookie the
// browser sends by itself. Every answer carries statusCode; refusals a stable code to translate.
import type { ApplicationDraft, CaseAbility } from '@eta-il/domain';

export interface Answer<T> {
  status: number;
  data: T & { statusCode: number; code?: string; message?: string };
}

/** Raised when the server cannot be reached at all. */
export class Unreachable extends Error {}

const listeners = new Set<() => void>();
/** Called when any call answers 401: the session has ended. */
export const onSignedOut = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const call = async <T = Record<string, never>>(
  method: 'GET' | 'POST',
  path: string,
  body?: object,
): Promise<Answer<T>> => {
  let response: Response;
  try {
    response = await fetch(`/office/api/${path}`, {
      method,
      credentials: 'same-origin',
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new Unreachable();
  }
  const data = (await response.json().catch(() => ({}))) as Answer<T>['data'];
  if (response.status === 401 && !path.startsWith('sign-in') && !path.startsWith('setup')) {
    for (const listener of listeners) listener();
  }
  return { status: response.status, data };
};

export interface Staff {
  id: string;
  email: string;
  role: 'officer' | 'supervisor' | 'auditor' | 'admin';
}

export interface QueueCase {
  id: string;
  applicationNumber: string;
  state: string;
  submittedAt: string;
  timeLeftMs: number;
  arrivalDate: string | null;
  name: string;
  nationality: string | null;
  hits: string[];
  claimedBy: string | null;
  refusalPending: boolean;
}

export interface ScreeningHit {
  code: string;
  messageId: string;
  score: number;
  /** What the rule matched; a watchlist hit names the listed person (screening/rules.ts). */
  details: Record<string, string | number>;
}

/** GET cases/:id: the case, and what the signed-in member of staff can do with it now. */
export interface CaseAnswer {
  case: CaseDetails;
  ability: CaseAbility;
  mayRelease: boolean;
}

export interface CaseDetails {
  id: string;
  applicationNumber: string;
  state: string;
  email: string;
  language: string;
  submittedAt: string;
  stateChangedAt: string;
  answers: ApplicationDraft;
  photoUrl: string | null;
  screening: {
    bearerIndex: number;
    outcome: string;
    hits: ScreeningHit[];
    rulesChecked: number;
    screenedAt: string;
  }[];
  earlierApplications: {
    id: string;
    applicationNumber: string;
    state: string;
    submittedAt: string;
  }[];
  history: {
    from: string | null;
    to: string;
    at: string;
    actorKind: string;
    actorId: string | null;
    actorEmail: string | null;
    /** For a refusal: who proposed it (the actor confirmed it). */
    proposedByEmail: string | null;
    reasons: string[];
    note: string | null;
  }[];
  refusalSteps: {
    action: 'proposeRefusal' | 'rejectRefusal';
    at: string;
    byEmail: string;
    proposedByEmail: string | null;
    reasons: string[];
    note: string | null;
  }[];
  corrections: { field: string; from: string; to: string; at: string }[];
  claim: { staffId: string; email: string; claimedAt: string } | null;
  pendingRefusal: {
    proposedBy: string;
    proposedByEmail: string;
    reasons: string[];
    note: string;
    proposedAt: string;
  } | null;
  infoRequests: {
    askedBy: string;
    reasons: string[];
    question: string;
    askedAt: string;
    answer: string | null;
    answeredAt: string | null;
  }[];
}
