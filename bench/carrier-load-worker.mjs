// The carriers' load, from a second process (bench/carrier-checks.ts). The load file: url, keys
// (one carrier each), seconds, bodiesFile (a JSON array of request bodies, taken in turn, each
// carrier starting at its own place), and `rate`:
// - without rate, autocannon: one connection per carrier, each sending its next request as soon
//   as the last is answered (the most the server answers);
// - with rate (requests a second per carrier), an open loop: each carrier sends at fixed times
//   (its own phase, then every 1/rate s), whether or not its last request was answered, and a
//   latency counts from the time the request was due, so a late sender is no excuse.
// Prints { requests: { average, total }, latency: { p50, p99, max }, duration, 2xx, non2xx,
// errors, timeouts, cpuMs: this process's CPU time } as JSON.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import autocannon from 'autocannon';

const load = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const bodies = JSON.parse(readFileSync(load.bodiesFile, 'utf8')).map((b) => Buffer.from(b));
const carriers = load.keys.length;
const firstBody = (carrier) => Math.floor((carrier * bodies.length) / carriers);

const closedLoop = async () => {
  let clients = 0;
  return autocannon({
    url: load.url,
    connections: carriers,
    duration: load.seconds,
    method: 'POST',
    setupClient: (client) => {
      const carrier = clients++;
      let next = firstBody(carrier);
      client.setRequests([
        {
          method: 'POST',
          path: new URL(load.url).pathname,
          headers: {
            authorization: `Bearer ${load.keys[carrier % carriers]}`,
            'content-type': 'application/json',
          },
          setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }),
        },
      ]);
    },
  });
};

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

const openLoop = async () => {
  const url = new URL(load.url);
  const period = 1000 / load.rate;
  const latencies = [];
  const samples = [];
  const counts = { '2xx': 0, non2xx: 0, errors: 0 };
  const send = (agent, key, body, due, counted = true) =>
    new Promise((resolve) => {
      const request = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            authorization: `Bearer ${key}`,
            'content-type': 'application/json',
            'content-length': body.length,
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (!counted) return resolve();
            latencies.push(performance.now() - due);
            samples.push([due, performance.now() - due]);
            if (response.statusCode >= 200 && response.statusCode < 300) counts['2xx']++;
            else counts.non2xx++;
            resolve();
          });
        },
      );
      request.on('error', () => {
        counts.errors++;
        resolve();
      });
      request.end(body);
    });
  // Each carrier's connection opened, and this process's HTTP code compiled, before the clock
  // starts: a request's latency is the server's, not the load generator's first run.
  const agents = load.keys.map(() => new http.Agent({ keepAlive: true }));
  for (let round = 0; round < 3; round++) {
    await Promise.all(
      load.keys.map((key, carrier) =>
        send(agents[carrier], key, bodies[firstBody(carrier)], performance.now(), false),
      ),
    );
  }
  const start = performance.now() + 100;
  const end = start + load.seconds * 1000;
  const inFlight = [];
  await Promise.all(
    load.keys.map(async (key, carrier) => {
      const agent = agents[carrier];
      let next = firstBody(carrier);
      for (let due = start + (carrier * period) / carriers; due < end; due += period) {
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        inFlight.push(send(agent, key, bodies[next++ % bodies.length], due));
      }
      await Promise.all(inFlight);
      agent.destroy();
    }),
  );
  const sorted = latencies.sort((a, b) => a - b);
  const round = (v) => Math.round(v * 10) / 10;
  return {
    requests: { average: latencies.length / load.seconds, total: latencies.length },
    latency: {
      p50: round(percentile(sorted, 50)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted.at(-1) ?? Number.NaN),
    },
    duration: load.seconds,
    ...counts,
    timeouts: 0,
    // The ten slowest: when each was due (ms after the start) and how long it took.
    slowest: samples
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([due, ms]) => [Math.round(due - start), round(ms)]),
  };
};

const cpu = process.cpuUsage();
const result = load.rate ? await openLoop() : await closedLoop();
const used = process.cpuUsage(cpu);
process.stdout.write(JSON.stringify({ ...result, cpuMs: (used.user + used.system) / 1000 }));
