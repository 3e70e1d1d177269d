// The carriers' boarding check (issue 28): the request and the answer of POST /carrier/v1/checks,
// declared once for the JSON route, the PAXLST translation and the documentation. A malformed
// flight refuses the whole request (400); a malformed passenger is answered DATA_ERROR alone.
import * as z from 'zod/mini';
import { isIsoDate } from '../dates.ts';

/** 1–500 passengers a request; more → 400. */
export const MAX_PASSENGERS_PER_CHECK = 500;

export const CARRIER_ANSWERS = [
  'OK',
  'NO_BOARD',
  'NOT_REQUIRED',
  'VISA_REQUIRED',
  'DATA_ERROR',
] as const;
type CarrierAnswer = (typeof CARRIER_ANSWERS)[number];

export const NO_BOARD_REASONS = [
  'NO_AUTHORIZATION',
  'PENDING',
  'REFUSED',
  'REVOKED',
  'EXPIRED',
  'DOCUMENT_MISMATCH',
] as const;
export type NoBoardReason = (typeof NO_BOARD_REASONS)[number];

/** How the names given compare with those on the authorization (reported, never a refusal). */
export const NAME_COMPARISONS = ['MATCH', 'DIFFERENT'] as const;
type NameComparison = (typeof NAME_COMPARISONS)[number];

const IsoDateText = z
  .string()
  .check(z.regex(/^\d{4}-\d{2}-\d{2}$/), z.refine(isIsoDate, { message: 'not a calendar date' }));
/** ISO 3166-1 alpha-3, upper case (the reference data's COUNTRY_CODE). */
const CountryCode = z.string().check(z.regex(/^[A-Z]{3}$/));
const Name = z.string().check(z.trim(), z.minLength(1), z.maxLength(100));

const CarrierFlightSchema = z.object({
  /** IATA (2) or ICAO (3) airline designator. */
  carrier: z.string().check(z.regex(/^[A-Z0-9]{2,3}$/)),
  /** Flight number: 1–4 digits and an optional suffix letter. */
  number: z.string().check(z.regex(/^\d{1,4}[A-Z]?$/)),
  departureDate: IsoDateText,
  /** IATA airport code of departure. */
  from: z.string().check(z.regex(/^[A-Z]{3}$/)),
});
export type CarrierFlight = z.infer<typeof CarrierFlightSchema>;

export const CarrierPassengerSchema = z.object({
  /** The carrier's own reference, echoed in the answer. */
  reference: z.string().check(z.minLength(1), z.maxLength(64)),
  /** The passport number as printed (spaces are ignored, letters compared in upper case). */
  documentNumber: z
    .string()
    .check(z.trim(), z.minLength(1), z.maxLength(20), z.regex(/^[A-Za-z0-9 ]+$/)),
  issuingCountry: CountryCode,
  nationality: CountryCode,
  birthDate: IsoDateText,
  surname: Name,
  givenNames: z.optional(z.string().check(z.trim(), z.maxLength(100))),
});
export type CarrierPassenger = z.infer<typeof CarrierPassengerSchema>;

/** The envelope: a valid flight and 1–500 passengers (each checked on its own). */
export const CarrierCheckRequestSchema = z.object({
  flight: CarrierFlightSchema,
  passengers: z.array(z.unknown()).check(z.minLength(1), z.maxLength(MAX_PASSENGERS_PER_CHECK)),
});

export interface CarrierCheckResult {
  reference: string;
  answer: CarrierAnswer;
  /** With NO_BOARD only. */
  reason?: NoBoardReason;
  /** With OK: the last day the authorization holds (YYYY-MM-DD). */
  validUntil?: string;
  /** With DATA_ERROR: the passenger's fields that are malformed. */
  fields?: string[];
  /** When an authorization or application was found: how the names compare. */
  names?: NameComparison;
}

export interface CarrierCheckResponse {
  checkId: string;
  checkedAt: string;
  results: CarrierCheckResult[];
}
