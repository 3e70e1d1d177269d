// checkPassengers: the boarding check of issue 28, shared by the JSON route and the PAXLST
// translation. Two indexed queries a batch, whatever its size: the passengers' document numbers,
// then (only for those not found) birth date and issuing country for a near-miss number. Each
// passenger is answered on its own; a malformed one gets DATA_ERROR and the others their answer.
import {
  type ApplicationState,
  boardingStanding,
  type CarrierCheckResult,
  type CarrierFlight,
  type CarrierPassenger,
  CarrierPassengerSchema,
  type Country,
  differsByOneCharacter,
  isApplicationState,
  isEligibleNationality,
  isIsrael,
  type NoBoardReason,
  namesAlike,
  statesWhere,
} from '@eta-il/domain';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { normalizePassport } from '../decisions/lookup.ts';

export interface CheckDeps {
  db: Db;
  /** The reference data's countries (ISO alpha-3 → the ids applications store). */
  countries: readonly Country[];
}

export interface CheckInput {
  flight: CarrierFlight;
  /** As received: each is validated on its own. */
  passengers: readonly unknown[];
}

interface Passenger {
  reference: string;
  documentNumber: string;
  issuing: Country;
  nationality: Country;
  birthDate: string;
  surname: string;
  fullName: string;
}

interface Stored {
  passportNum: string;
  countryId: number;
  birthDate: string;
  state: ApplicationState;
  firstName: string;
  lastName: string;
  createdAt: Date;
  validUntil: string | null;
}

const countryIndexes = new WeakMap<readonly Country[], Map<string, Country>>();
const countryByCode = (countries: readonly Country[]) => {
  let index = countryIndexes.get(countries);
  if (!index) {
    index = new Map(countries.map((c) => [c.COUNTRY_CODE, c]));
    countryIndexes.set(countries, index);
  }
  return index;
};

const referenceOf = (raw: unknown): string => {
  const reference = (raw as { reference?: unknown } | null)?.reference;
  return typeof reference === 'string' ? reference.slice(0, 64) : '';
};

/** The passenger, or the names of its malformed fields. */
const parsePassenger = (
  raw: unknown,
  countries: Map<string, Country>,
): Passenger | { fields: string[] } => {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { fields: ['passenger'] };
  const parsed = CarrierPassengerSchema.safeParse(raw);
  const fields = new Set(
    parsed.success ? [] : parsed.error.issues.map((i) => String(i.path[0] ?? 'passenger')),
  );
  // A well-formed code the reference data does not know is as wrong as a malformed one.
  const known = (name: 'issuingCountry' | 'nationality') => {
    const code = (raw as Record<string, unknown>)[name];
    const country = typeof code === 'string' ? countries.get(code) : undefined;
    if (!country) fields.add(name);
    return country;
  };
  const issuing = known('issuingCountry');
  const nationality = known('nationality');
  if (!parsed.success || !issuing || !nationality) return { fields: [...fields].sort() };
  const p: CarrierPassenger = parsed.data;
  return {
    reference: p.reference,
    documentNumber: normalizePassport(p.documentNumber),
    issuing,
    nationality,
    birthDate: p.birthDate,
    surname: p.surname,
    fullName: `${p.givenNames ?? ''} ${p.surname}`.trim(),
  };
};

const toStored = (row: {
  passport_num: string;
  passport_country_id: number;
  birth_date: string;
  state: string;
  first_name: string;
  last_name: string;
  created_at: Date;
  valid_until: string | null;
}): Stored | undefined =>
  isApplicationState(row.state)
    ? {
        passportNum: row.passport_num,
        countryId: row.passport_country_id,
        birthDate: row.birth_date,
        state: row.state,
        firstName: row.first_name,
        lastName: row.last_name,
        createdAt: new Date(row.created_at),
        validUntil: row.valid_until,
      }
    : undefined;

/** The states whose answer needs the authorization's end (approved), and those that answer at all. */
const AUTHORIZED_STATES = statesWhere((state) => boardingStanding(state) === 'authorized');
const ANSWERING_STATES = statesWhere((state) => boardingStanding(state) !== 'none');

type StoredRow = Parameters<typeof toStored>[0];

// Both queries read only what their index carries (migration 020), so that a vacuumed table is
// not visited; the authorization is looked up only for the states that answer with its end.
const byDocumentNumbers = async (db: Db, numbers: string[]) =>
  numbers.length === 0
    ? []
    : (
        await sql<StoredRow>`SELECT a.passport_num, a.passport_country_id,
            a.birth_date::text AS birth_date, a.state, a.first_name, a.last_name, a.created_at,
            CASE WHEN a.state = ANY(${AUTHORIZED_STATES}::text[]) THEN
              (SELECT max(t.valid_until)::text FROM travel_authorization t
                WHERE t.application_id = a.id) END AS valid_until
          FROM application a
          WHERE a.passport_num = ANY(${numbers}::text[])`.execute(db)
      ).rows;

interface NearRow {
  passport_num: string;
  passport_country_id: number;
  birth_date: string;
  last_name: string;
}

/** Applications that answer (any state but those that authorize nothing) per birth date and country. */
const byBirthAndCountry = async (db: Db, pairs: { birthDate: string; countryId: number }[]) =>
  pairs.length === 0
    ? []
    : (
        await sql<NearRow>`SELECT a.passport_num, a.passport_country_id,
            a.birth_date::text AS birth_date, a.last_name
          FROM application a
          JOIN unnest(${pairs.map((p) => p.birthDate)}::date[], ${pairs.map((p) => p.countryId)}::int[])
            AS q(birth_date, country_id)
            ON a.birth_date = q.birth_date AND a.passport_country_id = q.country_id
          WHERE a.state = ANY(${ANSWERING_STATES}::text[])`.execute(db)
      ).rows;

const sameDocument = (p: Passenger, s: Stored) =>
  s.passportNum === p.documentNumber &&
  s.countryId === p.issuing.EXT_COUNTRY_ID &&
  s.birthDate === p.birthDate;

const noBoard = (reason: NoBoardReason) => ({ answer: 'NO_BOARD' as const, reason });

/** The answer an application gives for a flight, or undefined when it authorizes nothing. */
const answerOf = (
  stored: Stored,
  departureDate: string,
): Omit<CarrierCheckResult, 'reference'> | undefined => {
  switch (boardingStanding(stored.state)) {
    case 'authorized':
      if (stored.validUntil === null) return undefined;
      return stored.validUntil >= departureDate
        ? { answer: 'OK', validUntil: stored.validUntil }
        : noBoard('EXPIRED');
    case 'pending':
      return noBoard('PENDING');
    case 'refused':
      return noBoard('REFUSED');
    case 'revoked':
      return noBoard('REVOKED');
    case 'none':
      return undefined;
  }
};

/** Of a passenger's applications: one that lets them board, else the most recent one's answer. */
const bestAnswer = (matches: Stored[], departureDate: string) => {
  const answers = matches
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map((m) => ({ stored: m, result: answerOf(m, departureDate) }));
  return answers.find((a) => a.result?.answer === 'OK') ?? answers.find((a) => a.result);
};

const pairKey = (birthDate: string, countryId: number) => `${birthDate}|${countryId}`;

export const checkPassengers = async (
  deps: CheckDeps,
  input: CheckInput,
): Promise<CarrierCheckResult[]> => {
  const countries = countryByCode(deps.countries);
  const departureDate = input.flight.departureDate;
  const parsed = input.passengers.map((raw) => parsePassenger(raw, countries));
  const valid = parsed.filter((p): p is Passenger => !('fields' in p));
  const needing = valid.filter((p) => !isIsrael(p.nationality));

  const found = (
    await byDocumentNumbers(deps.db, [...new Set(needing.map((p) => p.documentNumber))])
  ).flatMap((row) => toStored(row) ?? []);
  const exact = new Map<Passenger, ReturnType<typeof bestAnswer>>();
  for (const p of needing) {
    const best = bestAnswer(
      found.filter((s) => sameDocument(p, s)),
      departureDate,
    );
    if (best) exact.set(p, best);
  }

  const missing = needing.filter((p) => !exact.has(p) && isEligibleNationality(p.nationality));
  const pairs = new Map(
    missing.map((p) => [
      pairKey(p.birthDate, p.issuing.EXT_COUNTRY_ID),
      { birthDate: p.birthDate, countryId: p.issuing.EXT_COUNTRY_ID },
    ]),
  );
  const near = new Map<string, NearRow[]>();
  for (const row of await byBirthAndCountry(deps.db, [...pairs.values()])) {
    const key = pairKey(row.birth_date, row.passport_country_id);
    near.set(key, [...(near.get(key) ?? []), row]);
  }

  return parsed.map((p, i): CarrierCheckResult => {
    if ('fields' in p) {
      return {
        reference: referenceOf(input.passengers[i]),
        answer: 'DATA_ERROR',
        fields: p.fields,
      };
    }
    const reference = p.reference;
    if (isIsrael(p.nationality)) return { reference, answer: 'NOT_REQUIRED' };
    const match = exact.get(p);
    if (match?.result) {
      const names = namesAlike(p.fullName, `${match.stored.firstName} ${match.stored.lastName}`);
      return { reference, ...match.result, names: names ? 'MATCH' : 'DIFFERENT' };
    }
    if (!isEligibleNationality(p.nationality)) return { reference, answer: 'VISA_REQUIRED' };
    const nearMiss = (near.get(pairKey(p.birthDate, p.issuing.EXT_COUNTRY_ID)) ?? []).some(
      (s) =>
        differsByOneCharacter(p.documentNumber, s.passport_num) &&
        namesAlike(p.surname, s.last_name),
    );
    return { reference, ...noBoard(nearMiss ? 'DOCUMENT_MISMATCH' : 'NO_AUTHORIZATION') };
  });
};
