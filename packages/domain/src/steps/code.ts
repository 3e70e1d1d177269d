// Code step: six single-digit boxes (SPEC §2 "Code", §5 "Code"). Not part of the draft.
import * as z from 'zod/mini';
import { CODE_DIGITS } from '../constants.ts';
import { shapeIssues } from './step.ts';

export const CODE_FIELDS = ['digit1', 'digit2', 'digit3', 'digit4', 'digit5', 'digit6'] as const;
export type CodeField = (typeof CODE_FIELDS)[number];
export type CodeValues = Record<CodeField, string>;

const digit = () => z.string().check(z.regex(/^\d$/, { error: 'codeDigit' }));

const CodeSchema = z.object(
  Object.fromEntries(CODE_FIELDS.map((f) => [f, digit()])) as Record<
    CodeField,
    ReturnType<typeof digit>
  >,
);

export const blankCode = (): CodeValues =>
  Object.fromEntries(CODE_FIELDS.map((f) => [f, ''])) as CodeValues;

export const validateCode = (values: CodeValues) => shapeIssues(CodeSchema, values);

/** The six digits joined: the `confirmationCode` of SPEC §7. */
export const joinCode = (values: CodeValues) => CODE_FIELDS.map((f) => values[f]).join('');

/**
 * Spreads pasted or typed text over the boxes from `start`: only digits are kept, at most as many
 * as boxes remain.
 */
export const spreadDigits = (values: CodeValues, start: number, text: string): CodeValues => {
  const digits = text
    .replace(/\D/g, '')
    .slice(0, CODE_DIGITS - start)
    .split('');
  const next = { ...values };
  digits.forEach((d, i) => {
    next[CODE_FIELDS[start + i]!] = d;
  });
  return next;
};
