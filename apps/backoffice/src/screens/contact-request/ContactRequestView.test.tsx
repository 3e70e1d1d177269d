// One request to move a lost contact address: the addresses, the lines given field by field
// beside the stored passport, and (while it waits, for those who decide) Accept, or Reject with
// a reason the schema asks for before anything is sent.
import type {
  ContactRejectRequest,
  ContactRequestAnswer,
  ContactRequestDetails,
} from '@eta-il/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { heading, listValue, openScreen, summaryErrors, tableRows } from '../../test/render.tsx';
import { fakeServer, me, ok, type Reply, STAFF } from '../../test/server.ts';
import { ContactRequestView } from './ContactRequestView.tsx';

const ID = 'request-1';
const GET = `GET contact-requests/${ID}`;

const request = (changes: Partial<ContactRequestDetails> = {}): ContactRequestDetails => ({
  id: ID,
  applicationId: 'case-1',
  applicationNumber: '2026-000101',
  applicationState: 'approved',
  currentEmail: 'lost@example.com',
  newEmail: 'jane.new@example.com',
  mrz: [
    'P<USADOE<<JANE<MARY<<<<<<<<<<<<<<<<<<<<<<<<<',
    'AB12345674USA9007045F3005096<<<<<<<<<<<<<<04',
  ],
  requestedAt: '2026-11-21T09:15:00Z',
  status: 'pending',
  decidedBy: null,
  decidedAt: null,
  reason: null,
  storedPassport: {
    documentNumber: 'AB1234567',
    birthDate: '1990-07-04',
    expiryDate: '2030-05-09',
    nationality: 'USA',
    issuingCountry: 'USA',
    surname: 'DOE',
    givenNames: 'JANE MARY',
  },
  comparison: [
    { field: 'documentNumber', given: 'AB1234567', stored: 'AB1234567', matches: true },
    { field: 'birthDate', given: '1990-07-04', stored: '1990-07-05', matches: false },
  ],
  photoUrl: '/office/api/contact-requests/request-1/photo',
  ...changes,
});

const open = async (answers: Reply[], routes: Record<string, Reply> = {}) => {
  const server = fakeServer({ 'GET me': me(STAFF.officer), [GET]: answers, ...routes });
  await openScreen(<ContactRequestView />, {
    path: `/contact-requests/${ID}`,
    route: '/contact-requests/:id',
    staff: STAFF.officer,
  });
  await screen.findByRole('heading', {
    level: 1,
    name: 'Change of contact address for 2026-000101',
  });
  return server;
};
const answer = (mayDecide: boolean, changes: Partial<ContactRequestDetails> = {}) =>
  ok<ContactRequestAnswer>({ request: request(changes), mayDecide });

describe('ContactRequestView', () => {
  it('shows the addresses and each field of the lines beside the stored passport', async () => {
    await open([answer(true)]);
    expect(listValue('Status')).toBe('Waiting for a decision');
    expect(listValue('Current address')).toBe('lost@example.com');
    expect(listValue('New address (proven by a code sent to it)')).toBe('jane.new@example.com');
    expect(screen.getByRole('link', { name: '2026-000101' }).getAttribute('href')).toBe(
      '/cases/case-1',
    );
    const table = screen.getByRole('table', {
      name: "Each field of the lines beside the application's",
    });
    expect(tableRows(table)).toEqual([
      ['Passport field', 'In the lines given', 'In the application', 'Result'],
      ['Passport number', 'AB1234567', 'AB1234567', 'Matches'],
      ['Date of birth', '1990-07-04', '1990-07-05', 'Differs'],
    ]);
    expect(screen.getByRole('img', { name: "The traveller's passport photo" })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your decision' })).toBeTruthy();
  });

  it('offers no decision to those who only read, or once it is decided', async () => {
    await open([
      answer(false, {
        status: 'rejected',
        decidedBy: 'officer@office.example',
        decidedAt: '2026-11-21T10:00:00Z',
        reason: 'The lines do not match.',
      }),
    ]);
    expect(listValue('Status')).toBe('Rejected: the address is unchanged');
    expect(listValue('Decided')).toBe('By officer@office.example on 21 November 2026 at 10:00 UTC');
    expect(listValue('Reason for rejecting')).toBe('The lines do not match.');
    expect(screen.queryByRole('heading', { name: 'Your decision' })).toBeNull();
    expect(heading()).toBe('Change of contact address for 2026-000101');
  });

  it('asks for the reason of a rejection before sending it, then sends it trimmed', async () => {
    const server = await open(
      [answer(true), answer(false, { status: 'rejected', reason: 'The birth date differs.' })],
      { [`POST contact-requests/${ID}/reject`]: ok({ status: 'rejected' }) },
    );
    const decide = screen.getByRole('region', { name: 'Your decision' });
    fireEvent.click(within(decide).getByRole('button', { name: 'Reject the request' }));
    await screen.findByText('There is a problem');
    expect(summaryErrors()).toEqual(['#contact-reason Give the reason for rejecting.']);
    expect(screen.getByLabelText('Reason for rejecting').getAttribute('aria-invalid')).toBe('true');
    expect(server.routes()).toEqual([GET]);
    fireEvent.change(screen.getByLabelText('Reason for rejecting'), {
      target: { value: '  The birth date differs. ' },
    });
    fireEvent.click(within(decide).getByRole('button', { name: 'Reject the request' }));
    await screen.findByText('The request was rejected; both addresses are being told.');
    expect(server.called(`POST contact-requests/${ID}/reject`).map((c) => c.body)).toEqual([
      { reason: 'The birth date differs.' } satisfies ContactRejectRequest,
    ]);
    expect(await screen.findByText('Rejected: the address is unchanged')).toBeTruthy();
  });

  it('accepts the request', async () => {
    const server = await open([answer(true), answer(false, { status: 'accepted' })], {
      [`POST contact-requests/${ID}/accept`]: ok({ status: 'accepted' }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Accept: change the address' }));
    await screen.findByText('The address was changed; both addresses are being told.');
    expect(server.routes()).toEqual([GET, `POST contact-requests/${ID}/accept`, GET]);
  });
});
