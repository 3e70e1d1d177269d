// Saved drafts (issue 13, decision 033): saving seals the draft and the step's values as typed,
// stores them under the SHA-256 hash of a random link token, and queues the e-mail with the link,
// in one transaction; one saved draft per address (a new save replaces the one before). Taking a
// draft (after the e-mailed code) opens and deletes it: a link is used once. The photos a saved
// draft points at are kept while it lives and given a fresh day when it is taken.
import { createHash, randomBytes } from 'node:crypto';
import {
  type MessageId,
  type Resumed,
  resumeRoute,
  SAVED_APPLICATION_TTL_MS,
  type SaveForLater,
} from '@eta-il/domain';
import { type Kysely, sql } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import type { Schema } from '../../db/schema.ts';
import { withTransaction } from '../../db/transaction.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { type MailLanguage, savedApplicationMail } from '../../mail/templates.ts';
import type { Sealer } from './sealing.ts';

const TOKEN_BYTES = 32;
/** 32 bytes in base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type LinkProblem = Extract<
  MessageId,
  'savedApplicationNotFound' | 'savedApplicationExpired'
>;
type Outcome<T> = { ok: true; value: T } | { ok: false; problem: LinkProblem };

/** What a link keeps: what POST /api/saved-application/resume answers. */
type SavedDraft = Pick<Resumed, 'draft' | 'pending'>;

export interface SavedApplicationService {
  /** Saves `saved` for `email`; answers when the link expires (the e-mail is queued). */
  save: (
    email: string,
    saved: SaveForLater,
    language: MailLanguage,
  ) => Promise<{ expiresAt: Date }>;
  /** The address a link's draft was saved from, if the link is known and current. */
  addressOf: (token: string) => Promise<Outcome<string>>;
  /** Opens and deletes the draft of a link (after its code was confirmed). */
  take: (token: string) => Promise<Outcome<SavedDraft & { email: string }>>;
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest();

/** The photos a saved draft points at: each traveller's, and one uploaded on the step being left. */
const photoIdsOf = ({ draft, pending }: SaveForLater) => [
  ...new Set(
    [...draft.bearerList.map((b) => b.photoId), pending?.values.photoId].filter(
      (id): id is string => typeof id === 'string' && UUID.test(id),
    ),
  ),
];

const uuidArray = (ids: string[]) =>
  ids.length === 0
    ? sql<string[]>`'{}'::uuid[]`
    : sql<string[]>`ARRAY[${sql.join(ids.map((id) => sql`${id}::uuid`))}]`;

export const createSavedApplicationService = ({
  db,
  clock,
  sealer,
  publicUrl,
}: {
  db: Db;
  clock: Clock;
  sealer: Sealer;
  publicUrl: string;
}): SavedApplicationService => {
  const lock = (tx: Kysely<Schema>, email: string) =>
    sql`SELECT pg_advisory_xact_lock(hashtext(${`saved-application:${email}`}))`.execute(tx);

  /** The row of a link, or why there is none to use. */
  const rowOf = async (tx: Kysely<Schema>, token: string, forUpdate = false) => {
    if (!TOKEN_PATTERN.test(token))
      return { ok: false, problem: 'savedApplicationNotFound' } as const;
    let query = tx
      .selectFrom('saved_application')
      .selectAll()
      .where('token_hash', '=', tokenHash(token));
    if (forUpdate) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row) return { ok: false, problem: 'savedApplicationNotFound' } as const;
    if (row.expires_at <= clock())
      return { ok: false, problem: 'savedApplicationExpired' } as const;
    return { ok: true, value: row } as const;
  };

  const save: SavedApplicationService['save'] = async (email, saved, language) => {
    const expiresAt = await withTransaction(db, async (tx) => {
      await lock(tx, email);
      const now = clock();
      const expires = new Date(now.getTime() + SAVED_APPLICATION_TTL_MS);
      const token = randomBytes(TOKEN_BYTES).toString('base64url');
      const hash = tokenHash(token);
      // Only the traveller's own photos are kept alive by the draft.
      const wanted = photoIdsOf(saved);
      const owned =
        wanted.length === 0
          ? []
          : (
              await tx
                .selectFrom('photo')
                .select('id')
                .where('id', 'in', wanted)
                .where('email', '=', email)
                .execute()
            ).map((r) => r.id);
      await tx.deleteFrom('saved_application').where('email', '=', email).execute();
      const content: SavedDraft = { draft: saved.draft, pending: saved.pending ?? null };
      await tx
        .insertInto('saved_application')
        .values({
          token_hash: hash,
          email,
          sealed: sealer.seal(JSON.stringify(content), hash),
          photo_ids: uuidArray(owned),
          created_at: now,
          expires_at: expires,
        })
        .execute();
      await enqueueMail(tx, {
        kind: 'saved-application',
        to: email,
        content: savedApplicationMail(
          { link: `${publicUrl}${resumeRoute(token)}`, expiresAt: expires },
          language,
        ),
        now,
      });
      return expires;
    });
    return { expiresAt };
  };

  const addressOf: SavedApplicationService['addressOf'] = async (token) => {
    const found = await rowOf(db, token);
    return found.ok ? { ok: true, value: found.value.email } : found;
  };

  const take: SavedApplicationService['take'] = (token) =>
    db.transaction().execute(async (tx) => {
      const found = await rowOf(tx, token, true);
      if (!found.ok) return found;
      const row = found.value;
      const opened = sealer.open(row.sealed, row.token_hash);
      // A draft sealed under another AUTH_SECRET cannot be opened: as good as unknown.
      if (opened === undefined) return { ok: false, problem: 'savedApplicationNotFound' } as const;
      await sql`UPDATE photo SET created_at = ${clock()}
        WHERE id = ANY (SELECT unnest(photo_ids) FROM saved_application WHERE token_hash = ${row.token_hash})`.execute(
        tx,
      );
      await tx.deleteFrom('saved_application').where('token_hash', '=', row.token_hash).execute();
      const saved = JSON.parse(opened) as SavedDraft;
      return { ok: true, value: { ...saved, email: row.email } } as const;
    });

  return { save, addressOf, take };
};
