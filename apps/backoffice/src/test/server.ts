// A fake of the office API for component tests, at the one boundary the screens share: `fetch`.
// Routes are a method and the path after /office/api/ ('GET queue', 'POST cases/c-1/approve'); each
// answers its reply, or its replies in turn (the last repeats); a route not given answers 404.
// Every call is kept with its parsed JSON body and the anti-forgery header it carried.
// The replies' bodies are typed by the wire (packages/domain/src/wire/office.ts), so a change of
// an answer's shape fails the tests' type-check.
import type { OfficeSession, StaffMember } from '@eta-il/domain';
import { vi } from 'vitest';

export interface Reply {
  status: number;
  /** The envelope's fields beside statusCode: the answer, or a refusal's code and message. */
  body?: object;
}

/** A 200 (or the given status) with an answer of the wire. */
export const ok = <T extends object>(body: T, status = 200): Reply => ({ status, body });

/** A refusal with its stable code. */
export const refused = (status: number, code: string, message = 'Refused.'): Reply => ({
  status,
  body: { code, message },
});

interface Call {
  route: string;
  body: unknown;
  token: string | null;
}

export const fakeServer = (routes: Record<string, Reply | Reply[]>) => {
  const calls: Call[] = [];
  const queues = new Map(
    Object.entries(routes).map(([route, reply]) => [
      route,
      Array.isArray(reply) ? [...reply] : [reply],
    ]),
  );
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.replace(/^\/office\/api\//, '');
    const route = `${init?.method ?? 'GET'} ${path}`;
    const headers = new Headers(init?.headers);
    calls.push({
      route,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      token: headers.get('x-office-token'),
    });
    const queue = queues.get(route);
    const reply = (queue && queue.length > 1 ? queue.shift() : queue?.[0]) ?? { status: 404 };
    return new Response(JSON.stringify({ statusCode: reply.status, ...reply.body }), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    /** The calls made on a route, in order. */
    called: (route: string) => calls.filter((c) => c.route === route),
    /** The routes called, in order, GET me aside. */
    routes: () => calls.map((c) => c.route).filter((r) => r !== 'GET me'),
  };
};

/** A member of staff of each role. */
export const STAFF = {
  officer: { id: 'staff-officer', email: 'officer@office.example', role: 'officer' },
  supervisor: { id: 'staff-supervisor', email: 'supervisor@office.example', role: 'supervisor' },
  auditor: { id: 'staff-auditor', email: 'auditor@office.example', role: 'auditor' },
  admin: { id: 'staff-admin', email: 'admin@office.example', role: 'admin' },
} as const satisfies Record<string, StaffMember>;

export const ANTI_FORGERY_TOKEN = 'token-of-this-session';

/** GET me: who is signed in, with the session's anti-forgery token; null: nobody (401). */
export const me = (staff: StaffMember | null): Reply =>
  staff
    ? ok<OfficeSession>({ staff, antiForgeryToken: ANTI_FORGERY_TOKEN })
    : refused(401, 'signedOut');
