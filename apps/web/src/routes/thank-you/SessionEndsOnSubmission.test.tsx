// Issue 26: a session ends with its submission. Once the application is accepted, the session's
// timers stop: the acknowledgement never shows the 30-minute question or the 60-minute end, and
// nothing tries to renew the token (the server would refuse it: the session is revoked).
import { ROUTES, SESSION_VALIDITY_MS, SESSION_WARNING_MS } from '@eta-il/domain';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { validDraft } from '../../../../../packages/domain/test/fixtures.ts';
import { SessionTimers } from '../../session/SessionTimers.tsx';
import { testI18n } from '../../test/render.tsx';
import { ThankYouPage } from './ThankYouPage.tsx';

const START = Date.parse('2026-11-24T08:00:00Z');
const MINUTE = 60_000;
const REQ_NUM = 'IL-2026-000123';
const paths: string[] = [];

beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});

beforeEach(() => {
  vi.useFakeTimers({
    now: START,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  paths.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      paths.push(path);
      const body = path.startsWith('/api/senddatamarom')
        ? {
            statusCode: 200,
            message: 'Submitted',
            firstName: 'JANE MARY',
            familyName: 'DOE',
            emailAddress: 'jane.doe@example.com',
            ReqNum: REQ_NUM,
          }
        : { statusCode: 200, body: { idToken: 'renewed-token' } };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
  // A session begun 25 minutes ago, with every step done: the traveller is on the review.
  sessionStorage.setItem('sessionStart', new Date(START - 25 * MINUTE).toISOString());
  sessionStorage.setItem('jsonForm', JSON.stringify(validDraft()));
  sessionStorage.setItem('auth-token', 'token-1');
  sessionStorage.setItem('emailAddress', 'jane.doe@example.com');
  sessionStorage.setItem('confirmations', JSON.stringify({ travel: true }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

/** The app's frame: the timers beside the routes, the review's button leading to /thankyou. */
const openReview = () =>
  render(
    <I18nextProvider i18n={testI18n()}>
      <MemoryRouter initialEntries={[ROUTES.review]}>
        <Routes>
          <Route path={ROUTES.review} element={<Link to={ROUTES.thankyou}>Send</Link>} />
          <Route path={ROUTES.thankyou} element={<ThankYouPage />} />
        </Routes>
        <SessionTimers />
      </MemoryRouter>
    </I18nextProvider>,
  );

const advance = (ms: number) =>
  act(async () => {
    vi.advanceTimersByTime(ms);
  });
const dialogs = () =>
  screen.queryAllByRole('dialog').map((d) => d.querySelector('h2')?.textContent);

describe('the session after its submission', () => {
  it('before sending, the review asks at 30 minutes whether to go on (the control)', async () => {
    openReview();
    await advance(SESSION_WARNING_MS - 25 * MINUTE);
    expect(dialogs()).toEqual(['Do you want to continue?']);
  });

  it('once accepted, the acknowledgement never warns, never ends, and renews nothing', async () => {
    openReview();
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Send' }));
    });
    await act(() => vi.waitFor(() => expect(screen.getByText(REQ_NUM)).toBeTruthy()));
    expect(sessionStorage.getItem('sessionStart')).toBeNull();
    expect(sessionStorage.getItem('auth-token')).toBeNull();

    // Past the question (at 30 minutes) and the end (at 60), and long after.
    await advance(SESSION_WARNING_MS - 25 * MINUTE + MINUTE);
    expect(dialogs()).toEqual([]);
    await advance(SESSION_VALIDITY_MS);
    expect(dialogs()).toEqual([]);
    expect(screen.getByText(REQ_NUM)).toBeTruthy();
    // Sent once, and the session never renewed (the acknowledgement may still ask for the fee's
    // terms and a payment page: those need no session).
    expect(paths.filter((p) => p.startsWith('/api/senddatamarom'))).toHaveLength(1);
    expect(paths.filter((p) => p.startsWith('/api/deletecognitouser'))).toEqual([]);
  });
});
