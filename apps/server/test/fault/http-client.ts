// A real HTTP client for a server running in another process. Each request opens its own
// connection from its own loopback address (127.1.x.y), as many clients would: the per-IP limits
// then count each request apart, and a burst is not refused for coming from one address.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { XSRF } from '../harness.ts';

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body read as JSON (an object, or {} when it is not JSON). */
  json: () => Record<string, unknown>;
  ms: number;
}

let clients = 0;
/** The next client address: 127.1.0.1, 127.1.0.2, … */
const nextClientAddress = () => {
  clients += 1;
  return `127.1.${Math.floor(clients / 250) % 250}.${(clients % 250) + 1}`;
};

export interface HttpRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  timeoutMs?: number;
}

export const httpClient = (port: number) => ({
  request: ({ method, path, headers = {}, body, timeoutMs = 30_000 }: HttpRequest) =>
    new Promise<HttpAnswer>((resolve, reject) => {
      const started = Date.now();
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          localAddress: nextClientAddress(),
          agent: false,
          timeout: timeoutMs,
          headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, ...headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: text,
              json: () => {
                try {
                  return JSON.parse(text) as Record<string, unknown>;
                } catch {
                  return {};
                }
              },
              ms: Date.now() - started,
            });
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      req.on('error', reject);
      req.end(body);
    }),
});

export type HttpClient = ReturnType<typeof httpClient>;

export const postJson = (client: HttpClient, path: string, payload: unknown, headers = {}) =>
  client.request({
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(payload),
  });
