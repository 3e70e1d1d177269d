// POST /api/requestcountryfirststep (SPEC §7), declared once for the server and the web app.
import * as z from 'zod/mini';

/** The passport's country and type; the server looks the type's Valid_for_ETAIL up itself. */
export const CountryCheckRequestSchema = z.looseObject({
  EXT_COUNTRY_ID: z.number().check(z.int(), z.nonnegative()),
  biometric: z.boolean(),
  Passport_type_for_visa: z.string().check(z.maxLength(20)),
  Valid_for_ETAIL: z.optional(z.string().check(z.maxLength(20))),
});
export type CountryCheck = z.input<typeof CountryCheckRequestSchema>;

/** 200: a `message` means the passport country is accepted; without one, it is not. */
export interface CountryCheckAnswer {
  message?: 'Accepted';
}
