// The /status correction's mobile phone (issue 25 item 6, decision 041): typed with + (or 00) it is
// checked in the browser by the domain's rule and sent as the international number's digits;
// typed as dialled at home (a leading 0) it is sent as digits for the server to read in the
// passport's country; an impossible number is refused at the field, naming the country.
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fillDateBoxes } from '../../test/dateBoxes.ts';
import { renderScreen } from '../../test/render.tsx';
import { StatusPage } from './StatusPage.tsx';

type Answer = { status: number; payload: object };
const calls: { path: string; body: Record<string, unknown> }[] = [];
let answers: Record<string, Answer[]>;

const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
  calls.push({ path, body: JSON.parse(String(init?.body)) as Record<string, unknown> });
  const queue = answers[path] ?? [];
  const answer = (queue.length > 1 ? queue.shift() : queue[0]) ?? { status: 500, payload: {} };
  return new Response(JSON.stringify({ statusCode: answer.status, ...answer.payload }), {
    status: answer.status,
  });
});

beforeEach(() => {
  calls.length = 0;
  answers = {
    '/api/status': [
      { status: 200, payload: { status: 'submitted', updatedAt: '2026-11-22T09:00:00.000Z' } },
    ],
    '/api/status/correction/code': [
      { status: 200, payload: { timestamp: 1_760_000_000_000, sentTo: 'j•••@example.com' } },
    ],
  };
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string) =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
const openCorrection = async () => {
  await act(async () => {
    renderScreen(<StatusPage />, { path: '/status' });
  });
  fill('Application number', 'IL-1234-5678');
  fill('Passport number', 'AB1234567');
  fillDateBoxes('Date of birth', '1990-07-04');
  await click('Check status');
  // The correction panel is loaded on demand.
  await screen.findByLabelText('New mobile phone number', {}, { timeout: 5000 });
};
const phone = () => screen.getByLabelText('New mobile phone number');
const NOT_POSSIBLE_IN_GB =
  'This is not a possible phone number for this country: United Kingdom. Check the number and the country.';
const sentChanges = () => calls.findLast((c) => c.path === '/api/status/correction')?.body.changes;

describe('the correction of the mobile phone', () => {
  it('an impossible number is refused in the browser, naming its country; no code is sent', async () => {
    await openCorrection();
    fill('New mobile phone number', '+44 7700 9001234');
    await click('E-mail me a code to confirm');
    expect(phone().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(NOT_POSSIBLE_IN_GB, { exact: false })).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/status/correction/code')).toBe(false);
  });

  it('a number with + is sent as the international digits', async () => {
    answers['/api/status/correction'] = [{ status: 200, payload: { changes: [] } }];
    await openCorrection();
    fill('New mobile phone number', '+44 7700 900123');
    await click('E-mail me a code to confirm');
    fill('Code from the e-mail', '123456');
    await click('Save the changes');
    expect(sentChanges()).toEqual({ mobilePhoneNum: '447700900123' });
  });

  it('a national number goes as digits; the server’s refusal names the passport’s country', async () => {
    answers['/api/status/correction'] = [
      {
        status: 400,
        payload: {
          code: 'phoneNotPossible',
          issues: [
            {
              field: 'mobilePhoneNum',
              message: 'phoneNotPossible',
              step: 'personal',
              values: { country: 'GB' },
            },
          ],
        },
      },
    ];
    await openCorrection();
    fill('New mobile phone number', '07700 9001234');
    await click('E-mail me a code to confirm');
    fill('Code from the e-mail', '123456');
    await click('Save the changes');
    expect(sentChanges()).toEqual({ mobilePhoneNum: '077009001234' });
    expect(phone().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(NOT_POSSIBLE_IN_GB, { exact: false })).toBeTruthy();
  });
});
