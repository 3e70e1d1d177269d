// Carrier accounts (issue 28 item 2): an airline's name, IATA code and API key. The key is 32
// random bytes shown once; only its SHA-256 is kept (a random key needs no slow hash), and a
// presented key is looked up by that hash and compared in constant time. Every change is audited.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { CarrierAccount, CarrierKey } from '@eta-il/domain';
import { recordAudit } from '../audit/record.ts';
import type { Db } from '../db/database.ts';

/** Who changed an account: a member of staff in the back office, or the operator's command. */
export interface AccountActor {
  staffId: string | null;
  actor: string;
  client: string;
}

const KEY_PREFIX = 'etac_';
const keyHash = (key: string) => createHash('sha256').update(key).digest('hex');
const newKey = () => `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;

const IATA_CODE = /^[A-Z0-9]{2,3}$/;
const NAME_MAX = 100;

const accountOf = (row: {
  id: string;
  name: string;
  iata_code: string;
  created_at: Date;
  revoked_at: Date | null;
}): CarrierAccount => ({
  id: row.id,
  name: row.name,
  iataCode: row.iata_code,
  createdAt: new Date(row.created_at).toISOString(),
  revokedAt: row.revoked_at ? new Date(row.revoked_at).toISOString() : null,
});

export type AddCarrierOutcome =
  | ({ ok: true } & CarrierKey)
  | { ok: false; problem: 'name' | 'iataCode' };

export const addCarrier = (
  db: Db,
  now: Date,
  by: AccountActor,
  given: { name: string; iataCode: string },
): Promise<AddCarrierOutcome> => {
  const name = given.name.trim();
  const iataCode = given.iataCode.trim().toUpperCase();
  if (name.length === 0 || name.length > NAME_MAX || /[\p{Cc}]/u.test(name)) {
    return Promise.resolve({ ok: false, problem: 'name' });
  }
  if (!IATA_CODE.test(iataCode)) return Promise.resolve({ ok: false, problem: 'iataCode' });
  const key = newKey();
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('carrier')
      .values({
        id: randomUUID(),
        name,
        iata_code: iataCode,
        key_hash: keyHash(key),
        created_at: now,
      })
      .returning(['id', 'name', 'iata_code', 'created_at', 'revoked_at'])
      .executeTakeFirstOrThrow();
    await recordAudit(tx, {
      at: now,
      ...by,
      action: 'addCarrier',
      details: { carrierId: row.id, name, iataCode },
    });
    return { ok: true, carrier: accountOf(row), key } as const;
  });
};

export const listCarriers = async (db: Db): Promise<CarrierAccount[]> =>
  (
    await db
      .selectFrom('carrier')
      .select(['id', 'name', 'iata_code', 'created_at', 'revoked_at'])
      .orderBy('name')
      .orderBy('created_at')
      .execute()
  ).map(accountOf);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Revokes a carrier's key: its next request answers 401. Undefined when there is no such carrier. */
export const revokeCarrier = async (
  db: Db,
  now: Date,
  by: AccountActor,
  id: string,
): Promise<CarrierAccount | undefined> => {
  if (!UUID.test(id)) return undefined;
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable('carrier')
      .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(now)) }))
      .where('id', '=', id)
      .returning(['id', 'name', 'iata_code', 'created_at', 'revoked_at'])
      .executeTakeFirst();
    if (!row) return undefined;
    await recordAudit(tx, { at: now, ...by, action: 'revokeCarrier', details: { carrierId: id } });
    return accountOf(row);
  });
};

/** A new key for a carrier (the old one stops working at once; a revoked carrier is restored). */
export const replaceCarrierKey = async (
  db: Db,
  now: Date,
  by: AccountActor,
  id: string,
): Promise<CarrierKey | undefined> => {
  if (!UUID.test(id)) return undefined;
  const key = newKey();
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable('carrier')
      .set({ key_hash: keyHash(key), revoked_at: null })
      .where('id', '=', id)
      .returning(['id', 'name', 'iata_code', 'created_at', 'revoked_at'])
      .executeTakeFirst();
    if (!row) return undefined;
    await recordAudit(tx, {
      at: now,
      ...by,
      action: 'replaceCarrierKey',
      details: { carrierId: id },
    });
    return { carrier: accountOf(row), key };
  });
};

/** A carrier known by the key its request presented, with that key's hash. */
export interface KeyedCarrier {
  id: string;
  iataCode: string;
  /** Checked again, in the same statement, when the check is recorded (record.ts). */
  keyHash: string;
}

/**
 * The carrier whose key this is, if the key is known and not revoked, with the key's hash: a check
 * is recorded only if that hash is still the carrier's, unrevoked, when it commits (record.ts).
 */
const carrierOfKey = async (db: Db, key: string): Promise<KeyedCarrier | undefined> => {
  if (!key.startsWith(KEY_PREFIX) || key.length > 128) return undefined;
  const hash = keyHash(key);
  const row = await db
    .selectFrom('carrier')
    .select(['id', 'iata_code', 'key_hash', 'revoked_at'])
    .where('key_hash', '=', hash)
    .executeTakeFirst();
  if (!row || row.revoked_at !== null) return undefined;
  const same = timingSafeEqual(Buffer.from(row.key_hash, 'hex'), Buffer.from(hash, 'hex'));
  return same ? { id: row.id, iataCode: row.iata_code, keyHash: hash } : undefined;
};

/** How long a key found valid is taken on trust before it is looked up again. */
export const KEY_TRUSTED_FOR_MS = 60_000;
/** At most this many keys are remembered (the oldest is forgotten first). */
const KEYS_REMEMBERED = 10_000;

/**
 * carrierOfKey with a memory of the keys it found valid, so that a check costs no round trip for
 * its key (decision 051, amendment 2). Safe because the key is only trusted to start a check: the
 * check is answered only if its record's statement finds the key still the carrier's and not
 * revoked, so a key revoked or replaced meanwhile is refused (401) and then `forget`-ed. Unknown
 * and revoked keys are never remembered: each is looked up (and counted against its IP's limit).
 */
export const rememberingKeys = (db: Db, now: () => number = () => performance.now()) => {
  const known = new Map<string, { carrier: KeyedCarrier; until: number }>();
  return {
    find: async (key: string): Promise<KeyedCarrier | undefined> => {
      const remembered = known.get(keyHash(key));
      if (remembered && remembered.until > now()) return remembered.carrier;
      const carrier = await carrierOfKey(db, key);
      if (!carrier) return undefined;
      known.delete(carrier.keyHash);
      if (known.size >= KEYS_REMEMBERED) known.delete(known.keys().next().value as string);
      known.set(carrier.keyHash, { carrier, until: now() + KEY_TRUSTED_FOR_MS });
      return carrier;
    },
    /** Forgets a key its check found withdrawn: its next request is looked up (and refused). */
    forget: (carrier: KeyedCarrier) => {
      known.delete(carrier.keyHash);
    },
  };
};
