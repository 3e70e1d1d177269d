// STYLE §6: one field wrapper for both apps: the label names the control; the hint, the error
// (announced as one, "Error:" in the app's words) and the warning describe it; aria-invalid on error.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test/render.tsx';
import { Field, FieldMessages } from './Field.tsx';

const described = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent);

describe('Field', () => {
  it('names the control by its label and gives it the field id; valid, it is not marked', () => {
    renderUi(
      <Field name="email" label="Email address">
        <input className="input" />
      </Field>,
    );
    const box = screen.getByRole('textbox', { name: 'Email address' });
    expect(box.id).toBe('email');
    expect(box.getAttribute('aria-invalid')).toBeNull();
    expect(box.getAttribute('aria-describedby')).toBeNull();
    expect(box.closest('.field')?.className).toBe('field');
  });

  it('describes the control by its hint, its error and its warning, in that order', () => {
    renderUi(
      <Field
        name="email"
        label="Email address"
        hint="We send the code there"
        error="Enter your email address"
        warning="Please note: check it twice"
        className="field--wide"
      >
        <input className="input" />
      </Field>,
    );
    const box = screen.getByRole('textbox', { name: 'Email address' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe('email-hint email-error email-warning');
    expect(described(box)).toEqual([
      'We send the code there',
      'Error: Enter your email address',
      'Please note: check it twice',
    ]);
    expect(box.closest('.field')?.className).toBe('field field--error field--wide');
    expect(document.querySelector('#email-error .visually-hidden')?.textContent).toBe('Error: ');
  });

  it("keeps what the control has of its own (a form library's name)", () => {
    renderUi(
      <Field name="email" label="Email address" error="Enter your email address">
        <input className="input" name="EmailAddress" />
      </Field>,
    );
    expect(screen.getByRole('textbox').getAttribute('name')).toBe('EmailAddress');
  });
});

describe('FieldMessages', () => {
  it('shows an error and a warning by the name of a group of controls, and nothing without them', () => {
    const { container, rerender } = renderUi(<FieldMessages name="arrival" />);
    expect(container.textContent).toBe('');
    rerender(<FieldMessages name="arrival" error="Enter a date" warning="Please note: soon" />);
    expect(document.getElementById('arrival-error')?.textContent).toBe('Error: Enter a date');
    expect(document.getElementById('arrival-warning')?.textContent).toBe('Please note: soon');
  });
});
