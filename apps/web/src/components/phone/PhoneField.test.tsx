// SPEC §5 "Personal details" (phones: digits only, input stops at 15) and "Phone input" (country
// search by dial code, ISO code or name, from 2 characters, debounced 250 ms); numbers typed as
// dialled in the traveller's country (decision 041).
import { type CountryCode, type MessageId, PHONE_SEARCH_DEBOUNCE_MS } from '@eta-il/domain';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render.tsx';
import { PhoneField } from './PhoneField.tsx';

let phoneValue = '';

const Phone = ({
  initial = '',
  error,
  required = true,
  homeCountry,
}: {
  initial?: string;
  error?: MessageId;
  required?: boolean;
  homeCountry?: CountryCode;
}) => {
  const [value, setValue] = useState(initial);
  phoneValue = value;
  return (
    <PhoneField
      name="mobilePhoneNum"
      label="Mobile phone"
      hint="With the country code"
      value={value}
      onChange={setValue}
      error={error}
      required={required}
      homeCountry={homeCountry}
    />
  );
};

const number = () =>
  screen.getByRole('textbox', { name: 'Mobile phone: number' }) as HTMLInputElement;
const countryBox = () =>
  screen.getByRole('combobox', { name: 'Mobile phone: country code' }) as HTMLInputElement;
const optionTexts = () => screen.queryAllByRole('option').map((o) => o.textContent);

afterEach(() => {
  vi.useRealTimers();
});

// Typing into the country search is slow on a busy machine.
describe('PhoneField (SPEC §5 "Phone input")', { timeout: 20_000 }, () => {
  it('shows an example number of the country as dialled there, not a US one', () => {
    const { unmount } = renderScreen(<Phone homeCountry="GB" />);
    expect(number().placeholder).toBe('07400 123456');
    expect(countryBox().value).toBe('🇬🇧 +44 United Kingdom');
    unmount();
    renderScreen(<Phone homeCountry="IL" />);
    expect(number().placeholder).toBe('050-234-5678');
  });

  it('UK national: 07700 900123 with a British passport is +44 7700 900123', async () => {
    const user = userEvent.setup();
    renderScreen(<Phone homeCountry="GB" />);
    await user.type(number(), '07700 900123');
    expect(phoneValue).toBe('447700900123');
    expect(number().value).toBe('07700 900123');
    await user.tab();
    expect(number().value).toBe('+44 7700 900123');
    expect(countryBox().value).toBe('🇬🇧 +44 United Kingdom');
  });

  it('US: (212) 555-1234 with a US passport is +1 212 555 1234', async () => {
    const user = userEvent.setup();
    renderScreen(<Phone homeCountry="US" />);
    await user.type(number(), '(212) 555-1234');
    expect(phoneValue).toBe('12125551234');
    await user.tab();
    expect(number().value).toBe('+1 212 555 1234');
  });

  it('Israeli: 050-123-4567 with an Israeli country is +972 50 123 4567', async () => {
    const user = userEvent.setup();
    renderScreen(<Phone homeCountry="IL" />);
    await user.type(number(), '050-123-4567');
    expect(phoneValue).toBe('972501234567');
    await user.tab();
    expect(number().value).toBe('+972 50 123 4567');
  });

  it('reads a number typed as dialled again in the country chosen', async () => {
    const user = userEvent.setup();
    renderScreen(<Phone homeCountry="GB" />);
    await user.type(number(), '050-123-4567');
    expect(phoneValue).toBe('44501234567');
    await user.clear(countryBox());
    await user.type(countryBox(), 'isr');
    await user.click(await screen.findByRole('option', { name: 'Israel +972' }));
    expect(phoneValue).toBe('972501234567');
    expect(countryBox().value).toBe('🇮🇱 +972 Israel');
  });

  it('a number typed with + (or 00) is international, whatever the country', async () => {
    const user = userEvent.setup();
    renderScreen(<Phone homeCountry="GB" />);
    await user.type(number(), '+44 (20) 7946-0958');
    expect(number().value).toBe('+44 (20) 7946-0958');
    expect(phoneValue).toBe('442079460958');
    // The spaces, brackets, plus and dash of a formatted number are no refusal.
    expect(screen.getByRole('status').textContent).toBe('');
    await user.clear(number());
    await user.type(number(), '00972 50 123 4567');
    expect(phoneValue).toBe('972501234567');
    expect(countryBox().value).toBe('🇮🇱 +972 Israel');
  });

  it('impossible: the message names the country the number is not possible for', () => {
    renderScreen(<Phone initial="4477009001234" error="phoneNotPossible" />);
    expect(screen.getByText(/not a possible phone number/).textContent).toBe(
      'Error: This is not a possible phone number for this country: United Kingdom. Check the number and the country.',
    );
  });

  it('says so, as a status, when a letter typed into the number is refused (issue 17)', async () => {
    const user = userEvent.setup();
    renderScreen(<Phone />);
    await user.type(number(), '44a');
    expect(phoneValue).toBe('44');
    expect(number().value).toBe('44');
    expect(screen.getByRole('status').textContent).toBe('Only numbers (0-9) can be typed here.');
    await user.type(number(), '7');
    expect(phoneValue).toBe('447');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('stops at 15 digits', async () => {
    const user = userEvent.setup();
    renderScreen(<Phone />);
    await user.type(number(), '12345678901234567');
    expect(phoneValue).toBe('123456789012345');
    fireEvent.change(number(), { target: { value: '9'.repeat(20) } });
    expect(phoneValue).toBe('9'.repeat(15));
  });

  it('keeps every digit of a pasted formatted number longer than 15 characters', async () => {
    const user = userEvent.setup();
    renderScreen(<Phone />);
    await user.click(number());
    // 17 characters, 11 digits: the spaces and brackets must not count towards the 15.
    await user.paste('+1 (212) 555-1234');
    expect(phoneValue).toBe('12125551234');
  });

  it('shows the country guessed from the number, and follows the number as it is typed', async () => {
    const user = userEvent.setup();
    renderScreen(<Phone initial="442071234567" />);
    expect(countryBox().value).toBe('🇬🇧 +44 United Kingdom');
    await user.clear(number());
    await user.type(number(), '972501234567');
    expect(countryBox().value).toBe('🇮🇱 +972 Israel');
  });

  it('takes a whole number as the browser fills it in (autocomplete "tel"): digits kept, country shown', async () => {
    renderScreen(<Phone />);
    // The number box holds the whole international number, so it asks for the whole "tel"; a
    // "tel-national" fill would drop the country code the box needs (decision 029).
    expect(number().getAttribute('autocomplete')).toBe('tel');
    expect(countryBox().getAttribute('autocomplete')).toBe('off');
    await act(async () => {
      fireEvent.change(number(), { target: { value: '+44 20 7946 0958' } });
    });
    expect(phoneValue).toBe('442079460958');
    expect(countryBox().value).toBe('🇬🇧 +44 United Kingdom');
    expect(screen.queryByText('Only numbers (0-9) can be typed here.')).toBeNull();
  });

  it('debounces the country search by 250 ms', () => {
    vi.useFakeTimers();
    renderScreen(<Phone />);
    fireEvent.change(countryBox(), { target: { value: 'germ' } });
    const all = optionTexts().length;
    expect(all).toBeGreaterThan(200);
    act(() => vi.advanceTimersByTime(100));
    expect(optionTexts()).toHaveLength(all);
    act(() => vi.advanceTimersByTime(PHONE_SEARCH_DEBOUNCE_MS - 100));
    expect(optionTexts()).toEqual(['🇩🇪 Germany +49']);
  });

  it('does not filter before 2 characters, then matches a dial code', () => {
    vi.useFakeTimers();
    renderScreen(<Phone />);
    fireEvent.change(countryBox(), { target: { value: '9' } });
    act(() => vi.advanceTimersByTime(PHONE_SEARCH_DEBOUNCE_MS));
    expect(optionTexts().length).toBeGreaterThan(200);
    fireEvent.change(countryBox(), { target: { value: '972' } });
    act(() => vi.advanceTimersByTime(PHONE_SEARCH_DEBOUNCE_MS));
    expect(optionTexts()).toEqual(['🇮🇱 Israel +972']);
  });

  it("says 'No entries to show' when no country matches", () => {
    vi.useFakeTimers();
    renderScreen(<Phone />);
    fireEvent.change(countryBox(), { target: { value: 'zzz' } });
    act(() => vi.advanceTimersByTime(PHONE_SEARCH_DEBOUNCE_MS));
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No entries to show')).toBeTruthy();
  });

  it('a country chosen for an empty number reads what is typed next', async () => {
    const user = userEvent.setup();
    renderScreen(<Phone />);
    await user.type(countryBox(), 'isr');
    await user.click(await screen.findByRole('option', { name: 'Israel +972' }));
    expect(phoneValue).toBe('');
    expect(countryBox().value).toBe('🇮🇱 +972 Israel');
    await user.type(number(), '050 123 4567');
    expect(phoneValue).toBe('972501234567');
  });

  it('swaps the dial code of a number for the chosen country’s, keeping the rest', async () => {
    const user = userEvent.setup();
    renderScreen(<Phone initial="442071234567" />);
    await user.clear(countryBox());
    await user.type(countryBox(), 'de');
    await user.click(await screen.findByRole('option', { name: 'Germany +49' }));
    expect(phoneValue).toBe('492071234567');
    expect(countryBox().value).toBe('🇩🇪 +49 Germany');
  });

  it('keeps a chosen country that shares its dial code with the guessed one', async () => {
    const user = userEvent.setup();
    renderScreen(<Phone initial="12125551234" />);
    expect(countryBox().value).toBe('🇺🇸 +1 United States');
    await user.clear(countryBox());
    await user.type(countryBox(), 'canada');
    await user.click(await screen.findByRole('option', { name: 'Canada +1' }));
    expect(phoneValue).toBe('12125551234');
    expect(countryBox().value).toBe('🇨🇦 +1 Canada');
  });

  it('is one group named by its label, marked optional when not required', () => {
    renderScreen(<Phone required={false} />);
    const group = screen.getByRole('group', { name: 'Mobile phone (optional)' });
    expect(within(group).getByRole('textbox', { name: 'Mobile phone: number' })).toBe(number());
  });

  it('ties an error to the number box and the group', () => {
    renderScreen(<Phone error="phoneInvalid" />);
    expect(number().getAttribute('aria-invalid')).toBe('true');
    const described = (number().getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual([
      'With the country code',
      'Error: The number is not valid. Enter 9 to 15 digits.',
    ]);
    expect(screen.getByRole('group').getAttribute('aria-describedby')).toBe(
      number().getAttribute('aria-describedby'),
    );
  });
});
