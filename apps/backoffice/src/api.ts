// The office API (docs/office-api.md): JSON both ways, the session in an HttpOnly cookie the
// browser sends by itself. Every answer carries statusCode; refusals a stable code to translate.
// The answers' shapes are @eta-il/domain's (packages/domain/src/wire/office.ts), the server's own.

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
