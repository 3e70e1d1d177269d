// SPEC §5 "Generic": a digit-only box accepts digits up to its maximum and moves focus on when
// full. The form value (not only the box's text) must hold the cleaned digits.
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render.tsx';
import { DigitsInput } from './DigitsInput.tsx';

type Values = { pin: string; after: string };
let formValues: () => Values = () => ({ pin: '', after: '' });

const Pin = ({ nextId }: { nextId?: string }) => {
  const form = useForm<Values>({ defaultValues: { pin: '', after: '' } });
  formValues = () => form.getValues();
  return (
    <>
      <label htmlFor="pin">PIN</label>
      <DigitsInput id="pin" registration={form.register('pin')} maxDigits={4} nextId={nextId} />
      <label htmlFor="after">After</label>
      <input id="after" {...form.register('after')} />
    </>
  );
};

const pin = () => screen.getByRole('textbox', { name: 'PIN' }) as HTMLInputElement;
const after = () => screen.getByRole('textbox', { name: 'After' }) as HTMLInputElement;

describe('DigitsInput (SPEC §5 "Generic": digits only, up to the maximum, then on)', () => {
  it('keeps only the digits of what is typed, in the box and in the form value', async () => {
    const user = userEvent.setup();
    renderScreen(<Pin />);
    await user.type(pin(), 'a1-b 2');
    expect(pin().value).toBe('12');
    expect(formValues().pin).toBe('12');
  });

  it('cuts a longer entry (a paste or an autofill) at its maximum, ignoring non-digits', () => {
    renderScreen(<Pin />);
    fireEvent.change(pin(), { target: { value: '1 2x3-4 5 6' } });
    expect(pin().value).toBe('1234');
    expect(formValues().pin).toBe('1234');
  });

  it('asks for the numeric keyboard and reads left to right', () => {
    renderScreen(<Pin />);
    expect(pin().getAttribute('inputmode')).toBe('numeric');
    expect(pin().getAttribute('dir')).toBe('ltr');
    expect(pin().getAttribute('autocomplete')).toBe('off');
  });

  it('stays in the box until it is full, then moves to the next box', async () => {
    const user = userEvent.setup();
    renderScreen(<Pin nextId="after" />);
    await user.type(pin(), '123');
    expect(document.activeElement).toBe(pin());
    // The fourth digit fills the box; what follows goes to the next one.
    await user.keyboard('45');
    expect(pin().value).toBe('1234');
    expect(document.activeElement).toBe(after());
    expect(after().value).toBe('5');
    expect(formValues()).toEqual({ pin: '1234', after: '5' });
  });

  it('does not move when a non-digit is typed into a box one short of full', async () => {
    const user = userEvent.setup();
    renderScreen(<Pin nextId="after" />);
    await user.type(pin(), '123x');
    expect(pin().value).toBe('123');
    expect(document.activeElement).toBe(pin());
  });

  it('stays put when full if no box follows', async () => {
    const user = userEvent.setup();
    renderScreen(<Pin />);
    await user.type(pin(), '12345');
    expect(pin().value).toBe('1234');
    expect(document.activeElement).toBe(pin());
  });
});
