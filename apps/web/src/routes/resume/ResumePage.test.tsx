// /resume/:token: the code is asked for and e-mailed, the right code makes the saved draft this
// browser's session at its first unfinished step with the typed values kept; a wrong code is
// shown at the box; an expired link says so with the way to a new application; axe finds nothing.
import { blankDraft, ROUTES, withBearer } from '@eta-il/domain';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readJson, readSession } from '../../session/storage.ts';
import { renderScreen } from '../../test/render.tsx';
import { axeViolations } from '../status/axe.ts';
import { ResumePage } from './ResumePage.tsx';

const TOKEN = 'a'.repeat(43);
const travelDone = {
  ...withBearer(blankDraft(), {
    entryReasonId: { id: 1, Description: 'Tourism' },
    lengthOfStayId: { id: 1, Description: 'Up to a month' },
    estimatedArrivalDate: '2027-03-15',
  }),
  reqMainEmailAddress: 'miriam@example.com',
  reqDisclaimer: 1 as const,
};
const pending = { step: 'passport', values: { passportNum: 'QX7781234' } };

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
    '/api/saved-application/code': {
      status: 200,
      body: { timestamp: 1_700_000_000_000, sentTo: 'm•••@example.com' },
    },
    '/api/saved-application/resume': {
      status: 200,
      body: { draft: travelDone, pending, email: 'miriam@example.com', idToken: 'the-token' },
    },
  };
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const open = async () => {
  let view: ReturnType<typeof renderScreen> | undefined;
  await act(async () => {
    view = renderScreen(<ResumePage />, { path: `/resume/${TOKEN}`, route: ROUTES.resume });
  });
  return view!;
};
const press = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};

describe('ResumePage', () => {
  it('sends a code, and with it begins the session at the first unfinished step', async () => {
    const view = await open();
    expect(screen.getByRole('heading', { name: 'Continue a saved application' })).toBeTruthy();
    await press('Send me a code');
    expect(calls[0]).toEqual({ path: '/api/saved-application/code', body: { token: TOKEN } });
    expect(screen.getByText(/We sent a 6-digit code to m•••@example.com/)).toBeTruthy();
    expect(await axeViolations(view.container)).toEqual([]);

    fireEvent.change(screen.getByLabelText('Code from the e-mail'), {
      target: { value: '123456' },
    });
    await press('Continue my application');
    expect(calls[1]).toEqual({
      path: '/api/saved-application/resume',
      body: { token: TOKEN, code: '123456', timestamp: 1_700_000_000_000 },
    });
    expect(readSession('auth-token')).toBe('the-token');
    expect(readSession('emailAddress')).toBe('miriam@example.com');
    expect(readJson('jsonForm')).toEqual(travelDone);
    expect(readJson('resumeValues')).toEqual(pending);
    expect(readSession('sessionStart')).not.toBeNull();
    // The router left the page (for /passportDetails, the first unfinished step).
    expect(screen.getByTestId('elsewhere')).toBeTruthy();
  });

  it('shows a wrong code at the box and keeps the session empty', async () => {
    answers['/api/saved-application/resume'] = {
      status: 400,
      body: { code: 'codeWrong', message: 'The code is not correct.' },
    };
    await open();
    await press('Send me a code');
    fireEvent.change(screen.getByLabelText('Code from the e-mail'), {
      target: { value: '000000' },
    });
    await press('Continue my application');
    expect(screen.getByLabelText('Code from the e-mail').getAttribute('aria-invalid')).toBe('true');
    expect(readSession('auth-token')).toBeNull();
  });

  it('says an expired link has expired, with a link to start a new application', async () => {
    answers['/api/saved-application/code'] = {
      status: 410,
      body: { code: 'savedApplicationExpired', message: 'expired' },
    };
    const view = await open();
    await press('Send me a code');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toMatch(/has expired: a saved application is kept for 7 days/);
    expect(screen.getByRole('link', { name: 'Start a new application' }).getAttribute('href')).toBe(
      ROUTES.applyStart,
    );
    expect(screen.queryByRole('button', { name: 'Send me a code' })).toBeNull();
    expect(await axeViolations(view.container)).toEqual([]);
  });
});
