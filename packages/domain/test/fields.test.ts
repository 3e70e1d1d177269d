// The small named field schemas (STYLE.md §3) and the limits of SPEC §9 they carry.
import { describe, expect, it } from 'vitest';
import {
  ChoiceSchema,
  choiceId,
  DATE_YEAR,
  DaySchema,
  DESCRIPTION_LENGTH,
  digitsOnly,
  EMAIL_MAX_LENGTH,
  EmailSchema,
  MonthSchema,
  NAME_LENGTH,
  NameSchema,
  OptionalEmailSchema,
  OptionalPhoneSchema,
  PARENT_FIRST_NAME_LENGTH,
  PASSPORT_NUMBER_LENGTH,
  PassportNumberSchema,
  PHONE_DIGITS,
  PhoneSchema,
  RestrictedTextSchema,
  refusesInDigits,
  YearSchema,
  YesNoSchema,
} from '../src/index.ts';
import { firstMessage } from './fixtures.ts';

const letters = (n: number) => 'A'.repeat(n);
const digits = (n: number) => '1'.repeat(n);
/** An email address of exactly n characters. */
const emailOfLength = (n: number) => `${'a'.repeat(n - '@example.com'.length)}@example.com`;

describe('NameSchema (names 2 to 39, parents first names 2 to 15)', () => {
  it.each([
    ['names', NAME_LENGTH, 39],
    ["parents' first names", PARENT_FIRST_NAME_LENGTH, 15],
  ] as const)(
    '%s: 1 letter is too short, 2 pass, max passes, max + 1 is too long',
    (_, length, max) => {
      const schema = NameSchema(length);
      expect(length.max).toBe(max);
      expect(firstMessage(schema, letters(1))).toBe('tooShort');
      expect(firstMessage(schema, letters(2))).toBeUndefined();
      expect(firstMessage(schema, letters(max))).toBeUndefined();
      expect(firstMessage(schema, letters(max + 1))).toBe('tooLong');
    },
  );

  it('is required, letters only, single inner spaces', () => {
    const schema = NameSchema(NAME_LENGTH);
    expect(firstMessage(schema, '')).toBe('required');
    expect(firstMessage(schema, 'Jean-Luc')).toBe('lettersOnly');
    expect(firstMessage(schema, 'Anna2')).toBe('lettersOnly');
    expect(firstMessage(schema, 'Zoë')).toBe('lettersOnly');
    expect(firstMessage(schema, ' Anna')).toBe('singleSpaces');
    expect(firstMessage(schema, 'Anna ')).toBe('singleSpaces');
    expect(firstMessage(schema, 'Anna  Maria')).toBe('singleSpaces');
    expect(firstMessage(schema, 'Anna Maria de la Cruz')).toBeUndefined();
  });
});

describe('PassportNumberSchema (5 to 9 letters and digits)', () => {
  it('4 is too short, 5 and 9 pass, 10 is too long', () => {
    const schema = PassportNumberSchema();
    expect(PASSPORT_NUMBER_LENGTH).toEqual({ min: 5, max: 9 });
    expect(firstMessage(schema, 'A123')).toBe('passportNumberInvalid');
    expect(firstMessage(schema, 'A1234')).toBeUndefined();
    expect(firstMessage(schema, 'A12345678')).toBeUndefined();
    expect(firstMessage(schema, 'A123456789')).toBe('passportNumberInvalid');
  });

  it('is required and takes letters and digits only', () => {
    const schema = PassportNumberSchema();
    expect(firstMessage(schema, '')).toBe('required');
    expect(firstMessage(schema, 'AB-12345')).toBe('lettersDigitsOnly');
    expect(firstMessage(schema, 'AB 12345')).toBe('lettersDigitsOnly');
  });
});

describe('PhoneSchema and OptionalPhoneSchema (9 to 15 digits)', () => {
  it('8 digits fail, 9 and 15 pass, 16 fail', () => {
    expect(PHONE_DIGITS).toEqual({ min: 9, max: 15 });
    for (const schema of [PhoneSchema(), OptionalPhoneSchema()]) {
      expect(firstMessage(schema, digits(8))).toBe('phoneInvalid');
      expect(firstMessage(schema, digits(9))).toBeUndefined();
      expect(firstMessage(schema, digits(15))).toBeUndefined();
      expect(firstMessage(schema, digits(16))).toBe('phoneInvalid');
      expect(firstMessage(schema, '+1212555123')).toBe('phoneInvalid');
    }
  });

  it('the mobile phone is required, the optional one may be empty', () => {
    expect(firstMessage(PhoneSchema(), '')).toBe('required');
    expect(firstMessage(OptionalPhoneSchema(), '')).toBeUndefined();
  });
});

describe('EmailSchema and OptionalEmailSchema (at most 60)', () => {
  it('60 characters pass, 61 are too long', () => {
    expect(EMAIL_MAX_LENGTH).toBe(60);
    expect(emailOfLength(60)).toHaveLength(60);
    for (const schema of [EmailSchema(), OptionalEmailSchema(60)]) {
      expect(firstMessage(schema, emailOfLength(60))).toBeUndefined();
      expect(firstMessage(schema, emailOfLength(61))).toBe('tooLong');
    }
  });

  it('checks the format: local part letters, digits and . _ + -; a top-level domain of 2+ letters', () => {
    const schema = EmailSchema();
    expect(firstMessage(schema, '')).toBe('required');
    expect(firstMessage(schema, 'first.last+tag_x-y@mail.example.co.uk')).toBeUndefined();
    expect(firstMessage(schema, 'a@b.c')).toBe('emailInvalid');
    expect(firstMessage(schema, 'a@b.c0m')).toBe('emailInvalid');
    expect(firstMessage(schema, 'no-at-sign.example.com')).toBe('emailInvalid');
    expect(firstMessage(schema, 'a b@example.com')).toBe('emailInvalid');
    expect(firstMessage(schema, 'a!b@example.com')).toBe('emailInvalid');
    expect(firstMessage(schema, 'a@example')).toBe('emailInvalid');
  });

  it('the optional (company) email may be empty and has its own message', () => {
    expect(firstMessage(OptionalEmailSchema(60), '')).toBeUndefined();
    expect(firstMessage(OptionalEmailSchema(60), 'not-an-email')).toBe('companyEmailInvalid');
  });
});

describe('RestrictedTextSchema (company name and role, visa descriptions)', () => {
  it('description: 1 is too short, 2 and 250 pass, 251 is too long', () => {
    const schema = RestrictedTextSchema(DESCRIPTION_LENGTH);
    expect(DESCRIPTION_LENGTH).toEqual({ min: 2, max: 250 });
    expect(firstMessage(schema, 'A')).toBe('tooShort');
    expect(firstMessage(schema, 'AB')).toBeUndefined();
    expect(firstMessage(schema, letters(250))).toBeUndefined();
    expect(firstMessage(schema, letters(251))).toBe('tooLong');
  });

  it('takes letters, digits, comma, period, colon, hyphen and space only', () => {
    const schema = RestrictedTextSchema(DESCRIPTION_LENGTH);
    expect(firstMessage(schema, 'Acme Ltd., unit 4-B: HQ')).toBeUndefined();
    for (const bad of ['Acme & Co', 'Acme (UK)', 'Acme/Co', "O'Neil", 'Acme;', 'café']) {
      expect(firstMessage(schema, bad)).toBe('restrictedCharacters');
    }
  });
});

describe('date boxes', () => {
  it('day: two characters 01 to 31', () => {
    for (const ok of ['01', '09', '10', '29', '31'])
      expect(firstMessage(DaySchema(), ok)).toBe(undefined);
    for (const bad of ['1', '00', '32', '001', 'ab', '3 ']) {
      expect(firstMessage(DaySchema(), bad)).toBe('dayFormat');
    }
    expect(firstMessage(DaySchema(), '')).toBe('required');
  });

  it('month: two characters 01 to 12', () => {
    for (const ok of ['01', '09', '12']) expect(firstMessage(MonthSchema(), ok)).toBe(undefined);
    for (const bad of ['1', '00', '13', 'ab']) {
      expect(firstMessage(MonthSchema(), bad)).toBe('monthFormat');
    }
  });

  it('year: an integer of 4 digits from 1900 to 3000 (1899 and 3001 rejected)', () => {
    expect(DATE_YEAR).toEqual({ min: 1900, max: 3000 });
    const schema = YearSchema();
    expect(firstMessage(schema, '1899')).toBe('dateInvalid');
    expect(firstMessage(schema, '1900')).toBeUndefined();
    expect(firstMessage(schema, '3000')).toBeUndefined();
    expect(firstMessage(schema, '3001')).toBe('dateInvalid');
    expect(firstMessage(schema, '19.5')).toBe('yearInteger');
    expect(firstMessage(schema, '990')).toBe('yearFormat');
    expect(firstMessage(schema, '')).toBe('required');
  });
});

describe('choices', () => {
  it('a dropdown value starts with a whole-number id', () => {
    expect(firstMessage(ChoiceSchema(), '12:Tourism:Y')).toBeUndefined();
    expect(firstMessage(ChoiceSchema(), '12')).toBeUndefined();
    expect(firstMessage(ChoiceSchema(), 'Tourism')).toBe('choiceInvalid');
    expect(firstMessage(ChoiceSchema(), '12x:Tourism')).toBe('choiceInvalid');
    expect(firstMessage(ChoiceSchema(), '')).toBe('required');
  });

  it('choiceId reads the leading id of a composite value', () => {
    expect(choiceId('840:United States of America:N')).toBe(840);
    expect(choiceId('1:Y:P:Regular passport')).toBe(1);
    expect(choiceId('')).toBeUndefined();
    expect(choiceId(undefined)).toBeUndefined();
    expect(choiceId('abc')).toBeUndefined();
  });

  it('yes/no is 0 or 1 and required', () => {
    expect(firstMessage(YesNoSchema(), '0')).toBeUndefined();
    expect(firstMessage(YesNoSchema(), '1')).toBeUndefined();
    expect(firstMessage(YesNoSchema(), '')).toBe('required');
    expect(firstMessage(YesNoSchema(), 'yes')).toBe('required');
  });
});

describe('digitsOnly', () => {
  it('strips non-digits and stops at the maximum (phones: 15)', () => {
    expect(digitsOnly('+1 (212) 555-1234', 15)).toBe('12125551234');
    expect(digitsOnly('1234567890123456789', 15)).toBe('123456789012345');
    expect(digitsOnly('abc', 15)).toBe('');
    // As an Arabic or Persian phone keyboard types them.
    expect(digitsOnly('٠٥٠١٢٣', 15)).toBe('050123');
    expect(digitsOnly('۱۹۸۰', 4)).toBe('1980');
  });
});

describe('refusesInDigits', () => {
  it.each(['+1 (212) 555-1234', '27.03.2019', '27/03', '123 456', '١٢٣', ''])(
    'lets the formatting of %j through',
    (typed) => expect(refusesInDigits(typed)).toBe(false),
  );
  it.each(['44a', 'x', '1,2', '#1', 'ab٣'])('refuses %j', (typed) =>
    expect(refusesInDigits(typed)).toBe(true),
  );
});
