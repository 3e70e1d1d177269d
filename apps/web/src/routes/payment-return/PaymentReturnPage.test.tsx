// /payment/return (issue 27): the result is read from the server, never from the URL; paid → the
// acknowledgement with "Paid … on …"; open → "We are confirming your payment", asked again a few
// times, then a fallback; expired → nothing charged, pay again; axe on each.
import { PAYMENT_EXPIRES_AFTER_DAYS } from '@eta-il/domain';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render.tsx';
import { fakeServer, type Reply } from '../../test/server.ts';
import { axeViolations } from '../status/axe.ts';
import { CONFIRM_EVERY_MS, CONFIRM_TRIES, PaymentReturnPage } from './PaymentReturnPage.tsx';

const PAYMENT = 'pay_123';
const READ = `GET /api/payment/${PAYMENT}`;
const result = (status: string, more: object = {}): Reply => ({
  status: 200,
  payload: { body: { status, amount: 25, currency: 'ILS', ...more } },
});
const acknowledgement = {
  firstName: 'JANE',
  familyName: 'DOE',
  emailAddress: 'jane@example.com',
  ReqNum: 'IL-2026-000123',
};
const proof = {
  applicationNumber: 'IL-2026-000123',
  passportNumber: 'AB1234567',
  birthDate: '1990-07-04',
  submittedAt: '2026-11-27T10:00:00.000Z',
  offered: true,
};

const open = async (query = `?payment=${PAYMENT}`) => {
  let view: ReturnType<typeof renderScreen> | undefined;
  await act(async () => {
    view = renderScreen(<PaymentReturnPage />, { path: `/payment/return${query}` });
  });
  return view!;
};
const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

beforeEach(() => {
  window.location.hash = '';
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.location.hash = '';
});

describe('PaymentReturnPage', () => {
  it('paid: the acknowledgement with its number and "Paid 25 NIS on 27 November 2026"', async () => {
    sessionStorage.setItem('acknowledgement', JSON.stringify(acknowledgement));
    const server = fakeServer({ [READ]: result('paid', { paidAt: '2026-11-27T10:05:00Z' }) });
    const view = await open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank You, JANE' })).toBeTruthy();
    expect(screen.getByText('IL-2026-000123')).toBeTruthy();
    expect(screen.getByText('Paid 25 NIS on 27 November 2026')).toBeTruthy();
    expect(screen.getByText('Checking application')).toBeTruthy();
    expect(server.calls.map((c) => c.route)).toEqual([READ]);
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('paid, in a browser without the acknowledgement: says it is paid and links to /status', async () => {
    fakeServer({ [READ]: result('paid', { paidAt: '2026-11-27T10:05:00Z' }) });
    await open();
    expect(heading()).toBe('Thank you: your fee is paid');
    expect(screen.getByText('Paid 25 NIS on 27 November 2026')).toBeTruthy();
    expect(
      screen
        .getByRole('link', { name: 'Check the status of your application' })
        .getAttribute('href'),
    ).toBe('/status');
  });

  it('the URL is not trusted: a payment the server does not know is not called paid', async () => {
    const server = fakeServer({});
    await open('?payment=pay_999&status=paid');
    expect(heading()).toBe('We could not read this payment');
    expect(server.calls.map((c) => c.route)).toEqual(['GET /api/payment/pay_999']);
    expect(screen.queryByText(/Paid/)).toBeNull();
  });

  it('no payment named: nothing is asked', async () => {
    const server = fakeServer({});
    await open('');
    expect(heading()).toBe('We could not read this payment');
    expect(server.calls).toHaveLength(0);
  });

  it('still open: "We are confirming your payment" in a live region, asked again until paid', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const server = fakeServer({
      [READ]: [result('open'), result('open'), result('paid', { paidAt: '2026-11-27T10:05:00Z' })],
    });
    await open();
    expect(heading()).toBe('We are confirming your payment');
    expect(screen.getByRole('status').textContent).toContain('Please do not pay again.');
    for (let i = 0; i < 2; i++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(CONFIRM_EVERY_MS);
      });
    }
    expect(heading()).toBe('Thank you: your fee is paid');
    expect(server.called(READ)).toHaveLength(3);
  });

  it('still open: axe finds nothing on the confirming page', async () => {
    fakeServer({ [READ]: result('open') });
    const view = await open();
    expect(heading()).toBe('We are confirming your payment');
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it(`still open after ${CONFIRM_TRIES} more tries: a fallback that says not to pay again`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const server = fakeServer({ [READ]: result('open') });
    await open();
    for (let i = 0; i < CONFIRM_TRIES + 2; i++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(CONFIRM_EVERY_MS);
      });
    }
    expect(heading()).toBe('Your payment is not confirmed yet');
    expect(document.body.textContent).toContain('Please do not pay again.');
    expect(server.called(READ)).toHaveLength(CONFIRM_TRIES + 1);
  });

  it('expired: nothing was charged, and "Pay the fee" opens a new payment page with the kept proof', async () => {
    sessionStorage.setItem('paymentProof', JSON.stringify(proof));
    const server = fakeServer({
      [READ]: result('expired'),
      'POST /api/payment': {
        status: 200,
        payload: { body: { url: `${window.location.origin}/#again`, amount: 25, currency: 'ILS' } },
      },
    });
    const view = await open();
    expect(heading()).toBe('Your payment was not completed');
    expect(document.body.textContent).toContain('nothing was charged');
    expect(document.body.textContent).toContain('Please pay by 4 December 2026.');
    expect(document.body.textContent).toContain(`within ${PAYMENT_EXPIRES_AFTER_DAYS} days`);
    expect(await axeViolations(view.container)).toEqual([]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Pay the fee' }));
    });
    await vi.waitFor(() => expect(window.location.hash).toBe('#again'));
    expect(server.called('POST /api/payment')[0]?.body).toEqual({
      applicationNumber: proof.applicationNumber,
      passportNumber: proof.passportNumber,
      birthDate: proof.birthDate,
    });
  });

  it('expired, without a kept proof: the way to pay is /status', async () => {
    fakeServer({ [READ]: result('expired') });
    await open();
    expect(screen.queryByRole('button', { name: 'Pay the fee' })).toBeNull();
    expect(
      screen.getByRole('link', { name: /Pay the fee from the status page/ }).getAttribute('href'),
    ).toBe('/status');
  });
});
