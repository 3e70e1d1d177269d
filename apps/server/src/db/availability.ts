// Telling "the database is not there right now" from every other failure. Such an error is
// nobody's fault and passes by itself: the app answers 503 with Retry-After instead of 500, and
// readiness reports the database as unreachable.

/** How long a client should wait before trying again while the database is unavailable. */
export const RETRY_AFTER_SECONDS = 5;

/** Socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is shutting down, starting up, out of connections, or that cancelled
 * a statement past its timeout: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03
 * cannot_connect_now, 57014 query_canceled (statement_timeout), 53300 too_many_connections.
 * Class 08 (connection exception) is matched by its prefix, and so is class 58 (system error:
 * 58030 io_error, 58P01 undefined_file), which the embedded database gives when its files are gone.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '57014', '53300']);

/** What node-postgres and its pool say when a connection ends, hangs, or cannot be had. */
const DRIVER_MESSAGES = [
  /^Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /is not queryable/i,
  /Query read timeout/i,
  /Client was closed and is not queryable/i,
];

const codeOf = (error: object): string | undefined => {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
};

const isUnavailableItself = (error: object): boolean => {
  const code = codeOf(error);
  if (
    code &&
    (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^(08|58)...$/.test(code))
  ) {
    return true;
  }
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message));
};

/**
 * Whether `error` means that the database cannot be reached or will not serve now. Looks through
 * `cause` and the errors of an AggregateError (a host name with several addresses).
 */
export const isDatabaseUnavailable = (error: unknown, depth = 0): boolean => {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  if (isUnavailableItself(error)) return true;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (isDatabaseUnavailable(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1));
};
