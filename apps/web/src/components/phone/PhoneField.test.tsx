// SPEC §5 "Personal details" (phones: digits only, input stops at 15) and "Phone input" (country
// search by dial code, ISO code or name, from 2 characters, debounced 250 ms).
import { type MessageId, PHONE_PLACEHOLDER, PHONE_SEARCH_DEBOUNCE_MS } from '@eta-il/domain';
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
}: {
  initial?: string;
  error?: MessageId;
  required?: boolean;
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

describe('PhoneField (SPEC §5 "Phone input")', () => {
  it("shows the placeholder '1 (702) 123-4567' in the number box", () => {
    renderScreen(<Phone />);
    expect(number().placeholder).toBe('1 (702) 123-4567');
    expect(PHONE_PLACEHOLDER).toBe('1 (702) 123-4567');
  });

  it('keeps only the digits typed into the number', async () => {
    const user = userEvent.setup();
    renderScreen(<Phone />);
    await user.type(number(), '+44 (20) 7946-0958');
    expect(number().value).toBe('44 20 7946 0958');
    expect(phoneValue).toBe('442079460958');
    // The spaces, brackets, plus and dash of a formatted number are no refusal.
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says so, as a status, when a letter typed into the number is refused (issue 17)', async () => {
    const user = userEvent.setup();
    renderScreen(<Phone />);
    await user.type(number(), '44a');
    expect(phoneValue).toBe('44');
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

  it('writes the chosen country’s dial code into an empty number', async () => {
    const user = userEvent.setup();
    renderScreen(<Phone />);
    await user.type(countryBox(), 'isr');
    await user.click(await screen.findByRole('option', { name: 'Israel +972' }));
    expect(phoneValue).toBe('972');
    expect(number().value).toBe('972');
    expect(countryBox().value).toBe('🇮🇱 +972 Israel');
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
