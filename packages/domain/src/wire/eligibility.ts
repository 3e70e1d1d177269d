// POST /api/eligibility (SPEC §7), declared once for the server and the web app.
import * as z from 'zod/mini';

/** The nationality's COUNTRY_CODE (ISO 3166-1 alpha-3); other fields are ignored. */
export const EligibilityRequestSchema = z.looseObject({
  COUNTRY_CODE: z.string().check(z.regex(/^[A-Z]{3}$/)),
});
export type EligibilityRequest = z.input<typeof EligibilityRequestSchema>;

/** A plain JSON boolean, not in the envelope: may nationals of the country use ETA-IL? */
export type EligibilityAnswer = boolean;
