// Stopping the reminders before the authorization ends on /status (issue 31): offered only while
// they are on; a code goes to the application's address, the code stops them, and the page says
// so; a wrong code is refused at its field, nothing stopped; axe on the open form.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Reply } from '../../test/server.ts';
import { click, fill, lookUpStatus } from '../../test/statusPage.tsx';
import { axeViolations } from './axe.ts';

const approved = (reminders: boolean): Reply => ({
  status: 200,
  payload: {
    status: 'approved',
    updatedAt: '2026-11-22T09:00:00.000Z',
    validUntil: '2028-11-22',
    reminders,
  },
});
const CODE_SENT: Reply = {
  status: 200,
  payload: { timestamp: 1_760_000_000_000, sentTo: 'j•••@example.com' },
};
const STOP = 'E-mail me a code to stop the reminders';

afterEach(() => vi.unstubAllGlobals());

describe('reminders on /status', () => {
  it('are not offered to stop when they are off', async () => {
    await lookUpStatus({ 'POST /api/status': approved(false) });
    await screen.findByText('22 November 2028', undefined, { timeout: 5000 });
    expect(screen.queryByRole('heading', { name: /Reminders before/ })).toBeNull();
    expect(screen.queryByRole('button', { name: STOP })).toBeNull();
  });

  it('a code to the application’s address, then the code stops them; the page says so', async () => {
    const server = await lookUpStatus({
      'POST /api/status': [approved(true), approved(false)],
      'POST /api/status/reminders/code': CODE_SENT,
      'POST /api/status/reminders/withdraw': { status: 200, payload: { reminders: false } },
    });
    await screen.findByRole('button', { name: STOP }, { timeout: 5000 });
    expect(
      screen.getByRole('heading', { name: 'Reminders before your authorization expires' }),
    ).toBeTruthy();
    await click(STOP);
    expect(server.calls.at(-1)).toEqual({
      route: 'POST /api/status/reminders/code',
      body: {
        applicationNumber: 'IL-1234-5678',
        passportNumber: 'AB1234567',
        birthDate: '1990-07-04',
      },
    });
    expect(screen.getByText('We sent a 6-digit code to j•••@example.com.')).toBeTruthy();
    expect(await axeViolations(document.body)).toEqual([]);
    fill('Code from the e-mail', '123456');
    await click('Stop the reminders');
    expect(server.called('POST /api/status/reminders/withdraw')).toHaveLength(1);
    expect(server.called('POST /api/status/reminders/withdraw')[0]?.body).toEqual({
      applicationNumber: 'IL-1234-5678',
      passportNumber: 'AB1234567',
      birthDate: '1990-07-04',
      code: '123456',
      timestamp: 1_760_000_000_000,
    });
    const stopped = await screen.findByText(
      'The reminders are stopped. We will not e-mail you before this authorization expires.',
    );
    expect(stopped.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Stop the reminders' })).toBeNull();
  });

  it('a wrong code is refused at its field, and nothing is stopped', async () => {
    await lookUpStatus({
      'POST /api/status': approved(true),
      'POST /api/status/reminders/code': CODE_SENT,
      'POST /api/status/reminders/withdraw': {
        status: 400,
        payload: { code: 'codeWrong', message: 'wrong', triesLeft: 4 },
      },
    });
    await screen.findByRole('button', { name: STOP }, { timeout: 5000 });
    await click(STOP);
    fill('Code from the e-mail', '654321');
    await click('Stop the reminders');
    const field = screen.getByLabelText('Code from the e-mail');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(/The reminders are stopped/)).toBeNull();
    expect(await axeViolations(document.body)).toEqual([]);
  });
});
