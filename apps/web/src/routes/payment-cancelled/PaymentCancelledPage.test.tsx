// /payment/cancelled (issue 27): the application is saved and waits for the fee until a date;
// "Pay the fee" reopens the open payment page, else asks for a new one with the kept proof, else
// leads to /status; axe.
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetFee } from '../../components/fee.ts';
import { renderScreen } from '../../test/render.tsx';
import { configReply, fakeServer, type Reply } from '../../test/server.ts';
import { axeViolations } from '../status/axe.ts';
import { PaymentCancelledPage } from './PaymentCancelledPage.tsx';

const READ = 'GET /api/payment/pay_123';
const proof = {
  applicationNumber: 'IL-2026-000123',
  passportNumber: 'AB1234567',
  birthDate: '1990-07-04',
  submittedAt: '2026-11-27T10:00:00.000Z',
  offered: true,
};
const result = (status: string, more: object = {}): Reply => ({
  status: 200,
  payload: { body: { status, amount: 75, currency: 'ILS', ...more } },
});

const open = async (query = '?payment=pay_123') => {
  let view: ReturnType<typeof renderScreen> | undefined;
  await act(async () => {
    view = renderScreen(<PaymentCancelledPage />, { path: `/payment/cancelled${query}` });
  });
  return view!;
};

beforeEach(() => {
  forgetFee();
  window.location.hash = '';
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

describe('PaymentCancelledPage', () => {
  it('says the application waits for the fee, until when, and reopens the open payment page', async () => {
    sessionStorage.setItem('paymentProof', JSON.stringify(proof));
    const server = fakeServer({
      'GET /api/config': configReply(true),
      [READ]: result('open', { url: `${window.location.origin}/#same-page` }),
    });
    const view = await open();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Your application waits for payment' }),
    ).toBeTruthy();
    const text = document.body.textContent ?? '';
    expect(text).toContain('nothing was charged');
    expect(text).toContain('once the fee of 75 NIS is paid');
    expect(text).toContain('Please pay by 4 December 2026.');
    expect(await axeViolations(view.container)).toEqual([]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Pay the fee' }));
    });
    expect(window.location.hash).toBe('#same-page');
    expect(server.called('POST /api/payment')).toHaveLength(0);
  });

  it('the payment page closed: a new one is asked for with the kept proof', async () => {
    sessionStorage.setItem('paymentProof', JSON.stringify(proof));
    const server = fakeServer({
      'GET /api/config': configReply(true),
      [READ]: result('expired'),
      'POST /api/payment': {
        status: 200,
        payload: {
          body: { url: `${window.location.origin}/#new-page`, amount: 75, currency: 'ILS' },
        },
      },
    });
    await open();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Pay the fee' }));
    });
    await vi.waitFor(() => expect(window.location.hash).toBe('#new-page'));
    expect(server.called('POST /api/payment')).toHaveLength(1);
  });

  it('provider down: says so, and the application still waits', async () => {
    sessionStorage.setItem('paymentProof', JSON.stringify(proof));
    fakeServer({
      'GET /api/config': configReply(true),
      [READ]: result('expired'),
      'POST /api/payment': { status: 503, payload: { message: 'The provider does not answer.' } },
    });
    await open();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Pay the fee' }));
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Your application is saved and waits for payment.',
    );
  });

  it('paid meanwhile (another tab): says so and offers no button', async () => {
    fakeServer({
      'GET /api/config': configReply(true),
      [READ]: result('paid', { paidAt: '2026-11-27T10:05:00Z' }),
    });
    await open();
    expect(
      await screen.findByText(
        'The fee for this application is already paid. You do not need to pay again.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay the fee' })).toBeNull();
  });

  it('without the proof in this browser and no open page: the way is /status', async () => {
    fakeServer({ 'GET /api/config': configReply(true), [READ]: result('expired') });
    await open();
    expect(screen.queryByRole('button', { name: 'Pay the fee' })).toBeNull();
    expect(
      screen.getByRole('link', { name: /Pay the fee from the status page/ }).getAttribute('href'),
    ).toBe('/status');
    expect(document.body.textContent).toContain('within 7 days of sending your application');
  });
});
