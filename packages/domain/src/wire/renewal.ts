// A renewal and a new passport (issue 31, decision 057): POST /api/renewal/code and
// POST /api/renewal (a renewal link's token, then its e-mailed code), and
// POST /api/status/new-passport/code and POST /api/status/new-passport (the status look-up's
// three facts, the code and the new passport), declared once for the server and the web app.
// The `…/code` calls answer `CodeSentTo` (./email-code.ts); refusals are `Refusal`s.
import * as z from 'zod/mini';
import type { ApplicationDraft } from '../application.ts';
import { isIsoDate } from '../dates.ts';
import type { JourneyStepId } from '../journey.ts';
import type { RenewalNotice } from '../renewal.ts';
import { CodeTimestampSchema, ConfirmationCodeSchema } from './email-code.ts';
import { StatusIdentitySchema } from './status.ts';

const Token = z.string().check(z.minLength(1), z.maxLength(200));
const IsoDateText = z.string().check(z.refine(isIsoDate));

/** POST /api/renewal/code: the token of the link (from its fragment). */
export const RenewalCodeRequestSchema = z.object({ token: Token });
export type RenewalCodeRequest = z.input<typeof RenewalCodeRequestSchema>;

/** POST /api/renewal: the link's token, the code and its timestamp. */
export const RenewalRequestSchema = z.object({
  token: Token,
  code: ConfirmationCodeSchema,
  timestamp: CodeTimestampSchema,
});
export type RenewalRequest = z.input<typeof RenewalRequestSchema>;

/** POST /api/status/new-passport: the three facts, the code, and the new passport. */
export const NewPassportRequestSchema = z.object({
  ...StatusIdentitySchema.shape,
  code: ConfirmationCodeSchema,
  timestamp: CodeTimestampSchema,
  newPassport: z.object({
    passportNum: z.string().check(z.trim(), z.regex(/^[A-Za-z0-9]{1,20}$/)),
    /** The issuing country's EXT_COUNTRY_ID (reference data). */
    passportCountryId: z.number().check(z.int(), z.positive()),
    passportIssueDate: IsoDateText,
    passportExpireDate: IsoDateText,
  }),
});
export type NewPassportRequest = z.input<typeof NewPassportRequestSchema>;

/**
 * 200 of POST /api/renewal and POST /api/status/new-passport: the new application's draft filled
 * in from the last one, why a step is empty, the steps to confirm again, the address and a fresh
 * session token (as a resumed draft's).
 */
export interface RenewalOpened {
  draft: ApplicationDraft;
  notices: RenewalNotice[];
  confirmAgain: readonly JourneyStepId[];
  email: string;
  idToken: string;
}
