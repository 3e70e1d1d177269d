// The HTTP client of SPEC §7: JSON, the XSRF cookie echoed in a header, the auth token, no
// default timeout, 2xx is success. Answers carry their status so screens can follow SPEC §4.
import { readSession } from '../session/storage.ts';

export interface ApiAnswer<T> {
  status: number;
  data: T;
}

/** The request could not reach the server (offline, DNS, aborted). */
export class NetworkError extends Error {}

const xsrfToken = () =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith('XSRF-TOKEN='))
    ?.slice('XSRF-TOKEN='.length);

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const request = async <T>(
  method: 'GET' | 'POST',
  path: string,
  {
    body,
    headers = {},
    auth = false,
  }: { body?: unknown; headers?: Record<string, string>; auth?: boolean } = {},
): Promise<ApiAnswer<T>> => {
  const all: Record<string, string> = {
    Accept: 'application/json',
    'X-Time-Zone': timeZone(),
    ...headers,
  };
  const token = xsrfToken();
  if (token) all['X-XSRF-TOKEN'] = decodeURIComponent(token);
  if (auth) all['auth-token'] = readSession('auth-token') ?? '';
  let init: RequestInit = { method, headers: all, credentials: 'same-origin' };
  if (body instanceof FormData) init = { ...init, body };
  else if (body !== undefined) {
    all['Content-Type'] = 'application/json';
    init = { ...init, body: JSON.stringify(body) };
  }
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    throw new NetworkError(error instanceof Error ? error.message : 'network');
  }
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  return { status: response.status, data: data as T };
};

export const isSuccess = (status: number) => status >= 200 && status < 300;
