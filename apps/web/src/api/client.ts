// The HTTP client of SPEC §7: JSON, the XSRF cookie echoed in a header, the auth token, no
// default timeout, 2xx is success. Answers carry their status so screens can follow SPEC §4.
// Every call names the language the traveller chose (not the browser's own Accept-Language), so
// the server writes its e-mails and texts in it.
import i18next from 'i18next';
import { isLanguage, LANGUAGE_STORAGE_KEY } from '../i18n/languages.ts';
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

/** The language on screen: i18next's current one, else the choice remembered in the session. */
const chosenLanguage = (): string | undefined => {
  const current = i18next.isInitialized ? (i18next.resolvedLanguage ?? i18next.language) : null;
  if (isLanguage(current)) return current;
  const remembered = sessionStorage.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(remembered) ? remembered : undefined;
};

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
  const language = chosenLanguage();
  if (language) all['Accept-Language'] = language;
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
