// "Save and continue later" (decision 033): POST /api/saved-application (its request is the
// domain's SaveForLaterSchema), /code and /resume, declared once for the server and the web app.
import * as z from 'zod/mini';
import type { ApplicationDraft } from '../application.ts';
import type { PendingStep } from '../saved-application.ts';
import { CodeTimestampSchema, ConfirmationCodeSchema } from './email-code.ts';

const Token = z.string().check(z.minLength(1), z.maxLength(200));

/** POST /api/saved-application/code: the token of the link. */
export const ResumeCodeRequestSchema = z.object({ token: Token });
export type ResumeCodeRequest = z.input<typeof ResumeCodeRequestSchema>;

/** POST /api/saved-application/resume: the link's token, the code and its timestamp. */
export const ResumeRequestSchema = z.object({
  token: Token,
  code: ConfirmationCodeSchema,
  timestamp: CodeTimestampSchema,
});
export type ResumeRequest = z.input<typeof ResumeRequestSchema>;

/** POST /api/saved-application (201): until when the link works, and where it went (masked). */
export interface Saved {
  expiresAt: string;
  sentTo: string;
}

/** POST /api/saved-application/resume (200): the draft, the step's values and a fresh token. */
export interface Resumed {
  draft: ApplicationDraft;
  pending: PendingStep | null;
  email: string;
  idToken: string;
}
