// /renew#<token>: the token is read from the fragment, a code is e-mailed, and the right code makes
// the filled-in application this browser's session (with why a step is empty) at its first
// unfinished step, the trip; a wrong code is shown at the box; a used link and a page opened
// without a token say so with the way to a new application; axe finds nothing, in Hebrew too.
import { blankDraft, ROUTES, withBearer } from '@eta-il/domain';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readJson, readSession } from '../../session/storage.ts';
import { renderScreen } from '../../test/render.tsx';
import { axeViolations } from '../status/axe.ts';
import { RenewPage } from './RenewPage.tsx';

const TOKEN = 'r'.repeat(43);
const renewed = {
  ...withBearer(blankDraft(), { firstName: 'MIRIAM', lastName: 'COHEN', birthDate: '1980-03-07' }),
  reqMainEmailAddress: 'miriam@example.com',
};
const notices = [{ traveller: 0, step: 'passport', message: 'renewalPassportExpired' }];

const calls: { path: string; body: Record<string, unknown> }[] = [];
let answers: Record<string, { status: number; body: object }>;
const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
  calls.push({ path, body: JSON.parse(String(init?.body)) as Record<string, unknown> });
  const { status, body } = answers[path] ?? { status: 500, body: {} };
  return new Response(JSON.stringify({ statusCode: status, ...body }), { status });
});

beforeEach(() => {
  calls.length = 0;
  sessionStorage.clear();
  answers = {
    '/api/renewal/code': {
      status: 200,
      body: { timestamp: 1_700_000_000_000, sentTo: 'm•••@example.com' },
    },
    '/api/renewal': {
      status: 200,
      body: {
        draft: renewed,
        notices,
        confirmAgain: ['history'],
        email: 'miriam@example.com',
        idToken: 'the-token',
      },
    },
  };
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const open = async (path = `${ROUTES_RENEW}#${TOKEN}`) => {
  let view: ReturnType<typeof renderScreen> | undefined;
  await act(async () => {
    view = renderScreen(<RenewPage />, { path, route: ROUTES_RENEW });
  });
  return view!;
};
const ROUTES_RENEW = '/renew';
const press = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};

describe('RenewPage', () => {
  it('sends a code for the token of the fragment, and with it begins the renewal at the trip', async () => {
    const view = await open();
    expect(screen.getByRole('heading', { name: 'Renew your ETA-IL' })).toBeTruthy();
    await press('Send me a code');
    expect(calls[0]).toEqual({ path: '/api/renewal/code', body: { token: TOKEN } });
    expect(screen.getByText(/We sent a 6-digit code to m•••@example.com/)).toBeTruthy();
    expect(await axeViolations(view.container)).toEqual([]);

    fireEvent.change(screen.getByLabelText('Code from the e-mail'), {
      target: { value: '123456' },
    });
    await press('Open my renewal');
    expect(calls[1]).toEqual({
      path: '/api/renewal',
      body: { token: TOKEN, code: '123456', timestamp: 1_700_000_000_000 },
    });
    expect(readSession('auth-token')).toBe('the-token');
    expect(readSession('emailAddress')).toBe('miriam@example.com');
    expect(readJson('jsonForm')).toEqual(renewed);
    expect(readJson('renewalNotices')).toEqual(notices);
    // A new session: no review panel is confirmed, every one is checked again.
    expect(readJson('confirmations') ?? null).toBeNull();
    expect(screen.getByTestId('elsewhere')).toBeTruthy();
  });

  it('shows a wrong code at the box and keeps the session empty', async () => {
    answers['/api/renewal'] = {
      status: 400,
      body: { code: 'codeWrong', message: 'The code is not correct.' },
    };
    await open();
    await press('Send me a code');
    fireEvent.change(screen.getByLabelText('Code from the e-mail'), {
      target: { value: '000000' },
    });
    await press('Open my renewal');
    expect(screen.getByLabelText('Code from the e-mail').getAttribute('aria-invalid')).toBe('true');
    expect(readSession('auth-token')).toBeNull();
  });

  it('says a used link is used, with a link to start a new application', async () => {
    answers['/api/renewal/code'] = {
      status: 410,
      body: { code: 'renewalLinkExpired', message: 'used' },
    };
    const view = await open();
    await press('Send me a code');
    expect(screen.getByRole('alert').textContent).toMatch(
      /already been used or is more than 30 days old/,
    );
    expect(screen.getByRole('link', { name: 'Start a new application' }).getAttribute('href')).toBe(
      ROUTES.applyStart,
    );
    expect(screen.queryByRole('button', { name: 'Send me a code' })).toBeNull();
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('opened without a token, it says where the link is and offers no code', async () => {
    await open(ROUTES_RENEW);
    expect(screen.getByRole('alert').textContent).toMatch(/opens only from the renewal link/);
    expect(screen.queryByRole('button', { name: 'Send me a code' })).toBeNull();
    expect(calls).toEqual([]);
  });
});
