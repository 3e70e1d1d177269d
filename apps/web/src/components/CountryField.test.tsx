// A country dropdown held in the form as its composite value (SPEC §3: "id:name:enemy flag"):
// typed to filter by name, chosen with the arrows and Enter; listed by name in the reader's
// language.
import { type Country, countryValue, type MessageId } from '@eta-il/domain';
import { referenceData } from '@eta-il/domain/reference-data';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { renderScreen, testI18n } from '../test/render.tsx';
import { CountryField } from './CountryField.tsx';

const COUNTRIES: readonly Country[] = referenceData.allcountry.filter(
  (c) => c.Exists_Today === 'Y',
);
const byName = (name: string) => COUNTRIES.find((c) => c.Official_country_name === name)!;

let formValue: () => string = () => '';

const BirthCountry = ({ initial = '', error }: { initial?: string; error?: MessageId }) => {
  const form = useForm<{ birthCountry: string }>({ defaultValues: { birthCountry: initial } });
  formValue = () => form.getValues('birthCountry');
  return (
    <CountryField
      control={form.control}
      name="birthCountry"
      label="Country of birth"
      hint="As written in your passport"
      countries={COUNTRIES}
      toValue={countryValue}
      error={error}
    />
  );
};

const input = () => screen.getByRole('combobox', { name: 'Country of birth' }) as HTMLInputElement;
const options = () => screen.queryAllByRole('option').map((o) => o.textContent);

describe('CountryField', () => {
  it('sets the form value to the composite value of the country chosen with ArrowDown and Enter', async () => {
    const user = userEvent.setup();
    renderScreen(<BirthCountry />);
    await user.type(input(), 'Germ');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(formValue()).toBe(countryValue(byName('Germany')));
    expect(formValue()).toBe('276:Germany:N');
    expect(input().value).toBe('Germany');
    expect(options()).toEqual([]);
  });

  it('moves down the filtered list with each ArrowDown', async () => {
    const user = userEvent.setup();
    renderScreen(<BirthCountry />);
    await user.type(input(), 'fra');
    expect(options()).toEqual(['France']);
    await user.clear(input());
    await user.type(input(), 'ra');
    const shown = options();
    expect(shown.length).toBeGreaterThan(1);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(input().value).toBe(shown[1]);
    expect(formValue()).toBe(countryValue(byName(shown[1]!)));
  });

  it('filters by name as the traveller types', async () => {
    const user = userEvent.setup();
    renderScreen(<BirthCountry />);
    await user.type(input(), 'isr');
    expect(options()).toEqual(['Israel']);
    await user.clear(input());
    await user.type(input(), 'GERMANY');
    expect(options()).toEqual(['Germany']);
  });

  it("says 'No entries to show' when no country matches", async () => {
    const user = userEvent.setup();
    renderScreen(<BirthCountry />);
    await user.type(input(), 'zzz');
    expect(options()).toEqual([]);
    expect(screen.getByText('No entries to show')).toBeTruthy();
  });

  it('opens the whole list from its button, sorted by name', async () => {
    const user = userEvent.setup();
    renderScreen(<BirthCountry />);
    await user.click(screen.getByRole('button', { name: 'Show options for Country of birth' }));
    expect(options()).toHaveLength(COUNTRIES.length);
    // The reference data starts Aruba, Afghanistan, Angola, Anguilla, Åland Islands.
    expect(options().slice(0, 5)).toEqual([
      'Afghanistan',
      'Åland Islands',
      'Albania',
      'Algeria',
      'American Samoa',
    ]);
  });

  it('in Hebrew, lists and filters by the Hebrew names; the value keeps the reference name', async () => {
    const user = userEvent.setup();
    const i18n = testI18n();
    await i18n.changeLanguage('he');
    renderScreen(<BirthCountry />, { i18n });
    await user.click(screen.getByRole('button', { name: 'Show options for Country of birth' }));
    // Uganda, Uzbekistan, Austria, Australia, Ukraine.
    expect(options().slice(0, 5)).toEqual([
      'אוגנדה',
      'אוזבקיסטן',
      'אוסטריה',
      'אוסטרליה',
      'אוקראינה',
    ]);
    await user.type(input(), 'ישר');
    expect(options()).toEqual(['ישראל']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(formValue()).toBe(countryValue(byName('Israel')));
  });

  it('shows a stored choice by its name, and clearing the box clears the value', async () => {
    const user = userEvent.setup();
    renderScreen(<BirthCountry initial={countryValue(byName('France'))} />);
    expect(input().value).toBe('France');
    await user.clear(input());
    expect(formValue()).toBe('');
  });

  it('ties an error to the box', () => {
    renderScreen(<BirthCountry error="required" />);
    expect(input().getAttribute('aria-invalid')).toBe('true');
    const described = (input().getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['As written in your passport', 'Error: Required']);
  });
});
