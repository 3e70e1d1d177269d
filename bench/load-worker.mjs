// A load from a second process: autocannon with the request described by a JSON file (url,
// connections, seconds, method, headers, bodyFile read as bytes, so binary bodies stay intact;
// tokensFile: a JSON array of auth tokens, one per request in turn, as a session submits once).
// Prints autocannon's result as JSON. Used by bench/submissions.ts.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const load = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const tokens = load.tokensFile ? JSON.parse(readFileSync(load.tokensFile, 'utf8')) : undefined;
let next = 0;
const withToken = (request) => ({
  ...request,
  headers: { ...request.headers, 'auth-token': tokens[next++ % tokens.length] },
});
const result = await autocannon({
  url: load.url,
  connections: load.connections,
  duration: load.seconds,
  method: load.method,
  headers: load.headers,
  body: readFileSync(load.bodyFile),
  ...(tokens ? { requests: [{ setupRequest: withToken }] } : {}),
});
process.stdout.write(JSON.stringify(result));
