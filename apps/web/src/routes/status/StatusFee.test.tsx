// /status and the fee (issue 27): while it waits for payment, the amount and "Pay the fee" (the
// proof already entered opens the provider's page); once paid, "Paid 25 NIS on <date>"; an
// application closed unpaid is explained and offers nothing to pay, correct or withdraw; axe.
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fillDateBoxes } from '../../test/dateBoxes.ts';
import { renderScreen } from '../../test/render.tsx';
import { fakeServer, type Reply } from '../../test/server.ts';
import { axeViolations } from './axe.ts';
import { StatusPage } from './StatusPage.tsx';

const IDENTITY = {
  applicationNumber: 'IL-1234-5678',
  passportNumber: 'AB1234567',
  birthDate: '1990-07-04',
};
const status = (payload: object): Reply => ({
  status: 200,
  payload: { updatedAt: '2026-11-27T09:00:00.000Z', ...payload },
});

const lookUp = async () => {
  let view: ReturnType<typeof renderScreen> | undefined;
  await act(async () => {
    view = renderScreen(<StatusPage />, { path: '/status' });
  });
  fireEvent.change(screen.getByLabelText('Application number'), {
    target: { value: IDENTITY.applicationNumber },
  });
  fireEvent.change(screen.getByLabelText('Passport number'), {
    target: { value: IDENTITY.passportNumber },
  });
  fillDateBoxes('Date of birth', IDENTITY.birthDate);
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Check status' }));
  });
  // The answer's screens load beside the look-up (StatusPage.tsx): once the answer is shown.
  await screen.findByRole('heading', { name: 'Your application' }, { timeout: 5000 });
  return view!;
};

beforeEach(() => {
  window.location.hash = '';
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

describe('/status and the fee', () => {
  it('waiting for payment: the state, the amount and "Pay the fee" with the identity entered', async () => {
    const server = fakeServer({
      'POST /api/status': status({
        status: 'awaiting_payment',
        payment: { amount: 75, currency: 'ILS' },
      }),
      'POST /api/payment': {
        status: 200,
        payload: {
          body: { url: `${window.location.origin}/#pay-75`, amount: 75, currency: 'ILS' },
        },
      },
    });
    const view = await lookUp();
    expect(screen.getByText('Waiting for payment')).toBeTruthy();
    expect(
      screen.getByText(
        'Your application is saved. We start checking it once the fee of 75 NIS is paid.',
      ),
    ).toBeTruthy();
    // Not yet paid: nothing to correct; it may still be withdrawn.
    await act(async () => {
      await import('./CorrectionPanel.tsx');
    });
    expect(screen.queryByRole('heading', { name: 'Correct your details' })).toBeNull();
    expect(screen.getByRole('button', { name: 'E-mail me a code to withdraw' })).toBeTruthy();
    expect(await axeViolations(view.container)).toEqual([]);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Pay the fee' }));
    });
    await vi.waitFor(() => expect(window.location.hash).toBe('#pay-75'));
    expect(server.called('POST /api/payment').map((c) => c.body)).toEqual([IDENTITY]);
    // The cancel page can offer to pay again with the same proof.
    expect(JSON.parse(sessionStorage.getItem('paymentProof') ?? '{}')).toMatchObject(IDENTITY);
  });

  it('already paid (409) when "Pay the fee" is pressed: says so, without a button', async () => {
    fakeServer({
      'POST /api/status': status({
        status: 'awaiting_payment',
        payment: { amount: 25, currency: 'ILS' },
      }),
      'POST /api/payment': {
        status: 409,
        payload: {
          message: 'The fee for this application has already been paid.',
          code: 'alreadyPaid',
        },
      },
    });
    await lookUp();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Pay the fee' }));
    });
    expect(
      screen.getByText(
        'The fee for this application is already paid. You do not need to pay again.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay the fee' })).toBeNull();
  });

  it('paid: "Paid 25 NIS on 27 November 2026" beside the state', async () => {
    const view = await (async () => {
      fakeServer({
        'POST /api/status': status({
          status: 'screening',
          payment: { amount: 25, currency: 'ILS', paidAt: '2026-11-27T08:30:00.000Z' },
        }),
      });
      return lookUp();
    })();
    expect(screen.getByText('Being checked')).toBeTruthy();
    expect(screen.getByText('Fee').nextElementSibling?.textContent).toBe(
      'Paid 25 NIS on 27 November 2026',
    );
    expect(screen.queryByRole('button', { name: 'Pay the fee' })).toBeNull();
    // Paid and not decided: the details may be corrected again.
    expect(await screen.findByRole('heading', { name: 'Correct your details' })).toBeTruthy();
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('expired unpaid: explained, with nothing to pay, correct or withdraw', async () => {
    fakeServer({
      'POST /api/status': status({ status: 'expired', payment: { amount: 25, currency: 'ILS' } }),
    });
    const view = await lookUp();
    expect(screen.getByText('Closed unpaid')).toBeTruthy();
    expect(
      screen.getByText(
        'The fee was not paid within 7 days, so this application was closed without being checked. Nothing was charged. If you still plan to travel, please apply again.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay the fee' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'E-mail me a code to withdraw' })).toBeNull();
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('nothing to pay any more (409 notAwaitingPayment, e.g. it expired meanwhile): says so, not "paid"', async () => {
    fakeServer({
      'POST /api/status': status({
        status: 'awaiting_payment',
        payment: { amount: 25, currency: 'ILS' },
      }),
      'POST /api/payment': {
        status: 409,
        payload: {
          message: 'This application is not waiting for a payment.',
          code: 'notAwaitingPayment',
        },
      },
    });
    await lookUp();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Pay the fee' }));
    });
    expect(
      screen.getByText(
        'This application is not waiting for a payment any more. Please check its status.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/already paid/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pay the fee' })).toBeNull();
  });
});
