// SPEC §5 "Personal details" (page 2/2: history questions).
import { describe, expect, it } from 'vitest';
import { historyStep } from '../src/index.ts';
import { context, err, issuesOf, type ValidValues, validDraft, validValues } from './fixtures.ts';

type Values = ValidValues['history'];
const check = (changes: Partial<Values>) =>
  issuesOf(historyStep, { ...validValues().history, ...changes }, validDraft());
const toBearer = (changes: Partial<Values>) =>
  historyStep.toDraft({ ...validValues().history, ...changes }, context(validDraft()))
    .bearerList[0]!;

describe('§5 Personal details 2/2: previous stay in Israel', () => {
  it('the valid values pass', () => {
    expect(check({})).toEqual([]);
  });

  it.each([
    'previousStayInIsraelYN',
    'anotherVisaRequestYN',
    'previousRequestDeniedYN',
    'lawProblemsYN',
  ] as const)('§5 Personal details: the yes/no question %s is required', (field) => {
    expect(check({ [field]: '' })).toEqual([err(field, 'required')]);
  });

  it('§5 Personal details: if yes, the year is required', () => {
    expect(check({ previousYearInIsrael: '' })).toEqual([err('previousYearInIsrael', 'required')]);
  });

  it('§5 Personal details: the year is an integer of 4 digits', () => {
    expect(check({ previousYearInIsrael: '20.9' })).toEqual([
      err('previousYearInIsrael', 'yearInteger'),
    ]);
    expect(check({ previousYearInIsrael: '219' })).toEqual([
      err('previousYearInIsrael', 'previousYearInvalid'),
    ]);
    expect(check({ previousYearInIsrael: '02019' })).toEqual([
      err('previousYearInIsrael', 'previousYearInvalid'),
    ]);
  });

  it('§5 Personal details: the year may equal the birth year (1990)', () => {
    expect(check({ previousYearInIsrael: '1990' })).toEqual([]);
  });

  it('§5 Personal details: a year before the birth year is blocked with previousYearBeforeBirth', () => {
    expect(check({ previousYearInIsrael: '1989' })).toEqual([
      err('previousYearInIsrael', 'previousYearBeforeBirth'),
    ]);
  });

  it('§5 Personal details: the year may equal the current year', () => {
    expect(check({ previousYearInIsrael: '2026' })).toEqual([]);
  });

  it('§5 Personal details: next year is blocked with previousYearInFuture', () => {
    expect(check({ previousYearInIsrael: '2027' })).toEqual([
      err('previousYearInIsrael', 'previousYearInFuture'),
    ]);
  });

  it('§5 Personal details: if no, the year is not asked, and not kept in the draft', () => {
    expect(check({ previousStayInIsraelYN: '0', previousYearInIsrael: 'abc' })).toEqual([]);
    expect(toBearer({ previousStayInIsraelYN: '0' }).previousYearInIsrael).toBeNull();
    expect(toBearer({ previousStayInIsraelYN: '0' }).previousStayInIsraelYN).toBe(0);
  });
});

describe('§5 Personal details 2/2: another visa request', () => {
  const field = 'anotherVisaRequestDesc';

  it('§5 Personal details: if yes, a description is required', () => {
    expect(check({ [field]: '' })).toEqual([err(field, 'required')]);
  });

  it('§5 Personal details: the description is 2 to 250 characters (1/2 and 250/251)', () => {
    expect(check({ [field]: 'A' })).toEqual([err(field, 'tooShort')]);
    expect(check({ [field]: 'AB' })).toEqual([]);
    expect(check({ [field]: 'A'.repeat(250) })).toEqual([]);
    expect(check({ [field]: 'A'.repeat(251) })).toEqual([err(field, 'tooLong')]);
  });

  it('§5 Personal details: the description takes letters, digits , . : - and space only', () => {
    expect(check({ [field]: 'B-2 visa, 2018: refused.' })).toEqual([]);
    expect(check({ [field]: 'Visa (B-2)' })).toEqual([err(field, 'restrictedCharacters')]);
  });

  it('§5 Personal details: if no, the description is not asked, and cleared in the draft', () => {
    expect(check({ anotherVisaRequestYN: '0', [field]: '!' })).toEqual([]);
    const bearer = toBearer({ anotherVisaRequestYN: '0' });
    expect(bearer.anotherVisaRequestYN).toBe(0);
    expect(bearer.anotherVisaRequestDesc).toBe('');
  });

  it('a denied request, when yes, needs its description too', () => {
    expect(check({ previousRequestDeniedYN: '1', previousRequestDeniedDesc: '' })).toEqual([
      err('previousRequestDeniedDesc', 'required'),
    ]);
    expect(
      check({ previousRequestDeniedYN: '1', previousRequestDeniedDesc: 'Refused 2015.' }),
    ).toEqual([]);
    expect(toBearer({ previousRequestDeniedDesc: 'kept?' }).previousRequestDeniedDesc).toBe('');
  });
});
