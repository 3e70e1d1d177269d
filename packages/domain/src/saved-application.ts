// "Save and continue later" (issue 13): which steps offer it, how long a saved draft lives, and
// the shape of what is saved: the draft (possibly incomplete: its shape is checked, not its
// answers) and the values typed on the step being left, kept as typed.
import * as z from 'zod/mini';
import { ApplicationDraftSchema } from './application.ts';
import { JOURNEY, type JourneyStepId, ROUTES } from './journey.ts';
import type { FormValues } from './steps/step.ts';

/** A saved draft, and the link to it, last 7 days; then the retention job deletes it. */
export const SAVED_APPLICATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The steps with 'Save and continue later': those reached with an auth token (after the e-mail
 * code), before the review.
 */
const SAVE_LATER_STEPS: readonly JourneyStepId[] = JOURNEY.slice(
  JOURNEY.findIndex((s) => s.id === 'code') + 1,
  JOURNEY.findIndex((s) => s.id === 'review'),
).map((s) => s.id);

/** The path of a saved application's link. */
export const resumeRoute = (token: string) => ROUTES.resume.replace(':token', token);

export const canSaveForLater = (id: JourneyStepId) => SAVE_LATER_STEPS.includes(id);

/** Bounds on a form's values as typed: far above any step's own fields and limits. */
const PENDING_FIELDS_MAX = 60;
const PENDING_TEXT_MAX = 1_000;
const PendingText = z.string().check(z.maxLength(PENDING_TEXT_MAX));

/** The values on the step being left, as typed (not yet checked by the step's rules). */
const PendingStepSchema = z.object({
  step: z.enum(SAVE_LATER_STEPS as [JourneyStepId, ...JourneyStepId[]]),
  values: z
    .record(
      z.string().check(z.maxLength(100)),
      z.union([PendingText, z.array(PendingText).check(z.maxLength(PENDING_FIELDS_MAX))]),
    )
    .check(z.refine((values) => Object.keys(values).length <= PENDING_FIELDS_MAX)),
});
export interface PendingStep {
  step: JourneyStepId;
  values: FormValues;
}

/** POST /api/saved-application: the draft and, optionally, the step's values as typed. */
export const SaveForLaterSchema = z.object({
  draft: ApplicationDraftSchema,
  pending: z.optional(z.nullable(PendingStepSchema)),
});
export type SaveForLater = z.infer<typeof SaveForLaterSchema>;
