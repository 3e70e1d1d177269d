// Staff (admins): the accounts with their role and state; a new account checked before it is
// sent; a second admin's confirmation (four eyes); disabling an account, never one's own.
import type { AddStaffRequest, StaffAdded, StaffListAnswer, StaffListEntry } from '@eta-il/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { heading, openScreen, summaryErrors, tableRows } from '../../test/render.tsx';
import { ANTI_FORGERY_TOKEN, fakeServer, me, ok, refused, STAFF } from '../../test/server.ts';
import { Staff } from './Staff.tsx';

const member = (changes: Partial<StaffListEntry>): StaffListEntry => ({
  id: 'staff-x',
  email: 'x@office.example',
  role: 'officer',
  disabled: false,
  setUp: true,
  createdAt: '2026-11-01T09:00:00Z',
  createdBy: 'admin@office.example',
  awaitingConfirmation: false,
  mayConfirm: false,
  ...changes,
});

const LIST: StaffListEntry[] = [
  member({ id: STAFF.admin.id, email: STAFF.admin.email, role: 'admin', createdBy: null }),
  member({ id: 'staff-o', email: 'officer@office.example' }),
  member({
    id: 'staff-s',
    email: 'new.supervisor@office.example',
    role: 'supervisor',
    setUp: false,
    awaitingConfirmation: true,
    mayConfirm: true,
    createdBy: 'other.admin@office.example',
  }),
  member({ id: 'staff-d', email: 'gone@office.example', disabled: true }),
];

const open = async (routes: Parameters<typeof fakeServer>[0]) => {
  const server = fakeServer({
    'GET me': me(STAFF.admin),
    'GET staff': ok<StaffListAnswer>({ staff: LIST }),
    ...routes,
  });
  await openScreen(<Staff />, { path: '/staff', staff: STAFF.admin });
  return server;
};
const add = (email: string, role: string) => {
  fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Role'), { target: { value: role } });
  fireEvent.click(screen.getByRole('button', { name: 'Add and e-mail a set-up link' }));
};

describe('Staff', () => {
  it('lists every account with its role and state; no Disable for oneself or the disabled', async () => {
    await open({});
    expect(heading()).toBe('Staff');
    const table = await screen.findByRole('table');
    expect(tableRows(table)).toEqual([
      ['E-mail address', 'Role', 'State', 'Created', 'Actions'],
      ['admin@office.example', 'admin', 'Active', '1 November 2026 at 09:00 UTC', ''],
      [
        'officer@office.example',
        'officer',
        'Active',
        '1 November 2026 at 09:00 UTC',
        'Disable officer@office.example',
      ],
      [
        'new.supervisor@office.example',
        'supervisor',
        'Waiting for a second admin',
        '1 November 2026 at 09:00 UTC',
        'Disable new.supervisor@office.example',
      ],
      ['gone@office.example', 'officer', 'Disabled', '1 November 2026 at 09:00 UTC', ''],
    ]);
    const pending = screen.getByRole('region', { name: 'Waiting for a second admin' });
    expect(within(pending).getByRole('listitem').textContent).toBe(
      'new.supervisor@office.example (supervisor, created by other.admin@office.example) Confirm new.supervisor@office.example',
    );
  });

  it('checks the address and the role before sending, in the error summary', async () => {
    const server = await open({});
    await screen.findByRole('table');
    add('not an address', '');
    await screen.findByText('There is a problem');
    expect(summaryErrors()).toEqual([
      '#email Enter an e-mail address such as name@example.gov',
      '#role Choose a role',
    ]);
    expect(server.called('POST staff')).toEqual([]);
  });

  it('adds an account with the anti-forgery token and says where its link went', async () => {
    const server = await open({
      'POST staff': ok<StaffAdded>(
        { id: 'staff-new', awaitingConfirmation: false, linkExpiresAt: '2026-11-23T09:00:00Z' },
        201,
      ),
    });
    await screen.findByRole('table');
    add(' new.officer@office.example ', 'officer');
    await screen.findByText('The account for new.officer@office.example is created.');
    expect(server.called('POST staff')).toEqual([
      {
        route: 'POST staff',
        body: { email: 'new.officer@office.example', role: 'officer' } satisfies AddStaffRequest,
        token: ANTI_FORGERY_TOKEN,
      },
    ]);
    // The list is read again, and the form is empty for the next one.
    expect(server.called('GET staff')).toHaveLength(2);
    expect(screen.getByLabelText('E-mail address')).toHaveProperty('value', '');
  });

  it('says when the address already has an account', async () => {
    await open({ 'POST staff': refused(409, 'staffExists') });
    await screen.findByRole('table');
    add('officer@office.example', 'officer');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This address already has an account.',
    );
  });

  it('confirms an account another admin created, and disables one', async () => {
    const server = await open({
      'POST staff/staff-s/confirm': ok({ linkExpiresAt: '2026-11-23T09:00:00Z' }),
      'POST staff/staff-o/disable': ok({}),
    });
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm new.supervisor@office.example' }));
    await screen.findByText(
      'new.supervisor@office.example is confirmed; its set-up link is e-mailed to that address.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Disable officer@office.example' }));
    await screen.findByText('officer@office.example is disabled and signed out.');
    expect(server.routes()).toEqual([
      'GET staff',
      'POST staff/staff-s/confirm',
      'GET staff',
      'POST staff/staff-o/disable',
      'GET staff',
    ]);
  });
});
