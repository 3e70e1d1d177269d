// What the back-office suites share: the public test server (real database, SMTP listener, mail
// worker, movable clock) with the office app on the same database, staff members signed in with
// a real password and TOTP code, and referred cases.
import type { StaffRole } from '@eta-il/domain';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { OfficeDb } from '../../src/audit/tables.ts';
import type { Config } from '../../src/config.ts';
import { buildOfficeApp } from '../../src/office/app.ts';
import { createTotpSealer, totpCode } from '../../src/office/auth/credentials.ts';
import { ANTI_FORGERY_HEADER } from '../../src/office/auth/forgery.ts';
import { addStaff, completeSetup, confirmStaff } from '../../src/office/staff/accounts.ts';
import { drive, PUBLIC_URL, type Submitted, submitted } from '../decisions/support.ts';
import {
  type DatabaseKind,
  eventually,
  startTestServer,
  type TestServer,
  type TestServerOptions,
  testConfig,
} from '../harness.ts';

export interface OfficeTestServer extends TestServer {
  office: FastifyInstance;
}

export const OFFICE_URL = 'http://office.test/';

/** What a browser on the back office's own pages sends with a call that changes anything. */
export const FROM_OFFICE = { origin: new URL(OFFICE_URL).origin };

/** The sealer of TOTP secrets under the test AUTH_SECRET. */
export const testTotpSealer = () => createTotpSealer(testConfig().authSecret);

export const startOfficeServer = async (
  kind: DatabaseKind,
  config: Partial<Config> = {},
  services: TestServerOptions['services'] = {},
): Promise<OfficeTestServer> => {
  const server = await startTestServer({ kind, services });
  const office = await buildOfficeApp({
    config: testConfig({ smtpUrl: server.smtp.url, backofficeUrl: OFFICE_URL, ...config }),
    db: server.database.db,
    clock: server.clock,
    publicUrl: PUBLIC_URL,
    logger: false,
    rateLimits: { global: 1_000_000, signIn: 1_000_000 },
  });
  return {
    ...server,
    office,
    close: async () => {
      await office.close();
      await server.close();
    },
  };
};

export const PASSWORD = 'correct horse battery staple';

export interface SignedIn {
  id: string;
  email: string;
  role: StaffRole;
  secret: string;
  /** The session cookie's value. */
  sessionId: string;
  /** The session's anti-forgery token, as the sign-in answered it. */
  antiForgeryToken: string;
  /**
   * Injects into the office app with this member's session cookie; a call that changes anything
   * as the back office's own pages send it (Origin, anti-forgery token, a JSON body).
   */
  call: (options: InjectOptions) => Promise<LightMyRequestResponse>;
}

/** The session cookie a sign-in answered with. */
export const sessionCookie = (response: LightMyRequestResponse): string => {
  const cookie = response.cookies.find((c) => c.name === 'office_session');
  if (!cookie) throw new Error(`no session cookie: ${response.statusCode} ${response.body}`);
  return `office_session=${cookie.value}`;
};

/**
 * The headers the back office's own pages send with a call that changes anything, for the
 * session a sign-in answered with: its cookie, the office's Origin and the anti-forgery token.
 */
export const sessionHeaders = (signIn: LightMyRequestResponse) => ({
  ...FROM_OFFICE,
  cookie: sessionCookie(signIn),
  [ANTI_FORGERY_HEADER]: (signIn.json() as { antiForgeryToken: string }).antiForgeryToken,
});

let counter = 0;

/** The set-up link's token in the newest set-up e-mail to `email` (the real SMTP listener). */
export const setupTokenFromMail = (server: TestServer, email: string) =>
  eventually(() => {
    const mail = server.smtp.received
      .filter((m) => m.to === email && /#token=/.test(m.text))
      .at(-1);
    return mail ? /\/setup#token=([\w-]+)/.exec(mail.text)?.[1] : undefined;
  });

/**
 * A new account and its set-up link's token, as the routes make it but without the e-mail: a
 * supervisor or admin confirmed by a second admin first (four eyes, decision 045).
 */
export const addStaffWithLink = async (db: OfficeDb, now: Date, email: string, role: StaffRole) => {
  const added = await addStaff(db, now, email, role, null);
  if (!added.ok) return added;
  if (added.link) return { ...added, token: added.link.token };
  counter += 1;
  const second = await addStaff(db, now, `confirmer-${counter}@office.test`, 'admin', null);
  if (!second.ok) throw new Error(second.problem);
  const confirmed = await confirmStaff(db, now, added.id, {
    staff: second.id,
    role: 'admin',
  });
  if (!confirmed.ok) throw new Error(confirmed.problem);
  // The stand-in confirmer never signs in and never waits on the Staff screen.
  await db.updateTable('staff').set({ disabled: true }).where('id', '=', second.id).execute();
  return { ...added, token: confirmed.link.token };
};

/** A staff member of `role`, set up and signed in through the routes. */
export const staffMember = async (server: OfficeTestServer, role: StaffRole): Promise<SignedIn> => {
  counter += 1;
  const email = `${role}-${counter}@office.test`;
  const added = await addStaffWithLink(server.database.db, server.clock(), email, role);
  if (!added.ok) throw new Error(added.problem);
  const setup = await server.office.inject({
    method: 'POST',
    url: '/office/api/setup',
    headers: FROM_OFFICE,
    payload: { token: added.token, password: PASSWORD },
  });
  const { totpSecret } = setup.json() as { totpSecret: string };
  const signIn = await server.office.inject({
    method: 'POST',
    url: '/office/api/sign-in',
    headers: FROM_OFFICE,
    payload: { email, password: PASSWORD, code: totpCode(totpSecret, email, server.clock()) },
  });
  const cookie = sessionCookie(signIn);
  const { antiForgeryToken } = signIn.json() as { antiForgeryToken: string };
  return {
    id: added.id,
    email,
    role,
    secret: totpSecret,
    sessionId: cookie.slice('office_session='.length),
    antiForgeryToken,
    call: (options) =>
      server.office.inject(
        options.method === 'GET' || options.method === undefined
          ? { ...options, headers: { ...options.headers, cookie } }
          : {
              ...options,
              payload: options.payload ?? {},
              headers: {
                ...FROM_OFFICE,
                ...(antiForgeryToken ? { [ANTI_FORGERY_HEADER]: antiForgeryToken } : {}),
                ...options.headers,
                cookie,
              },
            },
      ),
  };
};

/** A staff member that exists without the routes (no sign-in), for completeSetup tests. */
export const setUpDirectly = async (server: OfficeTestServer, email: string, role: StaffRole) => {
  const added = await addStaffWithLink(server.database.db, server.clock(), email, role);
  if (!added.ok) throw new Error(added.problem);
  const done = await completeSetup(
    server.database.db,
    server.clock(),
    added.token,
    PASSWORD,
    testTotpSealer(),
  );
  if (!done.ok) throw new Error(done.problem);
  return done;
};

/** A submitted application that screening referred to an officer (state in_review). */
export const referredCase = async (server: OfficeTestServer, email: string): Promise<Submitted> => {
  const app = await submitted(server, email);
  await drive(server, app.id, [['startScreening'], ['screeningHit', ['WATCHLIST']]]);
  return app;
};

export const stateOf = async (server: OfficeTestServer, id: string) =>
  (
    await server.database.db
      .selectFrom('application')
      .select('state')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).state;

export const auditActions = async (server: OfficeTestServer, applicationId: string) =>
  (
    await server.database.db
      .selectFrom('audit_event')
      .select('action')
      .where('application_id', '=', applicationId)
      .orderBy('seq')
      .execute()
  ).map((r) => r.action);
