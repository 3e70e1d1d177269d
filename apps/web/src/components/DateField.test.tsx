// SPEC §5 "Generic" (day 2 digits, month 2, year 4; boxes move on when full) and STYLE §6: one
// labelled group per date, one message for the group, aria-invalid on the box at fault.
import { dateFields, type MessageId } from '@eta-il/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render.tsx';
import { DateField } from './DateField.tsx';

const BIRTH = dateFields('BirthDate');
let formValues: () => Record<string, string> = () => ({});

const BirthDate = ({
  errors = {},
  warning,
  hint,
}: {
  errors?: Partial<Record<string, MessageId>>;
  warning?: MessageId;
  hint?: string;
}) => {
  const form = useForm<Record<string, string>>({
    defaultValues: { [BIRTH.day]: '', [BIRTH.month]: '', [BIRTH.year]: '' },
  });
  formValues = () => form.getValues();
  return (
    <DateField
      fields={BIRTH}
      legend="Date of birth"
      hint={hint}
      register={(name) => form.register(name)}
      errors={errors}
      warning={warning}
    />
  );
};

const group = () => screen.getByRole('group', { name: 'Date of birth' });
const box = (name: 'Day (DD)' | 'Month (MM)' | 'Year (YYYY)') =>
  within(group()).getByRole('textbox', { name }) as HTMLInputElement;
const day = () => box('Day (DD)');
const month = () => box('Month (MM)');
const year = () => box('Year (YYYY)');
/** The texts an element's aria-describedby points at, in order. */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('DateField (SPEC §5 "Generic")', () => {
  it('is one fieldset whose legend names the date, with a label for each box', () => {
    renderScreen(<BirthDate />);
    expect(group().tagName).toBe('FIELDSET');
    expect(within(group()).getAllByRole('textbox')).toEqual([day(), month(), year()]);
    expect(day().id).toBe(BIRTH.day);
    expect(month().id).toBe(BIRTH.month);
    expect(year().id).toBe(BIRTH.year);
  });

  it("keeps only the digits typed into the day box ('a1b2' keeps '12')", async () => {
    const user = userEvent.setup();
    renderScreen(<BirthDate />);
    await user.type(day(), 'a1b2');
    expect(day().value).toBe('12');
    expect(formValues()[BIRTH.day]).toBe('12');
  });

  it('says so, as a status, while a typed letter is refused, and not after a digit (issue 17)', async () => {
    const user = userEvent.setup();
    renderScreen(<BirthDate />);
    const note = screen.getByRole('status');
    expect(note.textContent).toBe('');
    await user.type(day(), 'x');
    expect(day().value).toBe('');
    expect(note.textContent).toBe('Only numbers (0-9) can be typed here.');
    await user.type(day(), '3');
    expect(note.textContent).toBe('');
  });

  it('stops at the maximum: 3 digits in the day box keep 2, 6 in the year box keep 4', () => {
    renderScreen(<BirthDate />);
    fireEvent.change(day(), { target: { value: '123' } });
    fireEvent.change(year(), { target: { value: '199012' } });
    expect(day().value).toBe('12');
    expect(year().value).toBe('1990');
    expect(formValues()).toEqual({ [BIRTH.day]: '12', [BIRTH.month]: '', [BIRTH.year]: '1990' });
  });

  it('moves to the month box when the day has 2 digits and to the year box when the month is full', async () => {
    const user = userEvent.setup();
    renderScreen(<BirthDate />);
    await user.type(day(), '0');
    expect(document.activeElement).toBe(day());
    await user.keyboard('5');
    expect(document.activeElement).toBe(month());
    await user.keyboard('0');
    expect(document.activeElement).toBe(month());
    await user.keyboard('7');
    expect(document.activeElement).toBe(year());
    await user.keyboard('19901');
    expect(document.activeElement).toBe(year());
    expect(formValues()).toEqual({ [BIRTH.day]: '05', [BIRTH.month]: '07', [BIRTH.year]: '1990' });
  });

  it('shows an error once for the group, marks the erroring box and describes the group by it', () => {
    renderScreen(
      <BirthDate hint="For example 27 03 2007" errors={{ [BIRTH.month]: 'monthFormat' }} />,
    );
    expect(
      screen.getAllByText('The month must be a number from 1 to 12 (the format is MM)'),
    ).toHaveLength(1);
    expect(month().getAttribute('aria-invalid')).toBe('true');
    expect(day().getAttribute('aria-invalid')).toBeNull();
    expect(year().getAttribute('aria-invalid')).toBeNull();
    expect(descriptionOf(group())).toEqual([
      'For example 27 03 2007',
      'Error: The month must be a number from 1 to 12 (the format is MM)',
    ]);
  });

  it('shows one message, the first box’s, when several boxes are wrong, and marks each of them', () => {
    renderScreen(
      <BirthDate
        errors={{
          [BIRTH.day]: 'dayFormat',
          [BIRTH.month]: 'monthFormat',
          [BIRTH.year]: 'yearFormat',
        }}
      />,
    );
    expect(within(group()).getAllByText(/the format is/)).toHaveLength(1);
    expect(
      screen.getByText('The day must be a number from 1 to 31 (the format is DD)'),
    ).toBeTruthy();
    for (const b of [day(), month(), year()]) expect(b.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(group())).toEqual([
      'Error: The day must be a number from 1 to 31 (the format is DD)',
    ]);
  });

  it("renders a warning that begins 'Please note:' and describes the group, without marking a box", () => {
    renderScreen(<BirthDate warning="arrivalFarAheadWarning" />);
    const [note] = descriptionOf(group());
    expect(note).toMatch(/^Please note: /);
    expect(within(group()).getByText(/^Please note: /)).toBeTruthy();
    for (const b of [day(), month(), year()]) expect(b.getAttribute('aria-invalid')).toBeNull();
  });

  it('describes nothing when there is no hint, error or warning', () => {
    renderScreen(<BirthDate />);
    expect(group().getAttribute('aria-describedby')).toBeNull();
  });
});
