// /verify: the official site and the fee in plain words; verification by numbers and by the QR
// code's token; a valid and a not-valid answer; axe finds nothing.
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetFee } from '../../components/fee.ts';
import { renderScreen } from '../../test/render.tsx';
import { configReply } from '../../test/server.ts';
import { axeViolations } from '../status/axe.ts';
import { VerifyPage } from './VerifyPage.tsx';

const calls: Record<string, unknown>[] = [];
let answer: object;
/** The server's fee, other than the domain's default: the page says the server's. */
const SERVER_FEE = 40;
const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
  if (path === '/api/config')
    return new Response(JSON.stringify(configReply(true, SERVER_FEE).payload), { status: 200 });
  calls.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
  return new Response(JSON.stringify({ statusCode: 200, ...answer }), { status: 200 });
});

beforeEach(() => {
  calls.length = 0;
  forgetFee();
  answer = { valid: false };
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const open = async (path = '/verify') => {
  let view: ReturnType<typeof renderScreen> | undefined;
  await act(async () => {
    view = renderScreen(<VerifyPage />, { path });
  });
  return view!;
};

describe('VerifyPage', () => {
  it('says which site is official and what the fee is', async () => {
    const view = await open();
    expect(
      screen.getByText(/This is the official ETA-IL service of the State of Israel/),
    ).toBeTruthy();
    expect(await screen.findByText(new RegExp(`The fee is ${SERVER_FEE} NIS`))).toBeTruthy();
    expect(calls).toHaveLength(0);
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('asks for both numbers before it checks', async () => {
    await open();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    });
    expect(screen.getByRole('alert').querySelectorAll('li')).toHaveLength(2);
    expect(calls).toHaveLength(0);
  });

  it('verifies by numbers: valid until a date, or not valid', async () => {
    const view = await open();
    fireEvent.change(screen.getByLabelText('Application number'), { target: { value: 'IL-1' } });
    fireEvent.change(screen.getByLabelText('Passport number'), { target: { value: 'AB1234567' } });
    answer = { valid: true, validUntil: '2028-11-22' };
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    });
    expect(calls[0]).toEqual({ applicationNumber: 'IL-1', passportNumber: 'AB1234567' });
    expect(screen.getByText('Valid ETA-IL, until 22 November 2028.')).toBeTruthy();
    expect(await axeViolations(view.container)).toEqual([]);

    answer = { valid: false };
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    });
    expect(screen.getByText('No valid ETA-IL was found for these details.')).toBeTruthy();

    answer = { valid: false, revoked: true };
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    });
    expect(screen.getByText('This ETA-IL has been revoked and is no longer valid.')).toBeTruthy();
    expect(screen.queryByText('No valid ETA-IL was found for these details.')).toBeNull();
  });

  it('verifies the token of a QR code as soon as it opens', async () => {
    answer = {
      valid: true,
      validUntil: '2028-11-22',
      applicationNumber: 'IL-7',
      passportNumber: '•••••4567',
    };
    await open('/verify?token=abc.def.ghi');
    expect(calls).toEqual([{ token: 'abc.def.ghi' }]);
    expect(screen.getByText('Valid ETA-IL, until 22 November 2028.')).toBeTruthy();
    expect(screen.getByText('Application IL-7, passport •••••4567.')).toBeTruthy();
  });
});
