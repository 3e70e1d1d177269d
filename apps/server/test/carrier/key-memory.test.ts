// A carrier's key found valid is remembered for KEY_TRUSTED_FOR_MS (decision 051, amendment 2), so
// a check costs no round trip for its key; the record's guard (key-races.test.ts) still refuses a
// check whose key was withdrawn meanwhile. What is remembered, on PGlite and PostgreSQL: valid keys
// only, until they are forgotten or their time is up; an unknown or revoked key is looked up every
// time. And the attack: a burst of checks with a key the app still remembers, after it was revoked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KEY_TRUSTED_FOR_MS,
  rememberingKeys,
  replaceCarrierKey,
  revokeCarrier,
} from '../../src/carrier/accounts.ts';
import { SETUP_MS } from '../decisions/support.ts';
import { DATABASES } from '../harness.ts';
import {
  type CarrierTestServer,
  check,
  FLIGHT,
  newCarrier,
  PASSENGER,
  startCarrierServer,
} from './support.ts';

const BY_ADMIN = { staffId: null, actor: 'key-memory-test', client: 'local' };

describe.each(DATABASES)("the carrier app's memory of keys, on %s", (kind) => {
  let server: CarrierTestServer;
  let time = 0;
  const now = () => time;

  beforeAll(async () => {
    server = await startCarrierServer(kind);
  }, SETUP_MS);
  afterAll(async () => {
    await server?.close();
  });

  const revoke = (id: string) => revokeCarrier(server.database.db, server.clock(), BY_ADMIN, id);
  const newKeyFor = async (id: string) => {
    const replaced = await replaceCarrierKey(server.database.db, server.clock(), BY_ADMIN, id);
    if (!replaced) throw new Error('no such carrier');
    return replaced.key;
  };

  it('remembers a valid key until its time is up, then looks it up again', async () => {
    const carrier = await newCarrier(server, 'Memory Air', 'MA');
    const keys = rememberingKeys(server.database.db, now);
    const found = await keys.find(carrier.key);
    expect(found).toMatchObject({ id: carrier.id, iataCode: 'MA' });
    await revoke(carrier.id);
    // Still trusted to start a check (which its record then refuses).
    time += KEY_TRUSTED_FOR_MS - 1;
    expect(await keys.find(carrier.key)).toEqual(found);
    time += 1;
    expect(await keys.find(carrier.key)).toBeUndefined();
  });

  it('forgets a key its check found withdrawn: the next request is looked up', async () => {
    const carrier = await newCarrier(server, 'Forget Air', 'FA');
    const keys = rememberingKeys(server.database.db, now);
    const found = await keys.find(carrier.key);
    if (!found) throw new Error('key not found');
    const newKey = await newKeyFor(carrier.id);
    expect(await keys.find(carrier.key)).toEqual(found);
    keys.forget(found);
    expect(await keys.find(carrier.key)).toBeUndefined();
    expect(await keys.find(newKey)).toMatchObject({ id: carrier.id });
  });

  it('never remembers an unknown or revoked key', async () => {
    const carrier = await newCarrier(server, 'Late Air', 'LA');
    const keys = rememberingKeys(server.database.db, now);
    await revoke(carrier.id);
    expect(await keys.find(carrier.key)).toBeUndefined();
    // Restored with a new key: the new key is found at once; the old one never comes back.
    const newKey = await newKeyFor(carrier.id);
    expect(await keys.find(newKey)).toMatchObject({ id: carrier.id });
    expect(await keys.find(carrier.key)).toBeUndefined();
    expect(await keys.find('etac_not-a-key')).toBeUndefined();
  });

  it('a burst of checks with a remembered key after its revocation: every one 401, none recorded', async () => {
    const carrier = await newCarrier(server, 'Burst Air', 'BA');
    const body = { flight: FLIGHT, passengers: [PASSENGER] };
    // The app now remembers the key.
    expect((await check(server, carrier.key, body)).statusCode).toBe(200);
    await revoke(carrier.id);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => check(server, carrier.key, body)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(401));
    const recorded = await server.database.db
      .selectFrom('carrier_check')
      .select('id')
      .where('carrier_id', '=', carrier.id)
      .execute();
    expect(recorded).toHaveLength(1);
    // Forgotten: refused at the door from then on.
    expect((await check(server, carrier.key, body)).json().message).toMatch(/valid carrier key/);
  });
});
