// The office API (docs/office-api.md): JSON both ways, the session in an HttpOnly cookie the
// browser sends by itself. Every answer carries statusCode; refusals a stable code to translate.
import type { ApplicationDraft, CaseAbility } from '@eta-il/domain';

// A call that changes anything sends a JSON body (an empty object when it has nothing to say) and
// the session's anti-forgery token, which the sign-in and "who am I" answers hand over.
export interface Answer<T> {
  status: number;
  data: T & { statusCode: number; code?: string; message?: string };
}

/** Raised when the server cannot be reached at all. */
export class Unreachable extends Error {}

/** The header the server expects the anti-forgery token in (apps/server/src/office/forgery.ts). */
const ANTI_FORGERY_HEADER = 'x-office-token';
let antiForgeryToken: string | undefined;

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
  const headers: Record<string, string> =
    method === 'GET' ? {} : { 'content-type': 'application/json' };
  if (method !== 'GET' && antiForgeryToken) headers[ANTI_FORGERY_HEADER] = antiForgeryToken;
  try {
    response = await fetch(`/office/api/${path}`, {
      method,
      credentials: 'same-origin',
      headers,
      body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
    });
  } catch {
    throw new Unreachable();
  }
  const data = (await response.json().catch(() => ({}))) as Answer<T>['data'] & {
    antiForgeryToken?: unknown;
  };
  if (typeof data.antiForgeryToken === 'string') antiForgeryToken = data.antiForgeryToken;
  if (response.status === 401) antiForgeryToken = undefined;
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
  /** A supervisor, and the case is approved: the authorization may be revoked (issue 28). */
  mayRevoke: boolean;
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
