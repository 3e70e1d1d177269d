// POST /carrier/v1/checks (issue 28 item 3): a flight and 1–500 passengers in, one answer per
// passenger out, in order; the check is recorded and counted by answer. The schemas below are the
// OpenAPI document's (the wire types live in packages/domain/src/wire/carrier.ts).
import { randomUUID } from 'node:crypto';
import {
  CARRIER_ANSWERS,
  CarrierCheckRequestSchema,
  type CarrierCheckResponse,
  type Country,
  MAX_PASSENGERS_PER_CHECK,
  NAME_COMPARISONS,
  NO_BOARD_REASONS,
} from '@eta-il/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { send } from '../http.ts';
import type { Metrics } from '../ops/metrics.ts';
import type { KeyedCarrier } from './accounts.ts';
import { type CheckInput, checkPassengers } from './check.ts';
import { recordCheck } from './record.ts';

export interface CheckRouteDeps {
  db: Db;
  clock: Clock;
  countries: readonly Country[];
  metrics: Metrics;
  hashDocument: (documentNumber: string) => string;
  carrierOf: (request: FastifyRequest) => KeyedCarrier | undefined;
  /** The key's check found it withdrawn: look it up again next time. */
  forgetKey: (carrier: KeyedCarrier) => void;
}

const isoDate = { type: 'string', format: 'date', example: '2026-12-24' } as const;
const country = { type: 'string', pattern: '^[A-Z]{3}$', description: 'ISO 3166-1 alpha-3' };

const flightSchema = {
  type: 'object',
  required: ['carrier', 'number', 'departureDate', 'from'],
  properties: {
    carrier: { type: 'string', pattern: '^[A-Z0-9]{2,3}$', example: 'LY' },
    number: { type: 'string', pattern: '^\\d{1,4}[A-Z]?$', example: '8' },
    departureDate: isoDate,
    from: { type: 'string', pattern: '^[A-Z]{3}$', description: 'IATA airport', example: 'JFK' },
  },
} as const;

const passengerSchema = {
  type: 'object',
  required: [
    'reference',
    'documentNumber',
    'issuingCountry',
    'nationality',
    'birthDate',
    'surname',
  ],
  properties: {
    reference: { type: 'string', maxLength: 64, description: 'Echoed in the answer' },
    documentNumber: { type: 'string', maxLength: 20, example: 'C01X00T47' },
    issuingCountry: country,
    nationality: country,
    birthDate: isoDate,
    surname: { type: 'string', maxLength: 100 },
    givenNames: { type: 'string', maxLength: 100 },
  },
} as const;

const resultSchema = {
  type: 'object',
  required: ['reference', 'answer'],
  properties: {
    reference: { type: 'string' },
    answer: { type: 'string', enum: [...CARRIER_ANSWERS] },
    reason: { type: 'string', enum: [...NO_BOARD_REASONS], description: 'With NO_BOARD' },
    validUntil: { ...isoDate, description: 'With OK' },
    fields: { type: 'array', items: { type: 'string' }, description: 'With DATA_ERROR' },
    names: {
      type: 'string',
      enum: [...NAME_COMPARISONS],
      description: 'How the names compare with the application (never a reason to refuse)',
    },
  },
} as const;

const errorSchema = {
  type: 'object',
  required: ['statusCode', 'code', 'message'],
  properties: {
    statusCode: { type: 'integer' },
    code: { type: 'string' },
    message: { type: 'string' },
    fields: { type: 'array', items: { type: 'string' } },
  },
} as const;

const checkSchema = {
  summary: 'Check passengers before boarding',
  body: {
    type: 'object',
    required: ['flight', 'passengers'],
    properties: {
      flight: flightSchema,
      passengers: {
        type: 'array',
        minItems: 1,
        maxItems: MAX_PASSENGERS_PER_CHECK,
        items: passengerSchema,
      },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['statusCode', 'checkId', 'checkedAt', 'results'],
      properties: {
        statusCode: { type: 'integer' },
        checkId: { type: 'string', format: 'uuid' },
        checkedAt: { type: 'string', format: 'date-time' },
        results: { type: 'array', items: resultSchema },
      },
    },
    400: errorSchema,
    401: errorSchema,
    429: errorSchema,
  },
};

export const checkRoutes = (app: FastifyInstance, deps: CheckRouteDeps) => {
  app.post('/carrier/v1/checks', { schema: checkSchema }, async (request, reply) => {
    const carrier = deps.carrierOf(request);
    if (!carrier) return send(reply, 401, { code: 'unauthorized', message: 'No carrier key.' });
    const envelope = CarrierCheckRequestSchema.safeParse(request.body);
    if (!envelope.success) {
      const fields = [...new Set(envelope.error.issues.map((i) => i.path.join('.') || 'body'))];
      return send(reply, 400, {
        code: 'badRequest',
        message: `Send a valid flight and 1 to ${MAX_PASSENGERS_PER_CHECK} passengers.`,
        fields,
      });
    }
    const answer = await runCheck(deps, carrier, envelope.data);
    if (!answer) return keyWithdrawn(reply);
    return send(reply, 200, answer);
  });
};

/** 401 for a check whose key was revoked or replaced while it ran (nothing was recorded). */
export const keyWithdrawn = (reply: FastifyReply) =>
  send(reply.header('WWW-Authenticate', 'Bearer realm="carrier"'), 401, {
    code: 'unauthorized',
    message: 'This carrier key was revoked or replaced.',
  });

/**
 * Checks the passengers, records the check and counts its answers (the JSON and PAXLST routes).
 * Undefined when the carrier's key was revoked or replaced before the record committed.
 */
export const runCheck = async (
  deps: CheckRouteDeps,
  carrier: KeyedCarrier,
  input: CheckInput,
): Promise<CarrierCheckResponse | undefined> => {
  const results = await checkPassengers({ db: deps.db, countries: deps.countries }, input);
  const answer: CarrierCheckResponse = {
    checkId: randomUUID(),
    checkedAt: deps.clock().toISOString(),
    results,
  };
  const recorded = await recordCheck(deps.db, deps.hashDocument, {
    id: answer.checkId,
    carrierId: carrier.id,
    keyHash: carrier.keyHash,
    flight: input.flight,
    checkedAt: new Date(answer.checkedAt),
    passengers: input.passengers,
    results,
  });
  if (!recorded) {
    deps.forgetKey(carrier);
    return undefined;
  }
  for (const result of results) deps.metrics.carrierChecks.inc({ answer: result.answer });
  return answer;
};
