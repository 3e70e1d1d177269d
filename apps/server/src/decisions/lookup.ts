// Finding an application by what its traveller knows: the application number, the passport
// number and the birth date. Every mismatch looks the same, and the comparison takes the same
// work whether or not the number exists, so answers do not tell which part was wrong.
import { createHash, timingSafeEqual } from 'node:crypto';
import { isAuthorized, statesWhere } from '@eta-il/domain';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** Passport numbers as stored: upper case, no spaces. */
export const normalizePassport = (value: string) => value.replace(/\s+/g, '').toUpperCase();
export const normalizeApplicationNumber = (value: string) => value.trim().toUpperCase();

const digest = (value: string) => createHash('sha256').update(value).digest();
const sameSecret = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

export interface FoundApplication {
  id: string;
  reqNum: string;
  state: string;
  email: string;
  language: string;
  updatedAt: Date;
}

export const findApplication = async (
  db: Db,
  given: { applicationNumber: string; passportNumber: string; birthDate?: string },
): Promise<FoundApplication | undefined> => {
  const row = await db
    .selectFrom('application')
    .select([
      'id',
      'req_num',
      'state',
      'email',
      'language',
      'passport_num',
      'created_at',
      'state_changed_at',
      sql<string>`birth_date::text`.as('birth_date'),
    ])
    .where('req_num', '=', normalizeApplicationNumber(given.applicationNumber))
    .executeTakeFirst();
  const storedPassport = row ? normalizePassport(row.passport_num) : '\u0000no application';
  const passportMatches = sameSecret(storedPassport, normalizePassport(given.passportNumber));
  const birthMatches =
    given.birthDate === undefined || sameSecret(row?.birth_date ?? '', given.birthDate);
  if (!row || !passportMatches || !birthMatches) return undefined;
  return {
    id: row.id,
    reqNum: row.req_num,
    state: row.state,
    email: row.email,
    language: row.language,
    updatedAt: row.state_changed_at ?? row.created_at,
  };
};

interface StoredAuthorization {
  id: string;
  applicationId: string;
  reqNum: string;
  passportNum: string;
  validFrom: string;
  validUntil: string;
  bearerIndex: number;
}

const AUTHORIZED_STATES = statesWhere(isAuthorized);

/** The authorizations of an approved application, or one by id. */
export const authorizations = (db: Db, where: { applicationId?: string; id?: string }) => {
  let query = db
    .selectFrom('travel_authorization as a')
    .innerJoin('application as p', 'p.id', 'a.application_id')
    .select([
      'a.id as id',
      'a.application_id as applicationId',
      'p.req_num as reqNum',
      'a.passport_num as passportNum',
      'a.bearer_index as bearerIndex',
      sql<string>`a.valid_from::text`.as('validFrom'),
      sql<string>`a.valid_until::text`.as('validUntil'),
    ])
    .where('p.state', 'in', AUTHORIZED_STATES)
    .orderBy('a.bearer_index');
  if (where.applicationId) query = query.where('a.application_id', '=', where.applicationId);
  if (where.id) query = query.where('a.id', '=', where.id);
  return query.execute() as Promise<StoredAuthorization[]>;
};
