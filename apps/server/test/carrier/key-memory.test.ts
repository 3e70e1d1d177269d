// A carrier's key found valid is remembered for KEY_TRUSTED_FOR_MS (decision 051, amendment 2), so
// a check costs no round trip for its key; the record's guard (key-races.test.ts) still refuses a
// check whose key was withdrawn meanwhile. What is remembered, on PGlite and PostgreSQL: valid keys
// only, until they are forgotten or their time is up; an unknown or revoked key is looked up every
// time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KEY_TRUSTED_FOR_MS,
  rememberingKeys,
  replaceCarrierKey,
  revokeCarrier,
} from '../../src/carrier/accounts.ts';
import { SETUP_MS } from '../decisions/support.ts';
import { DATABASES, startTestServer, type TestServer } from '../harness.ts';
import { newCarrier } from './support.ts';

const BY_ADMIN = { staffId: null, actor: 'key-memory-test', client: 'local' };

describe.each(DATABASES)("the carrier app's memory of keys, on %s", (kind) => {
  let server: TestServer;
  let time = 0;
  const now = () => time;

  beforeAll(async () => {
    server = await startTestServer({ kind });
  }, SETUP_MS);
  afterAll(async () => {
    await server?.close();
  });

  it('remembers a valid key until its time is up, then looks it up again', async () => {
    const carrier = await newCarrier(server, 'Memory Air', 'MA');
    const keys = rememberingKeys(server.database.db, now);
    const found = await keys.find(carrier.key);
    expect(found).toMatchObject({ id: carrier.id, iataCode: 'MA' });
    await revokeCarrier(server.database.db, server.clock(), BY_ADMIN, carrier.id);
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
    const replaced = await replaceCarrierKey(
      server.database.db,
      server.clock(),
      BY_ADMIN,
      carrier.id,
    );
    if (!replaced) throw new Error('no such carrier');
    expect(await keys.find(carrier.key)).toEqual(found);
    keys.forget(found);
    expect(await keys.find(carrier.key)).toBeUndefined();
    expect(await keys.find(replaced.key)).toMatchObject({ id: carrier.id });
  });

  it('never remembers an unknown or revoked key', async () => {
    const carrier = await newCarrier(server, 'Late Air', 'LA');
    const keys = rememberingKeys(server.database.db, now);
    await revokeCarrier(server.database.db, server.clock(), BY_ADMIN, carrier.id);
    expect(await keys.find(carrier.key)).toBeUndefined();
    // Restored with a new key: the new key is found at once; the old one never comes back.
    const replaced = await replaceCarrierKey(
      server.database.db,
      server.clock(),
      BY_ADMIN,
      carrier.id,
    );
    if (!replaced) throw new Error('no such carrier');
    expect(await keys.find(replaced.key)).toMatchObject({ id: carrier.id });
    expect(await keys.find(carrier.key)).toBeUndefined();
    expect(await keys.find('etac_not-a-key')).toBeUndefined();
  });
});
