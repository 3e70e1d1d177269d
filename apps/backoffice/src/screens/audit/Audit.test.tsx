// The audit trail: its rows newest first, a page at a time, and the check of the whole chain,
// which names the first broken row.
import type { AuditEvent, AuditEventsAnswer, AuditVerifyAnswer } from '@eta-il/domain';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { heading, openScreen, tableRows } from '../../test/render.tsx';
import { fakeServer, me, ok, STAFF } from '../../test/server.ts';
import { Audit } from './Audit.tsx';

const NEWEST = `audit?before=${Number.MAX_SAFE_INTEGER}&limit=50`;

const row = (seq: number, changes: Partial<AuditEvent> = {}): AuditEvent => ({
  seq,
  at: '2026-11-22T12:00:00Z',
  staffId: 'staff-officer',
  actor: 'officer@office.example',
  action: 'case.read',
  applicationId: null,
  client: '203.0.113.7',
  details: {},
  prevHash: 'a'.repeat(64),
  hash: 'b'.repeat(64),
  ...changes,
});

describe('Audit', () => {
  it('shows the rows, each with who, what, which case and from where', async () => {
    fakeServer({
      'GET me': me(STAFF.auditor),
      [`GET ${NEWEST}`]: ok<AuditEventsAnswer>({
        events: [row(2, { action: 'case.approve', applicationId: 'case-1' }), row(1)],
      }),
    });
    await openScreen(<Audit />, { path: '/audit', staff: STAFF.auditor });
    expect(heading()).toBe('Audit trail');
    expect(tableRows(await screen.findByRole('table'))).toEqual([
      ['Row', 'When', 'Who', 'Action', 'Case', 'Address'],
      [
        '2',
        '22 November 2026 at 12:00 UTC',
        'officer@office.example',
        'case.approve',
        'Open the case',
        '203.0.113.7',
      ],
      [
        '1',
        '22 November 2026 at 12:00 UTC',
        'officer@office.example',
        'case.read',
        '',
        '203.0.113.7',
      ],
    ]);
    expect(screen.getByRole('link', { name: 'Open the case' }).getAttribute('href')).toBe(
      '/cases/case-1',
    );
    // A short page is the last: no older rows to ask for.
    expect(screen.queryByRole('button', { name: 'Older rows' })).toBeNull();
  });

  it('pages back from the oldest row shown, and returns to the newest', async () => {
    const full = Array.from({ length: 50 }, (_, i) => row(120 - i));
    const server = fakeServer({
      'GET me': me(STAFF.auditor),
      [`GET ${NEWEST}`]: ok<AuditEventsAnswer>({ events: full }),
      'GET audit?before=71&limit=50': ok<AuditEventsAnswer>({ events: [row(70)] }),
    });
    await openScreen(<Audit />, { path: '/audit', staff: STAFF.auditor });
    fireEvent.click(await screen.findByRole('button', { name: 'Older rows' }));
    await screen.findByRole('rowheader', { name: '70' });
    fireEvent.click(screen.getByRole('button', { name: 'Newest rows' }));
    await screen.findByRole('rowheader', { name: '120' });
    expect(server.routes()).toEqual([
      `GET ${NEWEST}`,
      'GET audit?before=71&limit=50',
      `GET ${NEWEST}`,
    ]);
  });

  it('checks the chain and names the first broken row', async () => {
    const server = fakeServer({
      'GET me': me(STAFF.auditor),
      [`GET ${NEWEST}`]: ok<AuditEventsAnswer>({ events: [] }),
      'GET audit/verify': [
        ok<AuditVerifyAnswer>({ report: { intact: true, rows: 120, checkpoints: 3 } }),
        ok<AuditVerifyAnswer>({ report: { intact: false, seq: 57, problem: 'hashMismatch' } }),
      ],
    });
    await openScreen(<Audit />, { path: '/audit', staff: STAFF.auditor });
    await screen.findByText('No rows yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Check the chain' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'The chain is intact: 120 rows, none changed or removed, every seal and signed checkpoint matching.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Check the chain' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The chain is broken at row 57: its content was changed after it was written.',
    );
    expect(server.called('GET audit/verify')).toHaveLength(2);
  });
});
