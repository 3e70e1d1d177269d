// Issue 27 on the thank-you page: when the fee is due, the application just sent goes straight to
// the provider's payment page (POST /api/payment with the first traveller's proof); if that page
// cannot be opened the acknowledgement says the application waits for payment and "Pay the fee"
// tries again; a reload offers the button rather than leaving on its own; a family pays for all.
// The provider's page is a same-document address here (a hash), which jsdom can go to.
import { bearerOf, ROUTES } from '@eta-il/domain';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { validDraft } from '../../../../../packages/domain/test/fixtures.ts';
import { forgetFee } from '../../components/fee.ts';
import { testI18n } from '../../test/render.tsx';
import { configReply, fakeServer, type Reply } from '../../test/server.ts';
import { axeViolations } from '../status/axe.ts';
import { ThankYouPage } from './ThankYouPage.tsx';

const REQ_NUM = 'IL-2026-000123';
const PROVIDER_PAGE = `${window.location.origin}/#provider-page`;
const accepted = (applications?: { ReqNum: string; firstName: string; familyName: string }[]) => ({
  status: 200,
  payload: {
    message: 'Submitted',
    body: '',
    firstName: 'JANE MARY',
    familyName: 'DOE',
    emailAddress: 'jane.doe@example.com',
    ReqNum: REQ_NUM,
    ...(applications && { applications, groupNum: 'ILG-ABCD-EFGH' }),
  },
});
const paymentPage: Reply = {
  status: 200,
  payload: { body: { url: PROVIDER_PAGE, amount: 25, currency: 'ILS' } },
};
const providerDown: Reply = {
  status: 503,
  payload: { message: 'The payment provider does not answer. Your application waits.' },
};

const open = async () => {
  let view: ReturnType<typeof render> | undefined;
  await act(async () => {
    view = render(
      <StrictMode>
        <I18nextProvider i18n={testI18n()}>
          <MemoryRouter initialEntries={[ROUTES.thankyou]}>
            <Routes>
              <Route path={ROUTES.thankyou} element={<ThankYouPage />} />
            </Routes>
          </MemoryRouter>
        </I18nextProvider>
      </StrictMode>,
    );
  });
  return view!;
};

const draft = validDraft();
beforeEach(() => {
  forgetFee();
  window.location.hash = '';
  sessionStorage.setItem('jsonForm', JSON.stringify(draft));
  sessionStorage.setItem('auth-token', 'token-1');
  sessionStorage.setItem('emailAddress', 'jane.doe@example.com');
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

describe('the fee after Submit', () => {
  it('due: goes straight to the payment page, asked with the first traveller’s number, passport and birth date', async () => {
    const server = fakeServer({
      'GET /api/config': configReply(true),
      'POST /api/senddatamarom': accepted(),
      'POST /api/payment': paymentPage,
    });
    await open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Taking you to the payment page' }),
    ).toBeTruthy();
    await vi.waitFor(() => expect(window.location.hash).toBe('#provider-page'));
    expect(server.called('POST /api/payment').map((c) => c.body)).toEqual([
      {
        applicationNumber: REQ_NUM,
        passportNumber: bearerOf(draft).passportNum,
        birthDate: bearerOf(draft).birthDate,
      },
    ]);
  });

  it('provider down (503): the acknowledgement says it is saved and waits for payment; "Pay the fee" tries again', async () => {
    const server = fakeServer({
      'GET /api/config': configReply(true),
      'POST /api/senddatamarom': accepted(),
      'POST /api/payment': [providerDown, paymentPage],
    });
    const view = await open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank You, JANE MARY' }),
    ).toBeTruthy();
    expect(screen.getByText('Waiting for payment')).toBeTruthy();
    expect(
      screen.getByText(
        'Your application is saved. We start checking it once the fee of 25 NIS is paid.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'We could not open the payment page just now. Your application is saved and waits for payment. Please try again in a few minutes.',
    );
    expect(await axeViolations(view.container)).toEqual([]);
    expect(window.location.hash).toBe('');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Pay the fee' }));
    });
    await vi.waitFor(() => expect(window.location.hash).toBe('#provider-page'));
    expect(server.called('POST /api/payment')).toHaveLength(2);
  });

  it('a network failure is told the same way, and nothing is lost', async () => {
    const server = fakeServer({
      'GET /api/config': configReply(true),
      'POST /api/senddatamarom': accepted(),
    });
    server.fetch.mockImplementation(async (path: string) => {
      if (path === '/api/payment') throw new TypeError('Failed to fetch');
      return path === '/api/config'
        ? new Response(JSON.stringify(configReply(true).payload))
        : new Response(JSON.stringify(accepted().payload));
    });
    await open();
    expect(await screen.findByRole('button', { name: 'Pay the fee' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Your application is saved');
    expect(sessionStorage.getItem('reqId')).toBe(REQ_NUM);
  });

  it('a reload offers "Pay the fee" with its amount and date, and does not leave on its own', async () => {
    const server = fakeServer({
      'GET /api/config': configReply(true),
      'POST /api/senddatamarom': accepted(),
      'POST /api/payment': paymentPage,
    });
    const first = await open();
    await vi.waitFor(() => expect(window.location.hash).toBe('#provider-page'));
    first.unmount();
    window.location.hash = '';

    await open();
    expect(await screen.findByRole('button', { name: 'Pay the fee' })).toBeTruthy();
    expect(screen.getByText(/once the fee of 25 NIS is paid/)).toBeTruthy();
    const payBy = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const [year, month, day] = payBy.split('-').map(Number);
    const words = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(Date.UTC(year!, month! - 1, day!));
    expect(screen.getByText(`Please pay by ${words}.`, { exact: false })).toBeTruthy();
    expect(server.called('POST /api/payment')).toHaveLength(1);
    expect(server.called('POST /api/senddatamarom')).toHaveLength(1);
  });

  it('a family of three pays once, for all: 75 NIS', async () => {
    fakeServer({
      'GET /api/config': configReply(true),
      'POST /api/senddatamarom': accepted([
        { ReqNum: REQ_NUM, firstName: 'JANE MARY', familyName: 'DOE' },
        { ReqNum: 'IL-2026-000124', firstName: 'JOHN', familyName: 'DOE' },
        { ReqNum: 'IL-2026-000125', firstName: 'JIM', familyName: 'DOE' },
      ]),
      'POST /api/payment': providerDown,
    });
    await open();
    expect(
      await screen.findByText(
        'Your application is saved. We start checking it once the fee of 75 NIS is paid.',
      ),
    ).toBeTruthy();
  });

  it('waived: the acknowledgement as in the pilot, and no payment is asked for', async () => {
    const server = fakeServer({
      'GET /api/config': configReply(false),
      'POST /api/senddatamarom': accepted(),
    });
    await open();
    expect(await screen.findByText('Checking application')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay the fee' })).toBeNull();
    expect(server.called('POST /api/payment')).toHaveLength(0);
  });
});
