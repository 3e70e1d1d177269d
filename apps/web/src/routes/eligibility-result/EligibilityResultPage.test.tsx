// SPEC §2 "Eligibility result", §4 "Eligibility", §7 POST /api/eligibility: a loader for about
// 2 s, then eligible, not eligible (work, studies, volunteering without a call) or the failure.
import {
  ELIGIBILITY_LOADER_MS,
  entryReasonValue,
  findCountryByCode,
  passportCountryValue,
  ROUTES,
} from '@eta-il/domain';
import { referenceData } from '@eta-il/domain/reference-data';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetFee } from '../../components/fee.ts';
import { currentPath, openScreenAt, seedReferenceData } from '../../test/render.tsx';
import { configReply } from '../../test/server.ts';
import { EligibilityResultPage } from './EligibilityResultPage.tsx';

const france = findCountryByCode(referenceData, 'FRA')!;
const reason = (code: number) => referenceData.entryReasons.find((r) => r.Code === code)!;

/** The eligibility check's answer; /api/config says the fee is charged. */
const answer = (status: number, body: unknown) =>
  vi.fn(async (path: string, _init?: RequestInit) =>
    path === '/api/config'
      ? new Response(JSON.stringify(configReply(true).payload), { status: 200 })
      : new Response(JSON.stringify(body), { status }),
  );
const checks = (fetch: ReturnType<typeof answer>) =>
  fetch.mock.calls.filter(([path]) => path === '/api/eligibility');

const open = async () => {
  await openScreenAt(ROUTES.eligibilityResult, <EligibilityResultPage />);
};
const location = currentPath;
const loader = () => screen.queryByText('Loading...');
const elapse = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};

const ELIGIBLE = 'Based on your answers, you can apply for an ETA-IL';
const NOT_ELIGIBLE =
  'Based on your answers, you cannot apply for an ETA-IL. You may need to apply for a visa or another type of travel document';
const FAILURE =
  'Sorry, there is a problem, we were unable to perform the check. Please try again later.';

beforeEach(() => {
  // The server says the fee is charged, so the cost tooltip is the charged one.
  forgetFee();
  vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-03-01T12:00:00') });
  seedReferenceData();
  sessionStorage.setItem('national', passportCountryValue(france));
  sessionStorage.setItem('mainPurpose', entryReasonValue(reason(1)));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('EligibilityResultPage', () => {
  it('an eligible nationality: the loader for about 2 s, then the success alert, the three facts and Apply', async () => {
    const fetch = answer(200, true);
    vi.stubGlobal('fetch', fetch);
    await open();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your eligibility');
    expect(loader()).toBeTruthy();
    expect(checks(fetch)).toHaveLength(1);
    const [path, init] = checks(fetch)[0]!;
    expect(path).toBe('/api/eligibility');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ COUNTRY_CODE: 'FRA' });
    // The answer is in, but the loader stays for its time.
    await elapse(ELIGIBILITY_LOADER_MS - 200);
    expect(loader()).toBeTruthy();
    expect(screen.queryByText(ELIGIBLE)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start over Eligibility Check' })).toBeNull();
    await elapse(200);
    expect(loader()).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(ELIGIBLE);
    const text = document.body.textContent ?? '';
    for (const fact of [
      'Validity',
      '2 Years or less',
      'Duration',
      'up to 90 Days per visit',
      'Cost',
      '25 NIS application fee',
    ])
      expect(text).toContain(fact);
    expect(
      screen.getByRole('button', { name: 'More about Cost' }).getAttribute('aria-describedby'),
    ).toBeTruthy();
    expect(screen.getByText('The fee is charged for each application.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Apply for an ETA-IL' }).getAttribute('href')).toBe(
      ROUTES.applyStart,
    );
    expect(screen.queryByText(NOT_ELIGIBLE)).toBeNull();
    // The progress header names both answers, and the third step is the current one.
    const steps = screen.getByRole('navigation', { name: 'Application progress' });
    expect(steps.textContent).toContain('France');
    expect(steps.textContent).toContain('Tourism or a private visit');
    expect(steps.querySelector('[aria-current="step"]')?.textContent).toContain('Eligibility');
  });

  it('a refused nationality: not eligible, and "Available visa options" goes to /visa-option', async () => {
    vi.stubGlobal('fetch', answer(200, false));
    await open();
    await elapse(ELIGIBILITY_LOADER_MS);
    expect(screen.getByRole('alert').textContent).toBe(NOT_ELIGIBLE);
    expect(screen.queryByText(ELIGIBLE)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Apply for an ETA-IL' })).toBeNull();
    await act(async () => screen.getByRole('link', { name: 'Available visa options' }).click());
    expect(location()).toBe(ROUTES.visaOption);
  });

  it.each([
    [4, 'Work or employment'],
    [11, 'Studies'],
    [12, 'Volunteering'],
  ])(
    'main purpose %i (%s), which /visa-option says needs a visa, is not eligible without asking the server (decision 037)',
    async (code) => {
      sessionStorage.setItem('mainPurpose', entryReasonValue(reason(code)));
      const fetch = answer(200, true);
      vi.stubGlobal('fetch', fetch);
      await open();
      expect(loader()).toBeTruthy();
      await elapse(ELIGIBILITY_LOADER_MS);
      expect(screen.getByText(NOT_ELIGIBLE)).toBeTruthy();
      expect(checks(fetch)).toHaveLength(0);
    },
  );

  it.each([
    ['a server error', () => answer(500, { statusCode: 500 })],
    ['an answer that is not a boolean', () => answer(200, { statusCode: 200 })],
    [
      'no network',
      () =>
        vi.fn(async () => {
          throw new TypeError('Failed to fetch');
        }),
    ],
  ])('%s shows the failure message, not a verdict', async (_, fetch) => {
    vi.stubGlobal('fetch', fetch());
    await open();
    await elapse(ELIGIBILITY_LOADER_MS);
    expect(screen.getByRole('alert').textContent).toBe(FAILURE);
    expect(screen.queryByText(ELIGIBLE)).toBeNull();
    expect(screen.queryByText(NOT_ELIGIBLE)).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('"Start over Eligibility Check" clears the stored answers only and goes to /EligibilityNational', async () => {
    vi.stubGlobal('fetch', answer(200, true));
    await open();
    await elapse(ELIGIBILITY_LOADER_MS);
    await act(async () =>
      screen.getByRole('button', { name: 'Start over Eligibility Check' }).click(),
    );
    expect(location()).toBe(ROUTES.eligibilityNational);
    expect(sessionStorage.getItem('national')).toBeNull();
    expect(sessionStorage.getItem('mainPurpose')).toBeNull();
    expect(sessionStorage.getItem('allCountry')).not.toBeNull();
  });

  it('without the stored answers goes back to the nationality question and checks nothing', async () => {
    sessionStorage.removeItem('mainPurpose');
    const fetch = answer(200, true);
    vi.stubGlobal('fetch', fetch);
    await open();
    expect(location()).toBe(ROUTES.eligibilityNational);
    await elapse(ELIGIBILITY_LOADER_MS);
    expect(checks(fetch)).toHaveLength(0);
  });
});
