// The authorization table (issue 11): every role × every back-office call → allowed or 403, and
// 401 signed out. Case calls name an application that does not exist, so an allowed call answers
// 404 and nothing moves; the rest answer 200 or a 4xx about the request, never 401/403.
import type { StaffRole } from '@eta-il/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETUP_MS } from '../decisions/support.ts';
import { DATABASES } from '../harness.ts';
import {
  FROM_OFFICE,
  type OfficeTestServer,
  type SignedIn,
  staffMember,
  startOfficeServer,
} from './support.ts';

const NO_CASE = '00000000-0000-4000-8000-000000000000';
const ROLES: StaffRole[] = ['officer', 'supervisor', 'auditor', 'admin'];

/** Each call and the roles it admits. */
const CALLS: [string, InjectOptions, StaffRole[]][] = [
  ['me', { method: 'GET', url: '/office/api/me' }, ROLES],
  ['reasons', { method: 'GET', url: '/office/api/reasons' }, ROLES],
  ['queue', { method: 'GET', url: '/office/api/queue' }, ['officer', 'supervisor']],
  [
    'case view',
    { method: 'GET', url: `/office/api/cases/${NO_CASE}` },
    ['officer', 'supervisor', 'auditor'],
  ],
  [
    'photo',
    { method: 'GET', url: `/office/api/cases/${NO_CASE}/photo` },
    ['officer', 'supervisor', 'auditor'],
  ],
  [
    'claim',
    { method: 'POST', url: `/office/api/cases/${NO_CASE}/claim` },
    ['officer', 'supervisor'],
  ],
  [
    'release',
    { method: 'POST', url: `/office/api/cases/${NO_CASE}/release` },
    ['officer', 'supervisor'],
  ],
  [
    'approve',
    { method: 'POST', url: `/office/api/cases/${NO_CASE}/approve`, payload: {} },
    ['officer', 'supervisor'],
  ],
  [
    'request information',
    {
      method: 'POST',
      url: `/office/api/cases/${NO_CASE}/request-info`,
      payload: { reasons: ['travelPurpose'], question: 'Why?' },
    },
    ['officer', 'supervisor'],
  ],
  [
    'refuse',
    {
      method: 'POST',
      url: `/office/api/cases/${NO_CASE}/refuse`,
      payload: { reasons: ['securityConcern'], note: 'n' },
    },
    ['officer', 'supervisor'],
  ],
  [
    'confirm refusal',
    { method: 'POST', url: `/office/api/cases/${NO_CASE}/refusal/confirm` },
    ['supervisor'],
  ],
  [
    'reject refusal',
    { method: 'POST', url: `/office/api/cases/${NO_CASE}/refusal/reject`, payload: {} },
    ['supervisor'],
  ],
  ['search', { method: 'GET', url: '/office/api/search?q=Smith' }, ['supervisor', 'auditor']],
  ['dashboard', { method: 'GET', url: '/office/api/dashboard' }, ['supervisor']],
  ['review queue', { method: 'GET', url: '/office/api/reviews' }, ['supervisor']],
  [
    'review',
    { method: 'GET', url: `/office/api/reviews/${NO_CASE}` },
    ['officer', 'supervisor', 'auditor'],
  ],
  [
    'review document',
    { method: 'GET', url: `/office/api/reviews/${NO_CASE}/documents/1` },
    ['officer', 'supervisor', 'auditor'],
  ],
  [
    'uphold review',
    { method: 'POST', url: `/office/api/reviews/${NO_CASE}/uphold`, payload: { reason: 'r' } },
    ['supervisor'],
  ],
  [
    'overturn review',
    { method: 'POST', url: `/office/api/reviews/${NO_CASE}/overturn` },
    ['supervisor'],
  ],
  ['staff list', { method: 'GET', url: '/office/api/staff' }, ['admin']],
  [
    'add staff',
    { method: 'POST', url: '/office/api/staff', payload: { email: 'bad', role: 'officer' } },
    ['admin'],
  ],
  ['confirm staff', { method: 'POST', url: `/office/api/staff/${NO_CASE}/confirm` }, ['admin']],
  ['disable staff', { method: 'POST', url: `/office/api/staff/${NO_CASE}/disable` }, ['admin']],
  ['audit trail', { method: 'GET', url: '/office/api/audit' }, ['auditor']],
  ['audit verify', { method: 'GET', url: '/office/api/audit/verify' }, ['auditor']],
];

describe.each(DATABASES)('back-office authorization on %s', (kind) => {
  let server: OfficeTestServer;
  const staff = new Map<StaffRole, SignedIn>();
  beforeAll(async () => {
    server = await startOfficeServer(kind);
    for (const role of ROLES) staff.set(role, await staffMember(server, role));
  }, SETUP_MS);
  afterAll(async () => {
    await server.close();
  });

  const TABLE = CALLS.flatMap(([name, call, allowed]) =>
    ROLES.map((role) => [name, role, allowed.includes(role), call] as const),
  );

  it.each(TABLE)('%s as %s → allowed %s', async (_name, role, allowed, call) => {
    const member = staff.get(role);
    if (!member) throw new Error('no staff');
    const response = await member.call(call);
    expect(response.json().statusCode).toBe(response.statusCode);
    if (allowed) {
      expect([401, 403]).not.toContain(response.statusCode);
      expect(response.statusCode).toBeLessThan(500);
    } else {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('roleNotAllowed');
    }
  });

  it.each(CALLS)('%s signed out → 401', async (_name, call) => {
    const asTheOffice =
      call.method === 'GET' ? call : { ...call, headers: FROM_OFFICE, payload: call.payload ?? {} };
    const response = await server.office.inject(asTheOffice);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ statusCode: 401, code: 'signInRequired' });
  });

  it('a refused call is itself an audit row', async () => {
    const auditor = staff.get('auditor');
    if (!auditor) throw new Error('no auditor');
    await auditor.call({ method: 'GET', url: '/office/api/dashboard' });
    const last = await server.database.db
      .selectFrom('audit_event')
      .select(['action', 'actor', 'details'])
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toEqual({
      action: 'denied',
      actor: auditor.email,
      details: { method: 'GET', route: '/office/api/dashboard' },
    });
  });

  it('no /office path answers on the public port', async () => {
    for (const [, call] of CALLS) {
      const response = await server.request(call);
      expect(response.statusCode, call.url as string).toBe(404);
    }
    for (const url of [
      '/office',
      '/office/',
      '/office/api/sign-in',
      '/office/setup',
      '/office/api/auth-methods',
      '/office/api/oidc/start',
      '/office/api/oidc/callback?code=x&state=y',
    ]) {
      expect((await server.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      expect((await server.request({ method: 'POST', url, payload: {} })).statusCode, url).toBe(
        404,
      );
    }
  });
});
