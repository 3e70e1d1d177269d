// Small named schemas for the form fields. Each check's message is a message id; the first
// failing check of a field is the one the traveller sees.
import * as z from 'zod/mini';
import {
  DATE_YEAR,
  EMAIL_MAX_LENGTH,
  PASSPORT_NUMBER_LENGTH,
  PHONE_DIGITS,
  type Range,
} from './constants.ts';
import type { MessageId } from './messages.ts';
import { memo } from './schema-cache.ts';

const msg = (id: MessageId) => ({ error: id });
const stop = (id: MessageId) => ({ error: id, abort: true });

const LETTERS_PATTERN = /^[A-Za-z ]*$/;
const SINGLE_SPACED_WORDS = /^[A-Za-z]+( [A-Za-z]+)*$/;
const LETTERS_DIGITS_PATTERN = /^[A-Za-z0-9]*$/;
const DIGITS_PATTERN = /^\d*$/;
/** Company name, role and descriptions: letters, digits and , . : - and space. */
export const RESTRICTED_TEXT_PATTERN = /^[A-Za-z0-9,.:\- ]*$/;
/** Letters, digits and . _ + - before the @; a domain whose last label has 2+ letters. */
const EMAIL_PATTERN = /^[A-Za-z0-9._+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

export const requiredText = memo(() => z.string().check(z.minLength(1, stop('required'))));

/** Letters and single inner spaces (SPEC §5 names, town), within the given lengths. */
export const NameSchema = memo((length: Range) =>
  requiredText().check(
    z.regex(LETTERS_PATTERN, stop('lettersOnly')),
    z.regex(SINGLE_SPACED_WORDS, stop('singleSpaces')),
    z.minLength(length.min, stop('tooShort')),
    z.maxLength(length.max, stop('tooLong')),
  ),
);

export const PassportNumberSchema = memo(() =>
  requiredText().check(
    z.regex(LETTERS_DIGITS_PATTERN, stop('lettersDigitsOnly')),
    z.minLength(PASSPORT_NUMBER_LENGTH.min, stop('passportNumberInvalid')),
    z.maxLength(PASSPORT_NUMBER_LENGTH.max, stop('passportNumberInvalid')),
  ),
);

const phoneChecks = () => [
  z.regex(DIGITS_PATTERN, stop('phoneInvalid')),
  z.minLength(PHONE_DIGITS.min, stop('phoneInvalid')),
  z.maxLength(PHONE_DIGITS.max, stop('phoneInvalid')),
];
export const PhoneSchema = memo(() => requiredText().check(...phoneChecks()));
/** An optional phone: empty, or 9 to 15 digits. */
export const OptionalPhoneSchema = memo(() =>
  z.string().check(z.refine((v) => v === '' || /^\d{9,15}$/.test(v), msg('phoneInvalid'))),
);

export const EmailSchema = memo((max: number = EMAIL_MAX_LENGTH) =>
  requiredText().check(
    z.maxLength(max, stop('tooLong')),
    z.regex(EMAIL_PATTERN, stop('emailInvalid')),
  ),
);
export const OptionalEmailSchema = memo((max: number) =>
  z.string().check(
    z.maxLength(max, stop('tooLong')),
    z.refine((v) => v === '' || EMAIL_PATTERN.test(v), msg('companyEmailInvalid')),
  ),
);

/** Company name and role, visa descriptions: the restricted character set. */
export const RestrictedTextSchema = memo((length: Range) =>
  requiredText().check(
    z.regex(RESTRICTED_TEXT_PATTERN, stop('restrictedCharacters')),
    z.minLength(length.min, stop('tooShort')),
    z.maxLength(length.max, stop('tooLong')),
  ),
);

export const DaySchema = memo(() =>
  requiredText().check(z.regex(/^(0[1-9]|[12]\d|3[01])$/, stop('dayFormat'))),
);
export const MonthSchema = memo(() =>
  requiredText().check(z.regex(/^(0[1-9]|1[0-2])$/, stop('monthFormat'))),
);
/** A year box: an integer of 4 digits from `min` to `max`. */
export const YearSchema = memo((min: number = DATE_YEAR.min, max: number = DATE_YEAR.max) =>
  requiredText().check(
    z.regex(/^\d+$/, stop('yearInteger')),
    z.regex(/^\d{4}$/, stop('yearFormat')),
    z.refine((v) => Number(v) >= min && Number(v) <= max, stop('dateInvalid')),
  ),
);

/** A dropdown value: a composite 'id:…' string whose leading id is a whole number. */
export const ChoiceSchema = memo(() =>
  requiredText().check(z.regex(/^\d+(:|$)/, stop('choiceInvalid'))),
);
export const YesNoSchema = memo(() => requiredText().check(z.regex(/^[01]$/, stop('required'))));
