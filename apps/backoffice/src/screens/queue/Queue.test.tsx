// The queue: each waiting case in a row with its hits in words and the time left of the 72-hour
// promise; the filters go to the server as the query.
import type { QueueAnswer, QueueCase } from '@eta-il/domain';
import { fireEvent, screen } from '@testing-library/react';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { heading, openScreen, tableRows } from '../../test/render.tsx';
import { fakeServer, me, ok, refused, STAFF } from '../../test/server.ts';
import { Queue } from './Queue.tsx';

const HOUR = 3_600_000;
const waiting = (changes: Partial<QueueCase>): QueueCase => ({
  id: 'case-1',
  applicationNumber: '2026-000101',
  state: 'in_review',
  submittedAt: '2026-11-20T08:00:00Z',
  timeLeftMs: 30 * HOUR,
  arrivalDate: '2026-12-24',
  name: 'JANE DOE',
  nationality: 840,
  hits: ['WATCHLIST', 'LAW_PROBLEMS'],
  claimedBy: null,
  refusalPending: false,
  ...changes,
});

const CASES: QueueCase[] = [
  waiting({}),
  waiting({
    id: 'case-2',
    applicationNumber: '2026-000102',
    state: 'info_requested',
    timeLeftMs: -5 * HOUR,
    name: 'JOHN ROE',
    hits: ['LOST_DOCUMENT'],
    claimedBy: 'officer@office.example',
    refusalPending: true,
  }),
];

describe('Queue', () => {
  it('shows each waiting case, late ones marked, each linking to its case', async () => {
    fakeServer({ 'GET me': me(STAFF.officer), 'GET queue': ok<QueueAnswer>({ cases: CASES }) });
    await openScreen(<Queue />, { staff: STAFF.officer });
    expect(heading()).toBe('Cases waiting');
    const table = await screen.findByRole('table', { name: '2 cases' });
    expect(tableRows(table)).toEqual([
      [
        'Application',
        'Traveller',
        'State',
        'Hits',
        'Arrival',
        'Time left of 72 hours',
        'Claimed by',
      ],
      [
        '2026-000101',
        'JANE DOE',
        'In review',
        'Similar name on a watchlist, Declared problems with the law',
        '2026-12-24',
        '30 h left',
        'Nobody',
      ],
      [
        '2026-000102',
        'JOHN ROE',
        'Information askedRefusal waiting for a supervisor',
        'Lost or stolen passport',
        '2026-12-24',
        '5 h late',
        'officer@office.example',
      ],
    ]);
    expect(screen.getByRole('link', { name: '2026-000102' }).getAttribute('href')).toBe(
      '/cases/case-2',
    );
    expect(screen.getByText('5 h late').className).toBe('office-late');
  });

  it('asks the server again with the filters chosen', async () => {
    const server = fakeServer({
      'GET me': me(STAFF.supervisor),
      'GET queue': ok<QueueAnswer>({ cases: CASES }),
      'GET queue?nationality=250&hit=WATCHLIST&sort=arrival': ok<QueueAnswer>({ cases: [] }),
    });
    await openScreen(<Queue />, { staff: STAFF.supervisor });
    await screen.findByRole('table');
    // The nationalities are named, France among them by its id in the reference data.
    fireEvent.change(screen.getByLabelText('Nationality'), { target: { value: '250' } });
    expect(screen.getByRole('option', { name: 'France', selected: true })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Kind of hit'), { target: { value: 'WATCHLIST' } });
    fireEvent.change(screen.getByLabelText('Order'), { target: { value: 'arrival' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('No cases are waiting.');
    expect(server.routes()).toEqual([
      'GET queue',
      'GET queue?nationality=250&hit=WATCHLIST&sort=arrival',
    ]);
  });

  it('says when the queue cannot be read', async () => {
    fakeServer({ 'GET me': me(STAFF.officer), 'GET queue': refused(503, 'unavailable') });
    await openScreen(<Queue />, { staff: STAFF.officer });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The service is not available just now. Try again in a minute.',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('names the columns and the states in Hebrew, right to left', async () => {
    fakeServer({ 'GET me': me(STAFF.officer), 'GET queue': ok<QueueAnswer>({ cases: CASES }) });
    await i18n.changeLanguage('he');
    await openScreen(<Queue />, { staff: STAFF.officer });
    expect(document.documentElement.dir).toBe('rtl');
    const table = await screen.findByRole('table');
    const [columns, first] = tableRows(table);
    expect(columns?.[0]).toBe(i18n.t('queue.columns.number'));
    expect(first?.[2]).toBe(i18n.t('states.in_review'));
    expect(first?.[2]).not.toBe('In review');
  });
});
