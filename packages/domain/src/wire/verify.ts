// POST /api/verify, declared once for the server and the web app: by the two numbers, or by the
// signed token of a document's QR code.
import * as z from 'zod/mini';

const Text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

/** By the token of a document's QR code (tried first). */
export const VerifyByTokenSchema = z.object({ token: Text(2048) });
/** By the application number and the passport number. */
export const VerifyByNumbersSchema = z.object({
  applicationNumber: Text(40),
  passportNumber: Text(20),
});
export type VerifyRequest =
  | z.input<typeof VerifyByNumbersSchema>
  | z.input<typeof VerifyByTokenSchema>;

/** 200, always. */
export interface VerifyAnswer {
  valid: boolean;
  /** Not valid because a supervisor revoked it (only for a matching authorization). */
  revoked?: true;
  /** Valid: the last day of validity (YYYY-MM-DD). */
  validUntil?: string;
  /** Valid, by the QR code's token: the number and the masked passport it is for. */
  applicationNumber?: string;
  passportNumber?: string;
}
