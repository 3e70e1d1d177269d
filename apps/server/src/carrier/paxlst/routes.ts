// POST /carrier/v1/paxlst (issue 28 item 4): a UN/EDIFACT PAXLST in, a CUSRES out. The same
// check as POST /carrier/v1/checks (runCheck: checked, recorded, counted); a message that cannot
// be read is answered 400 with a CUSRES error naming the faulty segments (docs/carrier-paxlst.md).
import type { FastifyInstance } from 'fastify';
import { send } from '../../http.ts';
import { type CheckRouteDeps, keyWithdrawn, runCheck } from '../check-routes.ts';
import { cusresAnswer, cusresError } from './cusres.ts';
import { parsePaxlst } from './parse.ts';
import { decodeInterchange } from './syntax.ts';

const EDIFACT = 'application/edifact';

/** 500 passengers of a full PAXLST are about 250 KB. */
export const PAXLST_BODY_LIMIT = 512 * 1024;

/** The interchange id this service answers as when a PAXLST does not name its recipient. */
const SERVICE_ID = 'ETAIL';

const edifactBody = {
  description:
    'A UN/EDIFACT PAXLST (D02B, WCO/IATA/ICAO API guidelines): UNA optional, one message, 1–500 passengers (NAD+FL). See docs/carrier-paxlst.md.',
  type: 'string',
} as const;
const cusres = (description: string) => ({
  description,
  content: { [EDIFACT]: { schema: { type: 'string' } } },
});

const paxlstSchema = {
  summary: 'Check passengers before boarding, in UN/EDIFACT (PAXLST in, CUSRES out)',
  description:
    'Each passenger is answered ERC+0Z (may board: OK, NOT_REQUIRED) or ERC+1Z (may not) with an FTX+AAP reason, in the order sent.',
  consumes: [EDIFACT],
  produces: [EDIFACT],
  body: { content: { [EDIFACT]: { schema: edifactBody } } },
  response: {
    200: cusres('CUSRES: per passenger ERP+2, its RFF/NAD/DOC, ERC+0Z or ERC+1Z, FTX+AAP'),
    400: cusres(
      'CUSRES error: per problem ERP+1 with the segment, ERC with a UN/EDIFACT 0085 code, FTX+AAO',
    ),
  },
};

export const paxlstRoutes = (app: FastifyInstance, deps: CheckRouteDeps) => {
  app.register(async (scope) => {
    // The body is read as bytes: UTF-8, or ISO 8859-1 for UNOC (decodeInterchange).
    scope.addContentTypeParser(
      EDIFACT,
      { parseAs: 'buffer', bodyLimit: PAXLST_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post('/carrier/v1/paxlst', { schema: paxlstSchema }, async (request, reply) => {
      const carrier = deps.carrierOf(request);
      if (!carrier) return send(reply, 401, { code: 'unauthorized', message: 'No carrier key.' });
      // An empty body reaches no parser: read as an empty interchange (a CUSRES error), not a 415.
      const isEdifact = /^application\/edifact\s*(;|$)/i.test(
        request.headers['content-type'] ?? '',
      );
      if (!isEdifact) {
        return send(reply, 415, {
          code: 'unsupportedMediaType',
          message: `Send the PAXLST as ${EDIFACT}.`,
        });
      }
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const { text, encoding } = decodeInterchange(bytes);
      const answer = (status: 200 | 400, body: string) =>
        reply
          .code(status)
          .type(`${EDIFACT}; charset=${encoding === 'latin1' ? 'iso-8859-1' : 'utf-8'}`)
          .send(Buffer.from(body, encoding === 'latin1' ? 'latin1' : 'utf8'));
      const context = { now: deps.clock(), serviceId: SERVICE_ID };
      const paxlst = parsePaxlst(text);
      if (!paxlst.ok) return answer(400, cusresError(paxlst.envelope, paxlst.problems, context));
      const checked = await runCheck(deps, carrier, paxlst.request);
      if (!checked) return keyWithdrawn(reply);
      return answer(200, cusresAnswer(paxlst.envelope, paxlst.echoes, checked.results, context));
    });
  });
};
