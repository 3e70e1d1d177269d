// The HTTP client of SPEC §7: JSON, the XSRF cookie echoed in a header, the auth token, no
// default timeout, 2xx is success. Every call names the language the traveller chose (not the
// browser's own Accept-Language), so the server writes its e-mails and texts in it.
// The one reader of the server's answers: the envelope {statusCode, message?, code?, body?} is read
// here once, into a success with its payload or a refusal, each with its status (SPEC §4).
// The shapes it reads are the domain's (packages/domain/src/wire/refusal.ts).
import type { RecordRefusal, Refusal, RefusalAnswer, RefusalIssue } from '@eta-il/domain';
import i18next from 'i18next';
import { localTimeZone } from '../components/moment.ts';
import { isLanguage, LANGUAGE_STORAGE_KEY } from '../i18n/languages.ts';
import { readSession } from '../session/storage.ts';

/**
 * What the server answered. A success's payload is the envelope's `body` when it carries one as
 * JSON, else the answer itself (calls that answer their fields beside `statusCode`, or a bare
 * value). A string `body` is never a payload: a refusal may JSON-encode itself there (SPEC §7).
 */
export type Answer<T> =
  | { ok: true; status: number; body: T }
  | { ok: false; status: number; refusal: Refusal };

/** The fields of an answer or a refusal, as read: the envelope's and those encoded in `body`. */
type Fields = { [K in keyof (RefusalAnswer & RecordRefusal)]?: unknown };

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * A refusal: the one JSON-encoded in `body` when the server sent one ({message, code} of the code
 * calls, {error, issues} of a refused submission), else the envelope's own message and code.
 */
const refusalOf = (envelope: Fields): Refusal => {
  let fields = envelope;
  const encoded = text(envelope.body);
  if (encoded) {
    try {
      fields = { ...envelope, ...(JSON.parse(encoded) as Fields) };
    } catch {
      fields = { ...envelope, message: encoded };
    }
  }
  return {
    message: text(fields.error) ?? text(fields.message) ?? '',
    code: text(fields.code),
    issues: Array.isArray(fields.issues) ? (fields.issues as RefusalIssue[]) : undefined,
    ...(typeof fields.triesLeft === 'number' ? { triesLeft: fields.triesLeft } : {}),
    ...(text(fields.field) ? { field: text(fields.field) } : {}),
  };
};

/** The request could not reach the server (offline, DNS, aborted). */
export class NetworkError extends Error {}

const xsrfToken = () =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith('XSRF-TOKEN='))
    ?.slice('XSRF-TOKEN='.length);

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
): Promise<Answer<T>> => {
  const all: Record<string, string> = {
    Accept: 'application/json',
    'X-Time-Zone': localTimeZone(),
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
  const raw = await response.text();
  let data: unknown = null;
  try {
    data = raw ? JSON.parse(raw) : null;
  } catch {
    data = raw;
  }
  const envelope: Fields = data && typeof data === 'object' ? (data as Fields) : {};
  const { status } = response;
  if (!response.ok) return { ok: false, status, refusal: refusalOf(envelope) };
  const inner = envelope.body;
  const payload = inner === undefined || typeof inner === 'string' ? data : inner;
  return { ok: true, status, body: payload as T };
};
