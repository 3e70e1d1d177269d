// The lone admin's two supervisors (issue 26, item 3; docs/decisions/045-staff-four-eyes.md).
// An admin who could read the set-up links of the accounts they create could make two supervisor
// accounts, set both up and refuse with both. Here: a set-up link goes by e-mail (the real SMTP
// listener) to the new member's address and never into the admin's answer; a supervisor or admin
// account works only once a second admin confirms it; an admin works no case; the audit chain
// names who created and who confirmed whom.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/office/auth/credentials.ts';
import { SETUP_MS } from '../decisions/support.ts';
import { DATABASES } from '../harness.ts';
import {
  FROM_OFFICE,
  type OfficeTestServer,
  PASSWORD,
  referredCase,
  type SignedIn,
  sessionCookie,
  setupTokenFromMail,
  staffMember,
  startOfficeServer,
} from './support.ts';

describe.each(DATABASES)('the lone admin’s two supervisors on %s', (kind) => {
  let server: OfficeTestServer;
  let admin: SignedIn;
  let secondAdmin: SignedIn;
  beforeAll(async () => {
    server = await startOfficeServer(kind);
    admin = await staffMember(server, 'admin');
    secondAdmin = await staffMember(server, 'admin');
  }, SETUP_MS);
  afterAll(async () => {
    await server.close();
  });

  const create = (by: SignedIn, email: string, role: string) =>
    by.call({ method: 'POST', url: '/office/api/staff', payload: { email, role } });
  const confirm = (by: SignedIn, id: string) =>
    by.call({ method: 'POST', url: `/office/api/staff/${id}/confirm` });
  const setUp = (token: string) =>
    server.office.inject({
      method: 'POST',
      url: '/office/api/setup',
      headers: FROM_OFFICE,
      payload: { token, password: PASSWORD },
    });
  const staffRow = (id: string) =>
    server.database.db
      .selectFrom('staff')
      .select(['setup_token_hash', 'awaiting_confirmation', 'created_by', 'confirmed_by'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const auditOf = (action: string, staffId: string) =>
    server.database.db
      .selectFrom('audit_event')
      .select(['staff_id', 'details'])
      .where('action', '=', action)
      .where(({ ref }) => ref('details', '->>').key('staffId'), '=', staffId)
      .executeTakeFirstOrThrow();

  it('one admin cannot make a working supervisor alone', async () => {
    const created = await Promise.all([
      create(admin, 'sock-puppet-1@office.test', 'supervisor'),
      create(admin, 'sock-puppet-2@office.test', 'supervisor'),
    ]);
    for (const answer of created) {
      expect(answer.statusCode).toBe(201);
      expect(answer.json()).toMatchObject({ awaitingConfirmation: true, linkExpiresAt: null });
      expect(answer.body).not.toMatch(/token|setup/i);
      const row = await staffRow(answer.json().id);
      // No link exists yet: nothing could be set up, by anyone.
      expect(row).toMatchObject({
        setup_token_hash: null,
        awaiting_confirmation: true,
        created_by: admin.id,
      });
      const own = await confirm(admin, answer.json().id);
      expect(own.statusCode).toBe(403);
      expect(own.json()).toMatchObject({ statusCode: 403, code: 'sameAdmin' });
    }
    // A second admin the lone admin creates is held the same way.
    const accomplice = await create(admin, 'accomplice@office.test', 'admin');
    expect(accomplice.json()).toMatchObject({ awaitingConfirmation: true });
    expect((await confirm(admin, accomplice.json().id)).statusCode).toBe(403);

    const list = await admin.call({ method: 'GET', url: '/office/api/staff' });
    const puppet = list
      .json()
      .staff.find((s: { email: string }) => s.email === 'sock-puppet-1@office.test');
    expect(puppet).toMatchObject({
      awaitingConfirmation: true,
      mayConfirm: false,
      createdBy: admin.email,
      setUp: false,
    });
    const seenBySecond = await secondAdmin.call({ method: 'GET', url: '/office/api/staff' });
    expect(
      seenBySecond
        .json()
        .staff.find((s: { email: string }) => s.email === 'sock-puppet-1@office.test'),
    ).toMatchObject({ awaitingConfirmation: true, mayConfirm: true });
    expect(server.smtp.received.some((m) => m.to.startsWith('sock-puppet'))).toBe(false);
  });

  it('a second admin confirms; the link goes to the member’s own address, not to either admin', async () => {
    const created = await create(admin, 'new-supervisor@office.test', 'supervisor');
    const id = created.json().id as string;
    const confirmed = await confirm(secondAdmin, id);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).not.toMatch(/token|setup/i);
    expect(await staffRow(id)).toMatchObject({
      awaiting_confirmation: false,
      created_by: admin.id,
      confirmed_by: secondAdmin.id,
    });
    expect((await confirm(secondAdmin, id)).json()).toMatchObject({
      statusCode: 409,
      code: 'notAwaiting',
    });

    const token = await setupTokenFromMail(server, 'new-supervisor@office.test');
    // Each half of the e-mail names the role in its own language.
    const mail = server.smtp.received.find((m) => m.to === 'new-supervisor@office.test');
    expect(mail?.text).toContain('An account with the role “supervisor” was created');
    expect(mail?.text).toContain('נוצר עבורכם חשבון בתפקיד “מפקח/ת”');
    const setup = await setUp(token);
    expect(setup.statusCode).toBe(200);
    const signIn = await server.office.inject({
      method: 'POST',
      url: '/office/api/sign-in',
      headers: FROM_OFFICE,
      payload: {
        email: 'new-supervisor@office.test',
        password: PASSWORD,
        code: totpCode(setup.json().totpSecret, 'new-supervisor@office.test', server.clock()),
      },
    });
    const me = await server.office.inject({
      method: 'GET',
      url: '/office/api/me',
      headers: { cookie: sessionCookie(signIn) },
    });
    expect(me.json().staff).toMatchObject({ role: 'supervisor' });

    // The chain names who created whom and who confirmed it.
    expect(await auditOf('addStaff', id)).toMatchObject({
      staff_id: admin.id,
      details: { role: 'supervisor', createdBy: admin.id, awaitingConfirmation: true },
    });
    expect(await auditOf('confirmStaff', id)).toMatchObject({
      staff_id: secondAdmin.id,
      details: { createdBy: admin.id, confirmedBy: secondAdmin.id },
    });
  });

  it('an officer’s link is e-mailed at once and never returned to the admin', async () => {
    const created = await create(admin, 'new-officer@office.test', 'officer');
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ awaitingConfirmation: false });
    expect(created.body).not.toMatch(/token|setup/i);
    const mail = await setupTokenFromMail(server, 'new-officer@office.test');
    expect((await setUp(mail)).statusCode).toBe(200);
  });

  it('an admin holds no case role: it cannot claim or decide a case', async () => {
    const referred = await referredCase(server, 'admin-case@example.com');
    for (const action of ['claim', 'approve']) {
      const answer = await admin.call({
        method: 'POST',
        url: `/office/api/cases/${referred.id}/${action}`,
        payload: {},
      });
      expect(answer.statusCode, action).toBe(403);
    }
  });
});
