// What the screening reads of a bearer, mapped once from the canonical jsonForm bearer.
import type { Bearer } from '../application.ts';
import type { FalseHitMark } from './false-hits.ts';

/** An earlier application refused here, as the server stores it (passed in: the engine is pure). */
export interface StoredRefusal {
  readonly applicationNumber: string;
  readonly refusedOn: string;
  /** ISO 3166-1 alpha-3 of the passport's issuing country. */
  readonly passportCountry: string;
  readonly passportNumber: string;
}

export interface ScreeningInput {
  readonly firstName: string;
  readonly lastName: string;
  readonly birthDate: string;
  readonly nationalityCountryId: number | null;
  readonly otherNationalityCountryIds: readonly number[];
  readonly passportCountryId: number | null;
  /** ISO 3166-1 alpha-3 of the passport's issuing country. */
  readonly passportCountryCode: string;
  readonly passportNumber: string;
  readonly passportExpiryDate: string;
  readonly arrivalDate: string;
  readonly lengthOfStayCode: number | null;
  readonly lawProblems: boolean;
  readonly declaredRefusal: boolean;
  readonly declaredRefusalText: string;
  readonly anotherVisaRequest: boolean;
  readonly anotherVisaRequestText: string;
  /** Refusals stored here; those for the same passport are hits. */
  readonly storedRefusals: readonly StoredRefusal[];
  /**
   * The confirmed false-hit marks stored for this traveller (passed in, as the refusals are): a
   * watchlist hit a mark spares refers no one (false-hits.ts `markSpares`).
   */
  readonly falseHitMarks: readonly FalseHitMark[];
}

/** The screening input of a jsonForm bearer (SPEC §3), with the refusals the server found. */
export const screeningInputFromBearer = (
  bearer: Bearer,
  storedRefusals: readonly StoredRefusal[] = [],
  falseHitMarks: readonly FalseHitMark[] = [],
): ScreeningInput => ({
  firstName: bearer.firstName,
  lastName: bearer.lastName,
  birthDate: bearer.birthDate,
  nationalityCountryId: bearer.nationalityId?.id ?? null,
  otherNationalityCountryIds: bearer.anotherNationalityArray.map((n) => n.id),
  passportCountryId: bearer.passportCountryId?.id ?? null,
  passportCountryCode: bearer.passportCountryId?.COUNTRY_CODE ?? '',
  passportNumber: bearer.passportNum,
  passportExpiryDate: bearer.passportExpireDate,
  arrivalDate: bearer.estimatedArrivalDate.slice(0, 10),
  lengthOfStayCode: bearer.lengthOfStayId?.id ?? null,
  lawProblems: bearer.lawProblemsYN === 1,
  declaredRefusal: bearer.previousRequestDeniedYN === 1,
  declaredRefusalText: bearer.previousRequestDeniedDesc,
  anotherVisaRequest: bearer.anotherVisaRequestYN === 1,
  anotherVisaRequestText: bearer.anotherVisaRequestDesc,
  storedRefusals,
  falseHitMarks,
});
