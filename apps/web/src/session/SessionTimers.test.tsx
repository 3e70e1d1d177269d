// SPEC §4 "Session": the first popup's 'yes' refreshes the token (the call of §7) and leaves the
// 60-minute clock alone; at the end every session value but the reader's language is wiped.
import { SESSION_VALIDITY_MS, SESSION_WARNING_MS } from '@eta-il/domain';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/render.tsx';
import { SessionTimers } from './SessionTimers.tsx';

const START = Date.parse('2026-11-24T08:00:00Z');
const calls: { path: string; headers: Record<string, string>; body: Record<string, unknown> }[] =
  [];
let refreshStatus = 200;

beforeAll(async () => {
  // The refresh call's module loads on demand (off the first page); have it loaded.
  await import('../api/calls.ts');
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
  calls.length = 0;
  refreshStatus = 200;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      calls.push({
        path,
        headers: init?.headers as Record<string, string>,
        body: JSON.parse(String(init?.body)) as Record<string, unknown>,
      });
      return new Response(
        JSON.stringify({ statusCode: refreshStatus, body: { idToken: 'renewed-token' } }),
        { status: refreshStatus },
      );
    }),
  );
  sessionStorage.setItem('sessionStart', new Date(START).toISOString());
  sessionStorage.setItem('emailAddress', 'anna@example.com');
  sessionStorage.setItem('auth-token', 'first-token');
  sessionStorage.setItem('jsonForm', '{"reqDisclaimer":1}');
  sessionStorage.setItem('national', '249:France:N');
  sessionStorage.setItem('mainPurpose', '1:Tourism:Y');
  sessionStorage.setItem('language', 'fr');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const advance = (ms: number) =>
  act(async () => {
    vi.advanceTimersByTime(ms);
  });
/** Waits for the refresh started by 'yes' (its module loads on demand), moving the clock 1 ms a try. */
const settled = (done: () => void) => act(() => vi.waitFor(done, { interval: 1, timeout: 2000 }));

const dialogTitles = () =>
  screen.queryAllByRole('dialog').map((d) => d.querySelector('h2')?.textContent);

describe('SessionTimers', () => {
  it('the first popup says how many minutes are left and until when, and counts down', async () => {
    renderScreen(<SessionTimers />, { path: '/travelInfo' });
    await advance(SESSION_WARNING_MS);
    const end = new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(
      START + SESSION_VALIDITY_MS,
    );
    const text = () => screen.getByRole('dialog').querySelector('p')?.textContent;
    expect(text()).toBe(
      `For your security the session ends 60 minutes after it began: 30 minutes left, until ${end}. Press Yes to continue.`,
    );
    await advance(15 * 60_000);
    expect(text()).toContain(': 15 minutes left,');
    await advance(14 * 60_000 + 30_000);
    expect(text()).toContain(': 1 minute left,');
  });

  it('§4 session: "yes" refreshes the token with the refresh call and does not restart the 60-minute clock', async () => {
    renderScreen(<SessionTimers />, { path: '/travelInfo' });
    await advance(SESSION_WARNING_MS - 1000);
    expect(dialogTitles()).toEqual([]);
    await advance(1000);
    expect(dialogTitles()).toEqual(['Do you want to continue?']);

    fireEvent.click(screen.getByRole('button', { name: 'Yes, continue' }));
    await settled(() => expect(sessionStorage.getItem('auth-token')).toBe('renewed-token'));
    expect(calls).toEqual([
      {
        path: '/api/deletecognitouser',
        headers: expect.objectContaining({ 'auth-token': 'first-token' }),
        body: { email: 'anna@example.com', render: 'refreshToken' },
      },
    ]);
    expect(sessionStorage.getItem('auth-token')).toBe('renewed-token');
    expect(sessionStorage.getItem('sessionStart')).toBe(new Date(START).toISOString());
    expect(dialogTitles()).toEqual([]);

    // 60 minutes after the start, not after the answer, the session ends.
    await advance(SESSION_VALIDITY_MS - SESSION_WARNING_MS - 1000);
    expect(dialogTitles()).toEqual([]);
    await advance(1000);
    expect(dialogTitles()).toEqual(['Your session has ended']);
  });

  it('§4 session: a failed token refresh is silent and keeps the old token', async () => {
    refreshStatus = 500;
    renderScreen(<SessionTimers />, { path: '/travelInfo' });
    await advance(SESSION_WARNING_MS);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, continue' }));
    await settled(() => expect(calls).toHaveLength(1));
    await act(async () => {});
    expect(calls.map((c) => c.body.render)).toEqual(['refreshToken']);
    expect(sessionStorage.getItem('auth-token')).toBe('first-token');
    expect(dialogTitles()).toEqual([]);
  });

  it('a renewal answered after the session ended (its application sent meanwhile) is dropped', async () => {
    let answerRefresh: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answerRefresh = resolve;
          }),
      ),
    );
    renderScreen(<SessionTimers />, { path: '/review' });
    await advance(SESSION_WARNING_MS);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, continue' }));
    await settled(() => expect(fetch).toHaveBeenCalledTimes(1));
    // The application is sent and accepted: the session's data goes (thank-you/submission.ts).
    sessionStorage.clear();
    await act(async () => {
      answerRefresh(
        new Response(JSON.stringify({ statusCode: 200, body: { idToken: 'late-token' } })),
      );
    });
    await act(async () => {});
    expect(sessionStorage.getItem('auth-token')).toBeNull();
  });

  it('§4 session: at the end all session storage is wiped, eligibility answers too; the language stays', async () => {
    renderScreen(<SessionTimers />, { path: '/passportDetails' });
    await advance(SESSION_VALIDITY_MS);
    expect(dialogTitles()).toEqual(['Your session has ended']);
    expect(Object.keys(sessionStorage)).toEqual(['language']);
    expect(calls).toEqual([]);
  });
});
