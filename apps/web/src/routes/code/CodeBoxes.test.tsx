// SPEC §2 "Code", §5 "Code": six one-digit boxes; only a digit is kept; typing moves on, Backspace
// in an empty box goes back, a paste spreads from the box it lands in. The page's own tests
// (CodePage.test.tsx) cover the first typed digit, Backspace from an empty box, a full paste
// from box 1 and a 4-digit paste into box 3; these cover the rest, on the boxes alone.
import { blankCode, type CodeValues, type Issue } from '@eta-il/domain';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render.tsx';
import { CodeBoxes } from './CodeBoxes.tsx';

const HINT = 'The code is valid for 10 minutes.';

const Code = ({ errors = [], initial }: { errors?: Issue[]; initial?: Partial<CodeValues> }) => {
  const [values, setValues] = useState<CodeValues>({ ...blankCode(), ...initial });
  return (
    <CodeBoxes values={values} onChange={setValues} errors={errors} disabled={false} hint={HINT} />
  );
};

const boxes = () =>
  [1, 2, 3, 4, 5, 6].map(
    (n) => screen.getByRole('textbox', { name: `Digit ${n} of 6` }) as HTMLInputElement,
  );
const values = () => boxes().map((b) => b.value);
const focused = () => boxes().indexOf(document.activeElement as HTMLInputElement) + 1;

describe('CodeBoxes (SPEC §2 "Code", §5 "Code")', () => {
  it('fills the six boxes one digit at a time as the code is typed', async () => {
    const user = userEvent.setup();
    renderScreen(<Code />);
    await user.type(boxes()[0]!, '12');
    expect(focused()).toBe(3);
    await user.keyboard('3456');
    expect(values()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(focused()).toBe(6);
  });

  it("spreads a paste of '98' into box 3 over boxes 3 and 4 only, then waits at box 5", async () => {
    const user = userEvent.setup();
    renderScreen(<Code />);
    await user.click(boxes()[2]!);
    await user.paste('98');
    expect(values()).toEqual(['', '', '9', '8', '', '']);
    expect(focused()).toBe(5);
  });

  it("keeps only the digits of a paste ('ab12cd34ef56gh' gives 123456)", async () => {
    const user = userEvent.setup();
    renderScreen(<Code />);
    await user.click(boxes()[0]!);
    await user.paste('ab12cd34ef56gh');
    expect(values()).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('ignores a paste without digits: nothing changes and focus stays', async () => {
    const user = userEvent.setup();
    renderScreen(<Code initial={{ digit2: '7' }} />);
    await user.click(boxes()[1]!);
    await user.paste('code');
    expect(values()).toEqual(['', '7', '', '', '', '']);
    expect(focused()).toBe(2);
  });

  it('spreads a code autofilled into box 1 in one go (one-time-code)', () => {
    renderScreen(<Code />);
    fireEvent.change(boxes()[0]!, { target: { value: '654321' } });
    expect(values()).toEqual(['6', '5', '4', '3', '2', '1']);
    expect(focused()).toBe(6);
  });

  it('keeps nothing but a digit when a letter is typed into a box', async () => {
    const user = userEvent.setup();
    renderScreen(<Code />);
    await user.type(boxes()[3]!, 'a');
    expect(values()).toEqual(['', '', '', '', '', '']);
    expect(focused()).toBe(4);
  });

  it("says 'Only numbers' while a letter is refused, and no longer once a digit is typed (issue 25)", async () => {
    const user = userEvent.setup();
    renderScreen(<Code />);
    const note = screen.getByRole('status');
    await user.type(boxes()[0]!, 'a');
    expect(note.textContent).toBe('Only numbers (0-9) can be typed here.');
    await user.keyboard('1');
    expect(values()[0]).toBe('1');
    expect(note.textContent).toBe('');
    await user.keyboard('b');
    expect(note.textContent).toBe('Only numbers (0-9) can be typed here.');
    await user.keyboard('23456');
    expect(values()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(note.textContent).toBe('');
  });

  it('replaces the digit of a filled box with the one typed, wherever the caret was', () => {
    renderScreen(<Code initial={{ digit2: '5' }} />);
    fireEvent.change(boxes()[1]!, { target: { value: '57' } });
    expect(values()[1]).toBe('7');
    expect(focused()).toBe(3);
    fireEvent.change(boxes()[1]!, { target: { value: '37' } });
    expect(values()[1]).toBe('3');
  });

  it('on Backspace goes back from an empty box and erases a filled box in place', async () => {
    const user = userEvent.setup();
    renderScreen(<Code />);
    await user.type(boxes()[0]!, '123');
    expect(focused()).toBe(4);
    await user.keyboard('{Backspace}');
    expect(focused()).toBe(3);
    expect(values()).toEqual(['1', '2', '3', '', '', '']);
    await user.keyboard('{Backspace}');
    expect(values()).toEqual(['1', '2', '', '', '', '']);
    expect(focused()).toBe(3);
    await user.keyboard('{Backspace}');
    expect(focused()).toBe(2);
    expect(values()).toEqual(['1', '2', '', '', '', '']);
  });

  it('cancels the Backspace it uses to go back, so a browser does not erase the digit it lands on', () => {
    renderScreen(<Code initial={{ digit1: '1', digit2: '2' }} />);
    boxes()[2]!.focus();
    // user-event applies the default action to the box the key went down in; a browser applies
    // it to the box focused by then, so the key must be cancelled (fireEvent: false = cancelled).
    expect(fireEvent.keyDown(boxes()[2]!, { key: 'Backspace' })).toBe(false);
    expect(focused()).toBe(2);
    expect(fireEvent.keyDown(boxes()[1]!, { key: 'Backspace' })).toBe(true);
  });

  it('stays in box 1 on Backspace when it is empty', async () => {
    const user = userEvent.setup();
    renderScreen(<Code />);
    await user.click(boxes()[0]!);
    await user.keyboard('{Backspace}');
    expect(focused()).toBe(1);
  });

  it('moves between boxes with the arrow keys, stopping at either end', async () => {
    const user = userEvent.setup();
    renderScreen(<Code />);
    await user.click(boxes()[1]!);
    await user.keyboard('{ArrowRight}');
    expect(focused()).toBe(3);
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(focused()).toBe(1);
    await user.click(boxes()[5]!);
    await user.keyboard('{ArrowRight}');
    expect(focused()).toBe(6);
  });

  it('shows what to do once for the group and marks only the empty boxes', () => {
    const errors: Issue[] = [
      { field: 'digit2', message: 'codeDigit', severity: 'error' },
      { field: 'digit5', message: 'codeDigit', severity: 'error' },
    ];
    renderScreen(<Code errors={errors} initial={{ digit1: '1', digit3: '3' }} />);
    expect(screen.getAllByText('Enter the 6 digits of the code from the email')).toHaveLength(1);
    expect(boxes().map((b) => b.getAttribute('aria-invalid'))).toEqual([
      null,
      'true',
      null,
      null,
      'true',
      null,
    ]);
    const group = screen.getByRole('group', { name: 'Verification code' });
    const described = (group.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual([HINT, 'Error: Enter the 6 digits of the code from the email']);
  });

  it('disables every box while the code is being checked', () => {
    renderScreen(
      <CodeBoxes values={blankCode()} onChange={() => {}} errors={[]} disabled hint={HINT} />,
    );
    expect(boxes().every((b) => b.disabled)).toBe(true);
  });
});
