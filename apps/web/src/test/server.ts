// A fake of the server's HTTP answers for component tests, by method and path ('GET /api/config',
// 'POST /api/payment'): each route answers its reply, or its replies in turn (the last repeats).
// Every call is kept, with its parsed JSON body.
import { vi } from 'vitest';

export interface Reply {
  status: number;
  /** The envelope's fields beside statusCode (`body` for a payload, `message` for a refusal). */
  payload?: object;
}

export const fakeServer = (routes: Record<string, Reply | Reply[]>) => {
  const calls: { route: string; body: unknown }[] = [];
  const queues = new Map(
    Object.entries(routes).map(([route, reply]) => [
      route,
      Array.isArray(reply) ? [...reply] : [reply],
    ]),
  );
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    const route = `${init?.method ?? 'GET'} ${path}`;
    calls.push({ route, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const queue = queues.get(route);
    const reply = (queue && queue.length > 1 ? queue.shift() : queue?.[0]) ?? { status: 404 };
    return new Response(JSON.stringify({ statusCode: reply.status, ...reply.payload }), {
      status: reply.status,
    });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, calls, called: (route: string) => calls.filter((c) => c.route === route) };
};

/** GET /api/config's answer: the fee per traveller and whether it is charged today. */
export const configReply = (feeCharged: boolean, fee = 25): Reply => ({
  status: 200,
  payload: {
    body: {
      backofficeUrl: 'http://127.0.0.1:3001',
      parameters: { fee, currency: 'NIS', feeCharged, pilotEnds: '2025-01-01' },
    },
  },
});
