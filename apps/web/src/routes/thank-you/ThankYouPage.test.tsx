// SPEC §4 "Submission result" and "Terms gate" on the thank-you page: the application is sent
// once with an Idempotency-Key; each answer status shows its own outcome.
import { type ApplicationDraft, ROUTES } from '@eta-il/domain';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { validDraft } from '../../../../../packages/domain/test/fixtures.ts';
import { forgetFee } from '../../components/fee.ts';
import { testI18n } from '../../test/render.tsx';
import { configReply } from '../../test/server.ts';
import { ThankYouPage } from './ThankYouPage.tsx';

const REQ_NUM = 'IL-2026-000123';
const accepted = {
  statusCode: 200,
  message: 'Submitted',
  body: '',
  firstName: 'JANE MARY',
  familyName: 'DOE',
  emailAddress: 'jane.doe@example.com',
  ReqNum: REQ_NUM,
};

const SEND = '/api/senddatamarom';
/** The submission's answer; /api/config says the fee is waived (the pilot's behaviour). */
const answer = (status: number, body: object) =>
  vi.fn(async (path: string) =>
    path === '/api/config'
      ? new Response(JSON.stringify(configReply(false).payload), { status: 200 })
      : new Response(JSON.stringify(body), { status }),
  );
/** The calls that sent the application. */
const sends = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.filter(([path]) => path === SEND);

const seed = (draft: ApplicationDraft = validDraft()) => {
  sessionStorage.setItem('jsonForm', JSON.stringify(draft));
  sessionStorage.setItem('auth-token', 'token-1');
  sessionStorage.setItem('emailAddress', 'jane.doe@example.com');
  sessionStorage.setItem('confirmations', JSON.stringify({ travel: true }));
};

const Where = () => <p data-testid="location">{useLocation().pathname}</p>;

/** Renders the page as the app does: under StrictMode (effects run twice), at /thankyou. */
const open = async () => {
  let view: ReturnType<typeof render> | undefined;
  await act(async () => {
    view = render(
      <StrictMode>
        <I18nextProvider i18n={testI18n()}>
          <MemoryRouter initialEntries={[ROUTES.thankyou]}>
            <Routes>
              <Route path={ROUTES.thankyou} element={<ThankYouPage />} />
              <Route path="*" element={<Where />} />
            </Routes>
          </MemoryRouter>
        </I18nextProvider>
      </StrictMode>,
    );
  });
  return view!;
};

const keysSent = (fetch: ReturnType<typeof vi.fn>) =>
  sends(fetch)
    .map(([, init]) => (init as RequestInit).headers as Record<string, string>)
    .map((h) => h['Idempotency-Key']);

beforeAll(() => {
  // jsdom has no modal dialogs; the terms dialog only needs to open.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
beforeEach(() => {
  seed();
  forgetFee();
});
afterEach(() => vi.unstubAllGlobals());

describe('ThankYouPage', () => {
  it('200: shows the acknowledgement, clears the session but keeps reqId, and sends once', async () => {
    const fetch = answer(200, accepted);
    vi.stubGlobal('fetch', fetch);
    await open();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank You, JANE MARY' }),
    ).toBeTruthy();
    expect(screen.getByText(REQ_NUM)).toBeTruthy();
    expect(screen.getByText('JANE MARY DOE')).toBeTruthy();
    expect(screen.getByText('Checking application')).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(screen.getByText(/jane\.doe@example\.com/)).toBeTruthy();
    expect(screen.getByText(/within 72 hours/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    expect(
      screen
        .getByRole('link', { name: 'Check the status of your application at any time' })
        .getAttribute('href'),
    ).toBe(`/status?applicationNumber=${encodeURIComponent(REQ_NUM)}`);

    expect(sends(fetch)).toHaveLength(1);
    expect(keysSent(fetch)[0]).toMatch(/^[0-9a-f-]{36}$/);
    for (const key of [
      'jsonForm',
      'auth-token',
      'emailAddress',
      'confirmations',
      'submissionKey',
    ]) {
      expect(sessionStorage.getItem(key)).toBeNull();
    }
    expect(sessionStorage.getItem('reqId')).toBe(REQ_NUM);
  });

  it("a group: each traveller's number to check a status with, the group's reference apart and told not to be one (decision 039)", async () => {
    vi.stubGlobal(
      'fetch',
      answer(200, {
        ...accepted,
        applications: [
          { ReqNum: REQ_NUM, firstName: 'JANE MARY', familyName: 'DOE' },
          { ReqNum: 'IL-2026-000124', firstName: 'JOHN', familyName: 'DOE' },
        ],
        groupNum: 'ILG-ABCD-EFGH',
      }),
    );
    const view = await open();
    await screen.findByRole('heading', { level: 2, name: 'Application numbers' });
    const numbers = view.container.querySelector('.acknowledgement__numbers')!;
    expect([...numbers.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual([
      REQ_NUM,
      'IL-2026-000124',
    ]);
    expect(numbers.textContent).not.toContain('ILG-');
    const group = view.container.querySelector('.acknowledgement__group')!;
    expect(group.querySelector('dt')?.textContent).toBe('Group reference');
    expect(group.querySelector('dd')?.textContent).toBe('ILG-ABCD-EFGH');
    expect(
      screen.getByText(
        "The group reference links the applications above. It is not an application number: to check a status, use each traveller's own application number.",
      ),
    ).toBeTruthy();
  });

  it('one traveller: no group reference', async () => {
    vi.stubGlobal('fetch', answer(200, accepted));
    const view = await open();
    await screen.findByText(REQ_NUM);
    expect(view.container.querySelector('.acknowledgement__group')).toBeNull();
    expect(screen.queryByText(/Group reference/)).toBeNull();
  });

  it("§2 thank you: 'Start a new application' ends the session, begins a new one, returns to the apply page", async () => {
    vi.stubGlobal('fetch', answer(200, accepted));
    sessionStorage.setItem('national', '249:France:N');
    sessionStorage.setItem('language', 'fr');
    await open();
    const start = await screen.findByRole('button', { name: 'Start a new application' });
    const before = Date.now();
    fireEvent.click(start);
    expect((await screen.findByTestId('location')).textContent).toBe(ROUTES.applyStart);
    for (const key of ['reqId', 'acknowledgement', 'national', 'auth-token'])
      expect(sessionStorage.getItem(key)).toBeNull();
    expect(Date.parse(sessionStorage.getItem('sessionStart') ?? '')).toBeGreaterThanOrEqual(
      before - 1000,
    );
    expect(JSON.parse(sessionStorage.getItem('jsonForm') ?? '{}').reqDisclaimer).toBe(0);
    expect(sessionStorage.getItem('language')).toBe('fr');
  });

  it('a reload after 200 shows the stored acknowledgement without sending again', async () => {
    const fetch = answer(200, accepted);
    vi.stubGlobal('fetch', fetch);
    const first = await open();
    await screen.findByText(REQ_NUM);
    first.unmount();

    await open();
    expect(await screen.findByText(REQ_NUM)).toBeTruthy();
    expect(sends(fetch)).toHaveLength(1);
  });

  it('re-sends with the same Idempotency-Key after a network failure, on Try again and on a reload', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetch);
    const first = await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await screen.findByRole('button', { name: 'Try again' });
    first.unmount();
    await open();
    await screen.findByRole('button', { name: 'Try again' });

    const keys = keysSent(fetch);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it('400: shows the error text from the body and its issues, with a way back to the review', async () => {
    const text = 'The passport photo was not found. Please upload it again.';
    vi.stubGlobal(
      'fetch',
      answer(400, {
        statusCode: 400,
        message: text,
        body: JSON.stringify({
          error: text,
          issues: [
            { field: 'photoId', message: 'photoNotFound', severity: 'error', step: 'photo', text },
            {
              field: 'lengthOfStayId',
              message: 'stayOverThreeMonths',
              severity: 'error',
              step: 'travel',
              text: 'It is only possible to submit an ETA-IL request for a visit of less than 3 months',
            },
          ],
        }),
      }),
    );
    await open();
    expect(
      await screen.findByRole('heading', { name: 'Your application could not be sent' }),
    ).toBeTruthy();
    expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    expect(
      screen.getByText(
        'It is only possible to submit an ETA-IL request for a visit of less than 3 months',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go back to the review' }).getAttribute('href')).toBe(
      ROUTES.review,
    );
  });

  it("403: shows 'Data is required'", async () => {
    vi.stubGlobal('fetch', answer(403, { statusCode: 403, message: 'Data is required' }));
    await open();
    expect(await screen.findByText('Data is required')).toBeTruthy();
  });

  it('401 from a session that already sent its application: says so (issue 26)', async () => {
    vi.stubGlobal(
      'fetch',
      answer(401, {
        statusCode: 401,
        code: 'sessionSubmitted',
        message:
          'This application has been submitted, so its session has ended. To apply again, start a new application.',
      }),
    );
    await open();
    expect(
      await screen.findByText(
        'This application has been submitted, so its session has ended. To apply again, start a new application.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Your application could not be sent',
    );
  });

  it('500: shows the error screen', async () => {
    vi.stubGlobal('fetch', answer(500, { statusCode: 500, message: 'Internal Server Error' }));
    await open();
    expect(
      await screen.findByText('Sorry, something has gone wrong. Please check again in few minutes'),
    ).toBeTruthy();
  });

  it('reqDisclaimer 0: the terms dialog comes first and nothing is sent until Continue', async () => {
    seed({ ...validDraft(), reqDisclaimer: 0 });
    const fetch = answer(200, accepted);
    vi.stubGlobal('fetch', fetch);
    await open();

    expect(screen.getByRole('dialog', { name: 'Terms & Conditions' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'I confirm the terms and conditions' }));
    expect(sends(fetch)).toHaveLength(0);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    });

    expect(await screen.findByText(REQ_NUM)).toBeTruthy();
    expect(sends(fetch)).toHaveLength(1);
    const sent = JSON.parse(String((sends(fetch)[0] as unknown as [string, RequestInit])[1].body));
    expect(sent.reqDisclaimer).toBe(1);
  });

  it('without a verified draft or an acknowledgement, goes to the application start', async () => {
    sessionStorage.clear();
    const fetch = answer(200, accepted);
    vi.stubGlobal('fetch', fetch);
    await open();
    expect(screen.getByTestId('location').textContent).toBe(ROUTES.applyStart);
    expect(sends(fetch)).toHaveLength(0);
  });
});
