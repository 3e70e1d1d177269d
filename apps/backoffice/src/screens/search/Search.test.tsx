// Search: at least two characters, then the matching applications in a table, each linking to
// its case; nothing found says so.
import type { SearchAnswer } from '@eta-il/domain';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { heading, openScreen, summaryErrors, tableRows } from '../../test/render.tsx';
import { fakeServer, me, ok, STAFF } from '../../test/server.ts';
import { Search } from './Search.tsx';

const search = (text: string) => {
  fireEvent.change(screen.getByLabelText('Application number, passport number or name'), {
    target: { value: text },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
};

describe('Search', () => {
  it('asks for two characters at least, and searches for nothing shorter', async () => {
    const server = fakeServer({ 'GET me': me(STAFF.auditor) });
    await openScreen(<Search />, { staff: STAFF.auditor });
    expect(heading()).toBe('Search');
    search(' d ');
    await screen.findByText('There is a problem');
    expect(summaryErrors()).toEqual(['#q Enter at least 2 characters']);
    expect(server.routes()).toEqual([]);
  });

  it('shows what the server found, each application linking to its case', async () => {
    const server = fakeServer({
      'GET me': me(STAFF.supervisor),
      'GET search?q=jane%20doe': ok<SearchAnswer>({
        results: [
          {
            id: 'case-1',
            applicationNumber: '2026-000101',
            state: 'approved',
            name: 'JANE DOE',
            passportNumber: 'AB1234567',
            submittedAt: '2026-11-20T08:30:00Z',
          },
        ],
      }),
    });
    await openScreen(<Search />, { staff: STAFF.supervisor });
    search('  jane doe ');
    const table = await screen.findByRole('table');
    expect(tableRows(table)).toEqual([
      ['Application', 'Name', 'Passport', 'State', 'Submitted'],
      ['2026-000101', 'JANE DOE', 'AB1234567', 'Approved', '20 November 2026 at 08:30 UTC'],
    ]);
    expect(screen.getByRole('link', { name: '2026-000101' }).getAttribute('href')).toBe(
      '/cases/case-1',
    );
    expect(server.routes()).toEqual(['GET search?q=jane%20doe']);
    expect(summaryErrors()).toEqual([]);
  });

  it('says when nothing was found', async () => {
    fakeServer({
      'GET me': me(STAFF.auditor),
      'GET search?q=nobody': ok<SearchAnswer>({ results: [] }),
    });
    await openScreen(<Search />, { staff: STAFF.auditor });
    search('nobody');
    await screen.findByText('Nothing found.');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
