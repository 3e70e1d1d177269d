// SPEC §5 "Code" and §2 "Code": six single-digit boxes; pasting spreads digits over them.
import { describe, expect, it } from 'vitest';
import {
  blankCode,
  CODE_DIGITS,
  CODE_FIELDS,
  CONFIRMATION_CODE_PATTERN,
  type CodeValues,
  joinCode,
  spreadDigits,
  validateCode,
} from '../src/index.ts';
import { err } from './fixtures.ts';

const code = (digits: string): CodeValues => spreadDigits(blankCode(), 0, digits);

describe('§5 Code', () => {
  it('has six boxes digit1 to digit6', () => {
    expect(CODE_DIGITS).toBe(6);
    expect(CODE_FIELDS).toEqual(['digit1', 'digit2', 'digit3', 'digit4', 'digit5', 'digit6']);
  });

  it('six digits pass and join into the confirmation code', () => {
    const values = code('123456');
    expect(validateCode(values)).toEqual([]);
    expect(joinCode(values)).toBe('123456');
    expect(CONFIRMATION_CODE_PATTERN.test(joinCode(values))).toBe(true);
  });

  it("§5 Code: each empty box is 'Required' (codeDigit)", () => {
    expect(validateCode(blankCode())).toEqual(CODE_FIELDS.map((f) => err(f, 'codeDigit')));
    expect(validateCode(code('12345'))).toEqual([err('digit6', 'codeDigit')]);
  });

  it('§5 Code: only a digit is kept in a box', () => {
    const values = { ...code('123456'), digit3: 'a' };
    expect(validateCode(values)).toEqual([err('digit3', 'codeDigit')]);
    expect(validateCode({ ...code('123456'), digit3: '12' })).toEqual([err('digit3', 'codeDigit')]);
  });

  it('the confirmation code is exactly six digits', () => {
    expect(CONFIRMATION_CODE_PATTERN.test('12345')).toBe(false);
    expect(CONFIRMATION_CODE_PATTERN.test('1234567')).toBe(false);
    expect(CONFIRMATION_CODE_PATTERN.test('12a456')).toBe(false);
  });
});

describe('§2 Code: pasting spreads up to 6 characters over the boxes', () => {
  it('spreads a pasted code from the first box, ignoring non-digits', () => {
    expect(joinCode(code('12 34-56'))).toBe('123456');
  });

  it('ignores digits beyond the last box', () => {
    expect(joinCode(code('12345678'))).toBe('123456');
  });

  it('spreads from the box pasted into, keeping the boxes before it', () => {
    const start = { ...blankCode(), digit1: '9', digit2: '8' };
    expect(spreadDigits(start, 2, '1234567')).toEqual({
      digit1: '9',
      digit2: '8',
      digit3: '1',
      digit4: '2',
      digit5: '3',
      digit6: '4',
    });
  });

  it('leaves the boxes alone when nothing pasted is a digit', () => {
    const start = code('123456');
    expect(spreadDigits(start, 0, 'abc')).toEqual(start);
  });
});
