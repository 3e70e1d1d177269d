// The security headers of every answer (helmet's: CSP, HSTS in production, no sniffing, no
// framing, the referrer policy), worked out once when the app is built. @fastify/helmet built
// helmet's middleware afresh on every request, parsing the CSP directives each time: 5–7% of the
// CPU of a cheap request (bench/README.md, issue 32's profiles).
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export const securityHeaders = (app: FastifyInstance, options: HelmetOptions) => {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
};
