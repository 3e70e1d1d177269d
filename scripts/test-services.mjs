// The server suites run on PGlite and on a PostgreSQL server, and the rate-limit suite on Redis.
// `npm test` names this machine's services when nothing else is named, and fails (never skips)
// when one of them does not answer: a suite must not quietly run on fewer databases than it claims.
import { connect } from 'node:net';

const DEFAULTS = {
  TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
  TEST_REDIS_URL: 'redis://127.0.0.1:6379',
};

const answers = (url) =>
  new Promise((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = connect({ host: hostname, port: Number(port) }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.setTimeout(3000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(false));
  });

/** The variables to hand to Vitest, and a reason for each service that does not answer. */
export const testServices = async () => {
  const env = {};
  const problems = [];
  for (const [name, fallback] of Object.entries(DEFAULTS)) {
    const url = process.env[name] ?? fallback;
    env[name] = url;
    if (!(await answers(url)))
      problems.push(`${name}: nothing answers at ${url} (start the service, or name another).`);
  }
  return { env, problems };
};
