// The code's timestamp the browser keeps and sends back: the milliseconds the server answered
// when it sent the code. Bounded to a date PostgreSQL and every driver can hold (before the
// year 10000), so an absurd value is a 400 and never reaches the database cast.
import * as z from 'zod/mini';

const LAST_STORABLE_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

export const CodeTimestamp = z.number().check(z.int(), z.positive(), z.lte(LAST_STORABLE_MS));
