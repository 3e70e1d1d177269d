// A load from a second process: autocannon with the request described by a JSON file (url,
// connections, seconds, method, headers, bodyFile read as bytes, so binary bodies stay intact).
// Prints autocannon's result as JSON. Used by bench/submissions.ts.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const load = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const result = await autocannon({
  url: load.url,
  connections: load.connections,
  duration: load.seconds,
  method: load.method,
  headers: load.headers,
  body: readFileSync(load.bodyFile),
});
process.stdout.write(JSON.stringify(result));
