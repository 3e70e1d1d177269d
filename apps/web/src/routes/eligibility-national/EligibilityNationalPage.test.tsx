// SPEC §2 "Eligibility nationality" and §7 GET /api/getalldata: the lists are loaded on opening the
// page and cached under SPEC §3's names; if loading fails, the error page shows. The countries are
// in the order of their names in the reader's language (docs/decisions/027-country-order.md).
import { ROUTES } from '@eta-il/domain';
import { referenceData } from '@eta-il/domain/reference-data';
import { act, fireEvent, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../../components/ErrorScreen.tsx';
import { forgetReferenceData } from '../../session/reference.ts';
import { renderScreen, seedReferenceData, testI18n } from '../../test/render.tsx';
import { EligibilityNationalPage } from './EligibilityNationalPage.tsx';

const open = async (i18n = testI18n()) => {
  await act(async () => {
    renderScreen(
      <ErrorBoundary resetKey={ROUTES.eligibilityNational}>
        <Suspense fallback={<p>loading</p>}>
          <EligibilityNationalPage />
        </Suspense>
      </ErrorBoundary>,
      { path: ROUTES.eligibilityNational, route: ROUTES.eligibilityNational, i18n },
    );
  });
};

beforeEach(() => forgetReferenceData());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('EligibilityNationalPage', () => {
  it('§2 eligibility: a failing reference-data call shows the error page', async () => {
    // React reports the error the boundary catches; that report is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetch = vi.fn(async () => new Response('{"statusCode":500}', { status: 500 }));
    vi.stubGlobal('fetch', fetch);
    await open();
    expect(
      await screen.findByText('Sorry, something has gone wrong. Please check again in few minutes'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to Home' })).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/api/getalldata', expect.anything());
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('§3 reference lists: cached in session storage under purposestay, allCountry, lengthofstay, contentTravelDocumentType, gender, maritalstatus, occupation', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ statusCode: 200, body: referenceData }), { status: 200 }),
      ),
    );
    await open();
    await screen.findByRole('heading', { level: 1 });
    const cached = {
      purposestay: referenceData.entryReasons,
      allCountry: referenceData.allcountry,
      lengthofstay: referenceData.lengthofstay,
      contentTravelDocumentType: referenceData.passportType,
      gender: referenceData.gender,
      maritalstatus: referenceData.maritalstatus,
      occupation: referenceData.occupation,
    };
    for (const [key, list] of Object.entries(cached))
      expect(JSON.parse(sessionStorage.getItem(key) ?? 'null'), key).toEqual(list);
  });

  it('Next is never disabled: with no choice it says what to do, with "Error:" in the title and focus on the list (issue 17)', async () => {
    seedReferenceData();
    await open();
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next.disabled).toBe(false);
    await act(async () => next.click());
    const list = screen.getByRole('combobox', { name: 'Nationality' });
    expect(screen.getByText('Choose your nationality')).toBeTruthy();
    expect(document.activeElement).toBe(list);
    expect(list.getAttribute('aria-invalid')).toBe('true');
    expect(list.getAttribute('aria-describedby')?.split(' ')).toContain('national-error');
    expect(document.title.startsWith('Error: ')).toBe(true);
    expect(screen.queryByTestId('elsewhere')).toBeNull();
    expect(sessionStorage.getItem('national')).toBeNull();
    // A choice puts it right: the message and the prefix go, and Next goes on.
    await act(async () => {
      fireEvent.change(list, {
        target: { value: (screen.getAllByRole('option')[1] as HTMLOptionElement).value },
      });
    });
    expect(screen.queryByText('Choose your nationality')).toBeNull();
    expect(document.title.startsWith('Error: ')).toBe(false);
    await act(async () => next.click());
    expect(screen.getByTestId('elsewhere')).toBeTruthy();
  });

  it('lists the nationalities by name as the language sorts them, and sorts them again when it changes', async () => {
    seedReferenceData();
    const i18n = testI18n();
    await open(i18n);
    const firstFive = () =>
      screen
        .getAllByRole('option')
        .slice(1) // 'Choose'
        .slice(0, 5)
        .map((o) => o.textContent);
    // By country code it was Afghanistan, Angola, Albania, Andorra, United Arab Emirates.
    expect(firstFive()).toEqual(['Afghanistan', 'Albania', 'Algeria', 'Andorra', 'Angola']);
    await act(() => i18n.changeLanguage('he'));
    // Uganda, Uzbekistan, Austria, Australia, Ukraine.
    expect(firstFive()).toEqual(['אוגנדה', 'אוזבקיסטן', 'אוסטריה', 'אוסטרליה', 'אוקראינה']);
    await act(() => i18n.changeLanguage('ar'));
    // Iceland, Ethiopia, Azerbaijan, Armenia, Eritrea.
    expect(firstFive()).toEqual(['آيسلندا', 'إثيوبيا', 'أذربيجان', 'أرمينيا', 'إريتريا']);
  });
});
