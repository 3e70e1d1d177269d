// SPEC §5 "Email".
import { describe, expect, it } from 'vitest';
import { blankDraft, emailStep, normalizeEmail } from '../src/index.ts';
import { err, issuesOf, validValues } from './fixtures.ts';

const check = (changes: { EmailAddress?: string; ConfirmEmail?: string }) =>
  issuesOf(emailStep, { ...validValues().email, ...changes }, blankDraft());
const both = (email: string) => check({ EmailAddress: email, ConfirmEmail: email });
const emailOfLength = (n: number) => `${'a'.repeat(n - '@example.com'.length)}@example.com`;

describe('§5 Email', () => {
  it('the valid values pass', () => {
    expect(check({})).toEqual([]);
  });

  it('§5 Email: the email address is required', () => {
    expect(check({ EmailAddress: '' })).toEqual([
      err('EmailAddress', 'required'),
      err('ConfirmEmail', 'emailMismatch'),
    ]);
    expect(both('')).toEqual([err('EmailAddress', 'required'), err('ConfirmEmail', 'required')]);
  });

  it('§5 Email: the confirmation is required', () => {
    expect(check({ ConfirmEmail: '' })).toEqual([err('ConfirmEmail', 'required')]);
  });

  it('§5 Email: a badly formed address gives emailInvalid', () => {
    expect(both('jane.doe@example')).toEqual([err('EmailAddress', 'emailInvalid')]);
    expect(both('jane doe@example.com')).toEqual([err('EmailAddress', 'emailInvalid')]);
    expect(both('jane@example.c')).toEqual([err('EmailAddress', 'emailInvalid')]);
  });

  it('§5 Email: 60 characters pass, 61 are too long', () => {
    expect(both(emailOfLength(60))).toEqual([]);
    expect(both(emailOfLength(61))).toEqual([err('EmailAddress', 'tooLong')]);
  });

  it('§5 Email: a confirmation that differs gives emailMismatch on ConfirmEmail', () => {
    expect(check({ ConfirmEmail: 'jane.doe@example.org' })).toEqual([
      err('ConfirmEmail', 'emailMismatch'),
    ]);
  });

  it('addresses are compared without case or surrounding spaces', () => {
    expect(check({ ConfirmEmail: 'Jane.Doe@Example.com ' })).toEqual([]);
    expect(normalizeEmail('  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
  });
});
