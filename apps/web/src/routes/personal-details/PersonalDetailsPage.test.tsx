// Personal details 1/2 (SPEC §5 "Personal details"), against the domain's real rules and lists.
import { bearerOf, blankDraft, ROUTES, withBearer } from '@eta-il/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { readDraft, writeDraft } from '../../session/draft.ts';
import { renderScreen, seedReferenceData } from '../../test/render.tsx';
import { PersonalDetailsPage } from './PersonalDetailsPage.tsx';

beforeEach(() => {
  seedReferenceData();
  // The passport step is done: a US passport.
  writeDraft(
    withBearer(blankDraft(), {
      passportCountryId: { id: 840, COUNTRY_CODE: 'USA', Description: 'United States of America' },
      birthDate: '1990-05-01',
    }),
  );
});

// The reference lists resolve through React's `use`: let the suspended first render finish.
const open = async () => {
  await act(async () => {
    renderScreen(
      <Suspense>
        <PersonalDetailsPage />
      </Suspense>,
      { path: ROUTES.personal, route: ROUTES.personal },
    );
  });
  return screen.findByText('Personal details', { selector: 'h1' }, WAIT);
};

// Queries by label text: role queries are slow on a form this size in jsdom.
const WAIT = { timeout: 5000 };
const CONTROL = { selector: 'input, select, textarea' };
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, CONTROL), { target: { value } });
const choose = type;
const pickCountry = (label: string, country: string) => {
  type(label, country);
  fireEvent.click(screen.getByText(country, { selector: '[role="option"]' }));
};
const next = () => fireEvent.click(screen.getByText('Next', { selector: 'button' }));
const summary = () => screen.findByText('There is a problem', {}, WAIT);
const summaryLinks = () =>
  [...document.querySelectorAll('.error-summary a')].map((a) => a.getAttribute('href'));

const fillValid = ({ home = 'United States of America' } = {}) => {
  choose('Your marital status', '1:Single');
  type("Father's first name", 'John');
  type("Father's last name", 'Smith');
  type("Mother's first name", 'Mary');
  type("Mother's last name", 'Jones');
  type('Mobile phone number: number', '12121234567');
  pickCountry('Country you live in', home);
  type('Town or city', 'New York');
};

describe('PersonalDetailsPage', { timeout: 20_000 }, () => {
  it('lists the required answers in page order in the error summary, which takes focus', async () => {
    await open();
    next();
    await summary();
    expect(summaryLinks()).toEqual([
      '#maritalStatusId',
      '#fatherFirstName',
      '#fatherLastName',
      '#motherFirstName',
      '#motherLastName',
      '#mobilePhoneNum',
      '#addressCountryId',
      '#addressTownName',
      '#companyOccupationTypeId',
    ]);
    expect(
      screen.getByText('Choose your marital status', { selector: '.error-summary a' }),
    ).toBeTruthy();
    expect(screen.getByLabelText('Your marital status').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement?.id).toBe('error-summary'), WAIT);
  });

  it('occupation codes 1 and 5 (Employed) make company name, role and phone required', async () => {
    await open();
    fillValid();
    expect(screen.queryByLabelText('Name of your employer or business')).toBeNull();
    choose('Your occupation', '1:Employed');
    expect(screen.getByLabelText('Name of your employer or business')).toBeTruthy();
    next();
    await summary();
    expect(summaryLinks()).toEqual(['#companyName', '#companyRole', '#companyPhoneNum']);
    expect(screen.queryByTestId('elsewhere')).toBeNull();
  });

  it('another occupation (Unemployed, 2) hides the employer fields and Next saves them empty', async () => {
    await open();
    fillValid();
    choose('Your occupation', '1:Employed');
    type('Name of your employer or business', 'Acme');
    type('Your job title or role', 'Engineer');
    type('Work phone number: number', '12125550100');
    type('Work email address (optional)', 'boss@acme.com');
    choose('Your occupation', '2:Unemployed');
    expect(screen.queryByLabelText('Your job title or role')).toBeNull();
    next();
    await screen.findByTestId('elsewhere', {}, WAIT);
    const bearer = bearerOf(readDraft());
    expect(bearer.companyOccupationTypeId).toEqual({ id: 2, Description: 'Unemployed' });
    expect([
      bearer.companyName,
      bearer.companyRole,
      bearer.companyPhoneNum,
      bearer.companyEmailAddress,
    ]).toEqual(['', '', '', '']);
    expect(bearer.mobilePhoneNum).toBe('12121234567');
    expect(bearer.addressCountryId).toEqual({ id: 840, Description: 'United States of America' });
  });

  it('allows at most 5 additional nationalities: a 6th cannot be added', async () => {
    await open();
    fireEvent.click(screen.getByLabelText('Yes'));
    const addButton = () => screen.queryByText('Add another nationality', { selector: 'button' });
    const add = () => fireEvent.click(addButton()!);
    const items = () => screen.getAllByLabelText(/^Additional nationality \d$/, CONTROL);
    for (let i = 0; i < 4; i += 1) add();
    expect(items()).toHaveLength(5);
    expect(addButton()).toBeNull();
    expect(screen.getByText('You have added the most nationalities you can (5).')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Additional nationality 5' }));
    expect(items()).toHaveLength(4);
    expect(addButton()).toBeTruthy();
  });

  it('an additional nationality is judged on its own: Israeli warns at once, Palestinian blocks until removed', async () => {
    await open();
    fireEvent.click(screen.getByLabelText('Yes'));
    pickCountry('Additional nationality 1', 'Israel');
    const israeli = screen.getByText(
      'Please note: Israeli citizens must enter and leave Israel with an Israeli passport.',
    );
    expect(israeli.id).toBe('anotherNationalityArray.0-warning');
    fireEvent.click(screen.getByText('Add another nationality', { selector: 'button' }));
    pickCountry('Additional nationality 2', 'State of Palestine');
    fillValid();
    choose('Your occupation', '3:Student');
    next();
    await summary();
    expect(summaryLinks()).toEqual(['#anotherNationalityArray']);
    const input = screen.getByLabelText('Additional nationality 2', CONTROL);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(/with a Palestinian nationality/)).toHaveLength(3); // summary, field, banner
    expect(
      screen.getByLabelText('Additional nationality 1', CONTROL).getAttribute('aria-invalid'),
    ).toBeNull();
    expect(screen.queryByTestId('elsewhere')).toBeNull();
    // Removing the refused nationality clears the list's error and its banner.
    fireEvent.click(screen.getByRole('button', { name: 'Remove Additional nationality 2' }));
    await waitFor(
      () => expect(screen.queryByText(/with a Palestinian nationality/)).toBeNull(),
      WAIT,
    );
    expect(screen.queryByText('There is a problem')).toBeNull();
  });

  it('an enemy home country (Lebanon) with a passport country other than 710 blocks with the banner', async () => {
    await open();
    fillValid({ home: 'Lebanon' });
    choose('Your occupation', '4:Retired');
    next();
    const banner = await screen.findByText(
      'It is not possible to submit an ETA-IL request from this home country.',
      { selector: '.alert p' },
      WAIT,
    );
    const alert = banner.closest('.alert') as HTMLElement;
    expect(within(alert).getByText('See the available visa options').getAttribute('href')).toBe(
      ROUTES.visaOption,
    );
    expect(summaryLinks()).toEqual(['#addressCountryId']);
    expect(screen.queryByTestId('elsewhere')).toBeNull();
    expect(bearerOf(readDraft()).addressCountryId).toBeNull();
  });
});

// Issue 25 item 6 (decision 041): phones typed as dialled in the passport's country.
describe('PersonalDetailsPage: phones as people type them', { timeout: 20_000 }, () => {
  const withPassport = (id: number, code: string, name: string) =>
    writeDraft(
      withBearer(blankDraft(), {
        passportCountryId: { id, COUNTRY_CODE: code, Description: name },
        birthDate: '1990-05-01',
      }),
    );
  const mobile = () => screen.getByLabelText('Mobile phone number: number', CONTROL);
  const saved = async () => {
    next();
    await screen.findByTestId('elsewhere', {}, WAIT);
    return bearerOf(readDraft()).mobilePhoneNum;
  };

  it('UK national with a British passport: the country preset, 07700 900123 saved as +44', async () => {
    withPassport(826, 'GBR', 'United Kingdom');
    await open();
    const country = screen.getByLabelText('Mobile phone number: country code', CONTROL);
    expect((country as HTMLInputElement).value).toBe('🇬🇧 +44 United Kingdom');
    expect((mobile() as HTMLInputElement).placeholder).toBe('07400 123456');
    fillValid();
    type('Mobile phone number: number', '07700 900123');
    fireEvent.blur(mobile());
    expect((mobile() as HTMLInputElement).value).toBe('+44 7700 900123');
    choose('Your occupation', '2:Unemployed');
    expect(await saved()).toBe('447700900123');
  });

  it('US: (212) 555-1234 with a US passport is saved as +1 212 555 1234', async () => {
    await open();
    fillValid();
    type('Mobile phone number: number', '(212) 555-1234');
    choose('Your occupation', '2:Unemployed');
    expect(await saved()).toBe('12125551234');
  });

  it('Israeli: 050-123-4567 with the country chosen is saved as +972 50 123 4567', async () => {
    await open();
    fillValid();
    type('Mobile phone number: country code', 'israel');
    const israel = await screen.findAllByRole('option', { name: /Israel/ }, WAIT);
    fireEvent.click(israel[0] as HTMLElement);
    type('Mobile phone number: number', '050-123-4567');
    choose('Your occupation', '2:Unemployed');
    expect(await saved()).toBe('972501234567');
  });

  it('impossible: refused in the summary and at the field, naming the country', async () => {
    withPassport(826, 'GBR', 'United Kingdom');
    await open();
    fillValid();
    type('Mobile phone number: number', '07700 9001234');
    choose('Your occupation', '2:Unemployed');
    next();
    await summary();
    const text =
      'This is not a possible phone number for this country: United Kingdom. Check the number and the country.';
    expect(document.querySelector('.error-summary a[href="#mobilePhoneNum"]')?.textContent).toBe(
      `Mobile phone number: ${text}`,
    );
    expect(screen.getByText(text, { selector: '.field__error', exact: false })).toBeTruthy();
    expect(mobile().getAttribute('aria-invalid')).toBe('true');
    expect(bearerOf(readDraft()).mobilePhoneNum).toBe('');
  });
});
