// Load on the API from a second process on loopback: bounded in time, it stops by itself.
import autocannon from 'autocannon';
import { startServer } from './server.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const server = await startServer();
try {
  const page = await fetch(`${server.url}/api/getalldata`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(page.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const etag = page.headers.get('etag') ?? '';
  const runs = [
    {
      title: 'GET /api/getalldata (full, 256 countries)',
      path: '/api/getalldata',
      method: 'GET',
      headers: { 'accept-encoding': 'identity' },
    },
    {
      title: 'GET /api/getalldata (If-None-Match → 304)',
      path: '/api/getalldata',
      method: 'GET',
      headers: { 'if-none-match': etag },
    },
    {
      title: 'POST /api/eligibility',
      path: '/api/eligibility',
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `XSRF-TOKEN=${xsrf}`,
        'x-xsrf-token': xsrf,
      },
      body: JSON.stringify({ COUNTRY_CODE: 'USA' }),
    },
  ];
  for (const run of runs) {
    const result = await autocannon({
      url: `${server.url}${run.path}`,
      method: run.method,
      headers: run.headers,
      body: run.body,
      connections: 20,
      duration: SECONDS,
    });
    const errors =
      result.errors + result.non2xx - (run.headers['if-none-match'] ? (result['3xx'] ?? 0) : 0);
    console.log(
      `${run.title}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${errors > 0 ? `${errors} errors/non-2xx` : 'no errors'}`,
    );
  }
} finally {
  await server.stop();
}
