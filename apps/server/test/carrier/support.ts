// What the carrier suites share: the public test server with the carrier app on the same
// database, a carrier and its key, and requests as a carrier's system sends them.
import { referenceData } from '@eta-il/domain/reference-data';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { addCarrier } from '../../src/carrier/accounts.ts';
import { buildCarrierApp } from '../../src/carrier/app.ts';
import type { Config } from '../../src/config.ts';
import { type DatabaseKind, startTestServer, type TestServer, testConfig } from '../harness.ts';

export interface CarrierTestServer extends TestServer {
  carrier: FastifyInstance;
}

export const startCarrierServer = async (
  kind: DatabaseKind,
  config: Partial<Config> = {},
): Promise<CarrierTestServer> => {
  const server = await startTestServer({ kind });
  const carrier = await buildCarrierApp({
    config: testConfig(config),
    db: server.database.db,
    clock: server.clock,
    metrics: server.metrics,
    countries: referenceData.allcountry,
    logger: false,
  });
  return {
    ...server,
    carrier,
    close: async () => {
      await carrier.close();
      await server.close();
    },
  };
};

const BY_COMMAND = { staffId: null, actor: 'test', client: 'local' };

/** A new carrier's id and key. */
export const newCarrier = async (server: TestServer, name = 'El Al', iataCode = 'LY') => {
  const added = await addCarrier(server.database.db, server.clock(), BY_COMMAND, {
    name,
    iataCode,
  });
  if (!added.ok) throw new Error(added.problem);
  return { id: added.carrier.id, key: added.key };
};

export const FLIGHT = { carrier: 'LY', number: '8', departureDate: '2026-12-24', from: 'JFK' };

/** A passenger with no ETA-IL (NO_BOARD, NO_AUTHORIZATION): a well-formed check of nobody we know. */
export const PASSENGER = {
  reference: 'P1',
  documentNumber: 'ZZ9999999',
  issuingCountry: 'USA',
  nationality: 'USA',
  birthDate: '1990-07-04',
  surname: 'DOE',
  givenNames: 'JANE',
};

/** POST /carrier/v1/checks with the key (or none). */
export const check = (
  server: CarrierTestServer,
  key: string | undefined,
  body: unknown,
): Promise<LightMyRequestResponse> =>
  server.carrier.inject({
    method: 'POST',
    url: '/carrier/v1/checks',
    headers: {
      'content-type': 'application/json',
      ...(key === undefined ? {} : { authorization: `Bearer ${key}` }),
    },
    payload: JSON.stringify(body),
  });
