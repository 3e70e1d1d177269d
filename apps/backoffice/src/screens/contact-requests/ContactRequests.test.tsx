// The requests to move a lost contact address, oldest first, each linking to the request.
import type { ContactRequestsAnswer } from '@eta-il/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { heading, openScreen, tableRows } from '../../test/render.tsx';
import { fakeServer, me, ok, STAFF } from '../../test/server.ts';
import { ContactRequests } from './ContactRequests.tsx';

describe('ContactRequests', () => {
  it('lists each waiting request with its application, traveller and day', async () => {
    fakeServer({
      'GET me': me(STAFF.officer),
      'GET contact-requests': ok<ContactRequestsAnswer>({
        requests: [
          {
            id: 'request-1',
            applicationNumber: '2026-000101',
            name: 'JANE DOE',
            requestedAt: '2026-11-21T09:15:00Z',
          },
        ],
      }),
    });
    await openScreen(<ContactRequests />, { path: '/contact-requests', staff: STAFF.officer });
    expect(heading()).toBe('Requests to change a contact address');
    const table = await screen.findByRole('table', { name: '1 request' });
    expect(tableRows(table)).toEqual([
      ['Application', 'Traveller', 'Asked on'],
      ['2026-000101', 'JANE DOE', '21 November 2026 at 09:15 UTC'],
    ]);
    expect(screen.getByRole('link', { name: '2026-000101' }).getAttribute('href')).toBe(
      '/contact-requests/request-1',
    );
  });

  it('says when none are waiting', async () => {
    fakeServer({
      'GET me': me(STAFF.auditor),
      'GET contact-requests': ok<ContactRequestsAnswer>({ requests: [] }),
    });
    await openScreen(<ContactRequests />, { path: '/contact-requests', staff: STAFF.auditor });
    await screen.findByText('No requests are waiting.');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
