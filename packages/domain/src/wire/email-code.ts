// POST /api/deletecognitouser (and its twin with a trailing space, SPEC §7): the three `render`
// operations' requests, as the server checks them, and their answers (in the envelope's `body`),
// declared once for the server and the web app. The code calls of the status page and of a saved
// application answer `CodeSentTo`.
import * as z from 'zod/mini';
import { CONFIRMATION_CODE_PATTERN } from '../constants.ts';
import { EmailSchema } from '../fields.ts';

const LAST_STORABLE_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * The code's timestamp the browser keeps and sends back: the milliseconds the server answered
 * when it sent the code. Bounded to a date PostgreSQL and every driver can hold (before the year
 * 10000), so an absurd value is a 400 and never reaches the database cast.
 */
export const CodeTimestampSchema = z.number().check(z.int(), z.positive(), z.lte(LAST_STORABLE_MS));

/** Six digits. */
export const ConfirmationCodeSchema = z.string().check(z.regex(CONFIRMATION_CODE_PATTERN));

const Email = z.pipe(z.string().check(z.trim(), z.toLowerCase()), EmailSchema());

const SendCodeRequestSchema = z.looseObject({ render: z.literal('signUpUser'), email: Email });
const ConfirmCodeRequestSchema = z.looseObject({
  render: z.literal('confirmSignUp'),
  email: Email,
  confirmationCode: ConfirmationCodeSchema,
  timestamp: CodeTimestampSchema,
});
const RefreshTokenRequestSchema = z.looseObject({
  render: z.literal('refreshToken'),
  email: Email,
});

/** One of the three operations, told apart by `render`; other fields are ignored. */
export const EmailCodeRequestSchema = z.discriminatedUnion('render', [
  SendCodeRequestSchema,
  ConfirmCodeRequestSchema,
  RefreshTokenRequestSchema,
]);

/** signUpUser: e-mail a code (the web app also sends SPEC §7's fixed `password`). */
export type SendCodeRequest = z.input<typeof SendCodeRequestSchema>;
/** confirmSignUp: the code typed, and the timestamp its sending answered. */
export type ConfirmCodeRequest = z.input<typeof ConfirmCodeRequestSchema>;
/** refreshToken (with the current `auth-token`): a new token for the same session. */
export type RefreshTokenRequest = z.input<typeof RefreshTokenRequestSchema>;

/** signUpUser (200, in `body`): the timestamp the confirmation must quote. */
export interface CodeSent {
  timestamp: number;
}

/** confirmSignUp and refreshToken (200, in `body`): the auth token. */
export interface TokenIssued {
  idToken: string;
}

/** A code sent for a status change or a saved application: its timestamp and the masked address. */
export interface CodeSentTo extends CodeSent {
  sentTo: string;
}
