// Property tests of the text patterns (SPEC §5): what each field accepts and what it rejects.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  blankCode,
  CODE_FIELDS,
  type CodeValues,
  DESCRIPTION_LENGTH,
  digitsOnly,
  EmailSchema,
  NAME_LENGTH,
  NameSchema,
  PARENT_FIRST_NAME_LENGTH,
  PassportNumberSchema,
  PhoneSchema,
  RestrictedTextSchema,
  spreadDigits,
} from '../src/index.ts';
import { firstMessage } from './fixtures.ts';

const RUNS = { numRuns: 300 };

const chars = (set: string) => fc.constantFrom(...set.split(''));
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const textOf = (set: string, minLength: number, maxLength: number) =>
  fc.string({ unit: chars(set), minLength, maxLength });
/** One UTF-16 unit that is not in the allowed set: printable ASCII half of the time. */
const charOutside = (allowed: RegExp) =>
  fc
    .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0, max: 0xffff }))
    .map((code) => String.fromCharCode(code))
    .filter((c) => !allowed.test(c));
/** The text with `insert` put at some position. */
const withInserted = (text: fc.Arbitrary<string>, insert: fc.Arbitrary<string>) =>
  fc.tuple(text, insert, fc.nat()).map(([t, c, at]) => {
    const i = at % (t.length + 1);
    return t.slice(0, i) + c + t.slice(i);
  });

/** Words of letters joined by single spaces. */
const singleSpacedName = (max: number) =>
  fc
    .array(textOf(LETTERS, 1, 12), { minLength: 1, maxLength: 6 })
    .map((words) => words.join(' '))
    .filter((name) => name.length >= 2 && name.length <= max);

describe('names: letters with single inner spaces', () => {
  it.each([
    ['names', NAME_LENGTH],
    ["parents' first names", PARENT_FIRST_NAME_LENGTH],
  ] as const)(
    '%s: letters with single inner spaces within the length are accepted',
    (_, length) => {
      fc.assert(
        fc.property(singleSpacedName(length.max), (name) => {
          expect(firstMessage(NameSchema(length), name)).toBeUndefined();
        }),
        RUNS,
      );
    },
  );

  it('a leading, trailing or doubled space is rejected with singleSpaces', () => {
    const spoiled = fc.oneof(
      singleSpacedName(39).map((n) => ` ${n}`),
      singleSpacedName(39).map((n) => `${n} `),
      withInserted(singleSpacedName(39), fc.constant(' ')).filter((n) => /\S {2}\S/.test(n)),
      fc.tuple(singleSpacedName(20), singleSpacedName(20)).map(([a, b]) => `${a}  ${b}`),
    );
    fc.assert(
      fc.property(spoiled, (name) => {
        expect(firstMessage(NameSchema(NAME_LENGTH), name)).toBe('singleSpaces');
      }),
      RUNS,
    );
  });

  it('a digit or any other character is rejected with lettersOnly', () => {
    const spoiled = withInserted(
      singleSpacedName(39),
      fc.oneof(chars(DIGITS), charOutside(/[A-Za-z ]/)),
    );
    fc.assert(
      fc.property(spoiled, (name) => {
        expect(firstMessage(NameSchema(NAME_LENGTH), name)).toBe('lettersOnly');
      }),
      RUNS,
    );
  });

  it('any length outside 2 to 39 is rejected', () => {
    fc.assert(
      fc.property(fc.oneof(textOf(LETTERS, 1, 1), textOf(LETTERS, 40, 80)), (name) => {
        expect(firstMessage(NameSchema(NAME_LENGTH), name)).toBe(
          name.length < 2 ? 'tooShort' : 'tooLong',
        );
      }),
      RUNS,
    );
  });
});

describe('passport numbers: 5 to 9 letters and digits', () => {
  const ALNUM = LETTERS + DIGITS;

  it('letters and digits of 5 to 9 are accepted', () => {
    fc.assert(
      fc.property(textOf(ALNUM, 5, 9), (number) => {
        expect(firstMessage(PassportNumberSchema(), number)).toBeUndefined();
      }),
      RUNS,
    );
  });

  it('shorter or longer is passportNumberInvalid', () => {
    fc.assert(
      fc.property(fc.oneof(textOf(ALNUM, 1, 4), textOf(ALNUM, 10, 30)), (number) => {
        expect(firstMessage(PassportNumberSchema(), number)).toBe('passportNumberInvalid');
      }),
      RUNS,
    );
  });

  it('any other character is lettersDigitsOnly', () => {
    fc.assert(
      fc.property(withInserted(textOf(ALNUM, 4, 8), charOutside(/[A-Za-z0-9]/)), (number) => {
        expect(firstMessage(PassportNumberSchema(), number)).toBe('lettersDigitsOnly');
      }),
      RUNS,
    );
  });
});

describe('phones: 9 to 15 digits', () => {
  it('9 to 15 digits are accepted', () => {
    fc.assert(
      fc.property(textOf(DIGITS, 9, 15), (phone) => {
        expect(firstMessage(PhoneSchema(), phone)).toBeUndefined();
      }),
      RUNS,
    );
  });

  it('fewer or more digits, or any non-digit, are phoneInvalid', () => {
    const bad = fc.oneof(
      textOf(DIGITS, 1, 8),
      textOf(DIGITS, 16, 30),
      withInserted(textOf(DIGITS, 8, 14), charOutside(/\d/)),
    );
    fc.assert(
      fc.property(bad, (phone) => {
        expect(firstMessage(PhoneSchema(), phone)).toBe('phoneInvalid');
      }),
      RUNS,
    );
  });

  it('digitsOnly keeps the digits, in order, up to the maximum', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.integer({ min: 1, max: 20 }), (typed, max) => {
        const kept = digitsOnly(typed, max);
        const allDigits = [...typed].filter((c) => c >= '0' && c <= '9').join('');
        expect(kept).toMatch(/^\d*$/);
        expect(kept.length).toBe(Math.min(allDigits.length, max));
        expect(allDigits.startsWith(kept)).toBe(true);
        expect(digitsOnly(kept, max)).toBe(kept);
      }),
      RUNS,
    );
  });

  it('digitsOnly leaves digit strings within the maximum alone', () => {
    fc.assert(
      fc.property(textOf(DIGITS, 0, 15), (digits) => {
        expect(digitsOnly(digits, 15)).toBe(digits);
      }),
      RUNS,
    );
  });
});

describe('email format', () => {
  const LOCAL = `${LETTERS}${DIGITS}._+-`;
  const LABEL = `${LETTERS}${DIGITS}-`;
  const email = fc
    .tuple(
      textOf(LOCAL, 1, 20),
      fc.array(textOf(LABEL, 1, 10), { minLength: 1, maxLength: 3 }),
      textOf(LETTERS, 2, 6),
    )
    .map(([local, labels, tld]) => `${local}@${labels.join('.')}.${tld}`)
    .filter((e) => e.length <= 60);

  it('letters, digits and . _ + - before the @ and a top-level domain of 2+ letters are accepted', () => {
    fc.assert(
      fc.property(email, (address) => {
        expect(firstMessage(EmailSchema(), address)).toBeUndefined();
      }),
      RUNS,
    );
  });

  it('any other character in the local part is emailInvalid', () => {
    const spoiled = fc
      .tuple(email, charOutside(/[A-Za-z0-9._+-]/), fc.nat())
      .map(([address, c, at]) => {
        const i = at % (address.indexOf('@') + 1);
        return address.slice(0, i) + c + address.slice(i);
      })
      .filter((e) => e.length <= 60);
    fc.assert(
      fc.property(spoiled, (address) => {
        expect(firstMessage(EmailSchema(), address)).toBe('emailInvalid');
      }),
      RUNS,
    );
  });

  it('a one-letter or non-letter top-level domain, or no @, is emailInvalid', () => {
    const bad = fc.oneof(
      email.map((e) => `${e.slice(0, e.lastIndexOf('.'))}.x`),
      email.map((e) => `${e.slice(0, e.lastIndexOf('.'))}.c0m`),
      email.map((e) => e.replace('@', '')),
    );
    fc.assert(
      fc.property(bad, (address) => {
        expect(firstMessage(EmailSchema(), address)).toBe('emailInvalid');
      }),
      RUNS,
    );
  });

  it('anything over 60 characters is tooLong', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 61, maxLength: 120 }), (address) => {
        expect(firstMessage(EmailSchema(), address)).toBe('tooLong');
      }),
      RUNS,
    );
  });
});

describe('restricted text (company name and role, descriptions)', () => {
  const ALLOWED = `${LETTERS}${DIGITS},.:- `;

  it('letters, digits , . : - and space, 2 to 250 long, are accepted', () => {
    fc.assert(
      fc.property(textOf(ALLOWED, 2, 250), (text) => {
        expect(firstMessage(RestrictedTextSchema(DESCRIPTION_LENGTH), text)).toBeUndefined();
      }),
      RUNS,
    );
  });

  it('any other character is restrictedCharacters', () => {
    fc.assert(
      fc.property(
        withInserted(textOf(ALLOWED, 1, 100), charOutside(/[A-Za-z0-9,.:\- ]/)),
        (text) => {
          expect(firstMessage(RestrictedTextSchema(DESCRIPTION_LENGTH), text)).toBe(
            'restrictedCharacters',
          );
        },
      ),
      RUNS,
    );
  });
});

describe('spreadDigits (code paste)', () => {
  const codeValues = fc
    .array(fc.oneof(fc.constant(''), chars(DIGITS)), { minLength: 6, maxLength: 6 })
    .map((boxes) => Object.fromEntries(CODE_FIELDS.map((f, i) => [f, boxes[i]!])) as CodeValues);

  it('fills boxes from the start with the digits pasted, up to the last box, and keeps the rest', () => {
    fc.assert(
      fc.property(
        codeValues,
        fc.integer({ min: 0, max: 5 }),
        fc.string({ maxLength: 20 }),
        (values, start, text) => {
          const next = spreadDigits(values, start, text);
          const digits = [...text].filter((c) => c >= '0' && c <= '9');
          const placed = Math.min(digits.length, CODE_FIELDS.length - start);
          CODE_FIELDS.forEach((field, i) => {
            if (i >= start && i < start + placed) expect(next[field]).toBe(digits[i - start]);
            else expect(next[field]).toBe(values[field]);
          });
          expect(values).not.toBe(next);
        },
      ),
      RUNS,
    );
  });

  it('pasting six or more digits into the first box fills the whole code', () => {
    fc.assert(
      fc.property(textOf(DIGITS, 6, 12), (pasted) => {
        const next = spreadDigits(blankCode(), 0, pasted);
        expect(CODE_FIELDS.map((f) => next[f]).join('')).toBe(pasted.slice(0, 6));
      }),
      RUNS,
    );
  });
});
