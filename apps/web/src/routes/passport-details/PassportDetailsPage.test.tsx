import {
  type ApplicationDraft,
  addYearsIso,
  blankDraft,
  CHECK_LOADER_MS,
  countryValue,
  findCountryByCode,
  genderValue,
  partsFromIso,
  passportCountryValue,
  passportStep,
  passportTypeValue,
  ROUTES,
} from '@eta-il/domain';
import { referenceData } from '@eta-il/domain/reference-data';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { todayIso } from '../../components/StepScreen.tsx';
import { readDraft } from '../../session/draft.ts';
import { renderScreen, seedReferenceData } from '../../test/render.tsx';
import { PassportDetailsPage } from './PassportDetailsPage.tsx';

const france = findCountryByCode(referenceData, 'FRA')!;
const type = (id: number) => referenceData.passportType.find((t) => t.docTypeId === id)!;
const today = todayIso();
const inFiveYears = partsFromIso(addYearsIso(today, 5));

const validValues = {
  ...passportStep.blank(),
  passportTypeId: passportTypeValue(type(1)),
  passportNum: 'AB123456',
  passportCountryId: passportCountryValue(france),
  nationalityId: countryValue(france),
  isBiometricPassport: '1',
  lastName: 'SPECIMEN',
  firstName: 'SAMPLE',
  dayPassportIssue: '01',
  monthPassportIssue: '01',
  yearPassportIssue: '2020',
  dayPassportExpire: inFiveYears.day,
  monthPassportExpire: inFiveYears.month,
  yearPassportExpire: inFiveYears.year,
  dayBirth: '15',
  monthBirth: '05',
  yearBirth: '1985',
  birthCountryId: countryValue(france),
  gender: genderValue(referenceData.gender[1]!),
};

const storeDraft = (draft: ApplicationDraft) =>
  sessionStorage.setItem('jsonForm', JSON.stringify(draft));

/** A draft whose passport step was filled with valid answers. */
const filledDraft = () =>
  passportStep.toDraft(validValues, { today, reference: referenceData, draft: blankDraft() });

const answer = (status: number, body: object) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status }));

const Where = () => <p data-testid="location">{useLocation().pathname}</p>;

const open = async () => {
  await act(async () => {
    renderScreen(
      <Routes>
        <Route path={ROUTES.passport} element={<PassportDetailsPage />} />
        <Route path="*" element={<Where />} />
      </Routes>,
      { path: ROUTES.passport },
    );
  });
  return screen.findByRole('heading', { level: 1, name: 'Passport details' });
};

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
const chooseType = (id: number) =>
  fireEvent.change(screen.getByLabelText('Passport type'), {
    target: { value: passportTypeValue(type(id)) },
  });

beforeEach(() => {
  seedReferenceData();
  sessionStorage.setItem('auth-token', 'token-1');
  // jsdom lacks CSS.escape and scrollIntoView, which focusing the first error uses.
  vi.stubGlobal('CSS', { escape: (value: string) => value });
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe('Passport details (SPEC §2, §5 "Passport")', () => {
  it('offers Yes before No for the biometric question, as every yes/no question does', async () => {
    vi.stubGlobal('fetch', answer(200, {}));
    await open();
    const group = screen.getByRole('group', { name: /Is it a biometric passport/ });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['1', '0']);
  });

  it('lists the required errors in page order in the summary, which takes focus', async () => {
    vi.stubGlobal('fetch', answer(200, {}));
    await open();
    next();
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    const items = within(summary)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(items.slice(0, 7)).toEqual([
      'Choose the type of passport',
      'Enter the passport number',
      'Choose the country that issued the passport',
      'Choose the nationality shown in the passport',
      'Choose Yes if the passport has a chip, or No if it does not',
      'Enter the last name as it is in the passport',
      'Enter the first name as it is in the passport',
    ]);
    // Each date is one entry, named by its first box.
    expect(items.slice(7, -2)).toEqual([
      'The date of issue must include a day',
      'The expiry date must include a day',
      'The date of birth must include a day',
    ]);
    expect(items.slice(-2)).toEqual([
      'Choose the country of birth',
      'Choose the gender shown in the passport',
    ]);
    await waitFor(() => expect(document.activeElement?.id).toBe('error-summary'));
    expect(screen.getByLabelText('Passport type').getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('prefills nationality and passport country from the eligibility answer', async () => {
    sessionStorage.setItem('national', passportCountryValue(france));
    await open();
    expect(screen.getByRole('combobox', { name: 'Nationality' })).toHaveProperty('value', 'France');
    expect(screen.getByRole('combobox', { name: 'Passport country' })).toHaveProperty(
      'value',
      'France',
    );
  });

  it('blocks a passport type not valid for ETA-IL (40) with the visa-options banner', async () => {
    vi.stubGlobal('fetch', answer(200, { message: 'Accepted' }));
    storeDraft(filledDraft());
    await open();
    chooseType(40);
    next();
    const banner = (
      await screen.findByText('It is not possible to apply with this type of passport', {
        selector: '.alert p',
      })
    ).closest('.alert') as HTMLElement;
    const link = within(banner).getByRole('link', { name: 'See the available visa options' });
    expect(link.getAttribute('href')).toBe(ROUTES.visaOption);
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('warns about a diplomatic passport (31) with "Please note:" without blocking', async () => {
    vi.stubGlobal('fetch', answer(200, { message: 'Accepted' }));
    storeDraft(filledDraft());
    await open();
    chooseType(31);
    const warning = document.getElementById('passportTypeId-warning');
    expect(warning?.textContent).toMatch(/^Please note:/);
    expect(screen.getByLabelText('Passport type').getAttribute('aria-describedby')).toContain(
      'passportTypeId-warning',
    );
    next();
    expect((await screen.findByTestId('location')).textContent).toBe(ROUTES.personal);
  });

  it('marks the passport country when the server check answers without a message', async () => {
    vi.stubGlobal('fetch', answer(200, { statusCode: 200 }));
    storeDraft(filledDraft());
    await open();
    next();
    const country = screen.getByRole('combobox', { name: 'Passport country' });
    await waitFor(() => expect(country.getAttribute('aria-invalid')).toBe('true'));
    const rejected =
      'It is not possible to submit an ETA-IL request with a passport of this country. You may need to apply for a visa.';
    expect(document.getElementById('passportCountryId-error')?.textContent).toContain(rejected);
    expect(country.getAttribute('aria-describedby')).toContain('passportCountryId-error');
    expect(screen.getByText(rejected, { selector: '.alert p' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(country));
    expect(screen.queryByTestId('location')).toBeNull();
    expect(readDraft().bearerList[0]?.passportTypeId).toEqual(
      filledDraft().bearerList[0]?.passportTypeId,
    );
  });

  it('on an accepted check saves the draft (passport type, document expiry) and goes on', async () => {
    const fetchMock = answer(200, { statusCode: 200, message: 'Accepted' });
    vi.stubGlobal('fetch', fetchMock);
    storeDraft(filledDraft());
    await open();
    chooseType(31);
    const inOneYear = addYearsIso(today, 1);
    fireEvent.change(screen.getByLabelText('Year (YYYY)', { selector: '#yearPassportExpire' }), {
      target: { value: inOneYear.slice(0, 4) },
    });
    next();
    expect((await screen.findByTestId('location')).textContent).toBe(ROUTES.personal);

    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/requestcountryfirststep');
    expect((init.headers as Record<string, string>)['auth-token']).toBe('token-1');
    expect(JSON.parse(init.body as string)).toEqual({
      EXT_COUNTRY_ID: france.EXT_COUNTRY_ID,
      biometric: true,
      Passport_type_for_visa: 'D',
      Valid_for_ETAIL: 'Y',
    });
    const bearer = readDraft().bearerList[0]!;
    expect(bearer.passportTypeId).toEqual({ docTypeId: 31, docTypeDesc: 'Diplomatic passport' });
    // The earlier of passport expiry and two years from today.
    expect(bearer.passportExpireDate).toBe(
      `${inOneYear.slice(0, 4)}-${inFiveYears.month}-${inFiveYears.day}`,
    );
    expect(bearer.bearerDocExpireDate).toBe(bearer.passportExpireDate);
    expect(JSON.parse(sessionStorage.getItem('dataPassportDetails')!)).toMatchObject({
      passportTypeId: passportTypeValue(type(31)),
      yearPassportExpire: inOneYear.slice(0, 4),
    });
  });

  it('shows a spinner and disables the buttons while the country check runs', async () => {
    let reply: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (reply = resolve))),
    );
    storeDraft(filledDraft());
    await open();
    next();
    const status = await screen.findByText('Checking the passport details…', {
      selector: '[role="status"] *',
    });
    expect(status).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    await act(async () => reply(new Response(JSON.stringify({ message: 'Accepted' }))));
    expect((await screen.findByTestId('location')).textContent).toBe(ROUTES.personal);
  });

  it('§9 the passport-check loader stays 2 seconds, then hides (a refused country stays on the page)', async () => {
    vi.stubGlobal('fetch', answer(200, { statusCode: 200 }));
    storeDraft(filledDraft());
    await open();
    const started = Date.now();
    next();
    const loader = () =>
      screen.queryByText('Checking the passport details…', { selector: '[role="status"] *' });
    const country = screen.getByRole('combobox', { name: 'Passport country' });
    await waitFor(() => expect(country.getAttribute('aria-invalid')).toBe('true'));
    // The answer came at once; the loader is still shown and the buttons work again.
    expect(loader()).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', false);
    await waitFor(() => expect(loader()).toBeNull(), { timeout: CHECK_LOADER_MS + 1500 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(CHECK_LOADER_MS - 50);
  });

  it('§5 passport: an enemy nationality can be chosen and, with passport country 710, is accepted', async () => {
    const fetchMock = answer(200, { statusCode: 200, message: 'Accepted' });
    vi.stubGlobal('fetch', fetchMock);
    const southAfrica = findCountryByCode(referenceData, 'ZAF')!;
    storeDraft(filledDraft());
    await open();
    const user = userEvent.setup();
    const nationality = screen.getByRole('combobox', { name: 'Nationality' });
    await user.clear(nationality);
    await user.type(nationality, 'Leban');
    const listbox = document.getElementById(nationality.getAttribute('aria-controls') ?? '')!;
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Lebanon']);
    await user.keyboard('{ArrowDown}{Enter}');
    const passportCountry = screen.getByRole('combobox', { name: 'Passport country' });
    await user.clear(passportCountry);
    await user.type(passportCountry, 'South Africa');
    await user.keyboard('{ArrowDown}{Enter}');
    next();
    expect((await screen.findByTestId('location')).textContent).toBe(ROUTES.personal);
    const bearer = readDraft().bearerList[0]!;
    expect(bearer.nationalityId?.Description).toBe('Lebanon');
    expect(bearer.passportCountryId?.id).toBe(southAfrica.EXT_COUNTRY_ID);
  });

  it('§2 placeholders: text boxes say "Enter here", lists "Choose" (decision 029)', async () => {
    vi.stubGlobal('fetch', answer(200, { statusCode: 200 }));
    await open();
    for (const name of ['Passport number', 'Last name', 'First name'])
      expect(screen.getByRole('textbox', { name }).getAttribute('placeholder')).toBe('Enter here');
    const typeList = screen.getByLabelText('Passport type') as HTMLSelectElement;
    expect(typeList.options[0]?.textContent).toBe('Choose');
  });

  it('in edit mode saves and returns to the review (SPEC §4 "Review" edit mode)', async () => {
    vi.stubGlobal('fetch', answer(200, { statusCode: 200, message: 'Accepted' }));
    storeDraft(filledDraft());
    sessionStorage.setItem('editing', JSON.stringify({ passport: true }));
    await open();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save and go to review' }));
    expect((await screen.findByTestId('location')).textContent).toBe(ROUTES.review);
    expect(JSON.parse(sessionStorage.getItem('editing')!)).toEqual({ passport: false });
  });

  it.each([
    ['a network failure', vi.fn(async () => Promise.reject(new TypeError('offline')))],
    ['a 500 answer', answer(500, { statusCode: 500 })],
  ])('goes to the error page when the country check fails (%s)', async (_, fetchMock) => {
    vi.stubGlobal('fetch', fetchMock);
    storeDraft(filledDraft());
    await open();
    next();
    expect((await screen.findByTestId('location')).textContent).toBe('/error');
    expect(readDraft()).toEqual(filledDraft());
  });
});
