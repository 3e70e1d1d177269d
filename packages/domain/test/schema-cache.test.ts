// Schemas built once (issue 32): a field's factory and a step's shape give the same schema for
// the same arguments, so a submission parses with schemas built at the first request.

import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  applicantStep,
  declarationStep,
  emailStep,
  type FormValues,
  historyStep,
  NameSchema,
  passportStep,
  personalStep,
  photoStep,
  type Step,
  travelStep,
  YearSchema,
} from '../src/index.ts';
import { memo, objectOf } from '../src/schema-cache.ts';
import { validValues } from './fixtures.ts';

describe('memo', () => {
  it('builds once per distinct list of arguments', () => {
    let built = 0;
    const schema = memo((min: number, max: number) => {
      built += 1;
      return z.string().check(z.minLength(min), z.maxLength(max));
    });
    expect(schema(1, 5)).toBe(schema(1, 5));
    expect(schema(1, 6)).not.toBe(schema(1, 5));
    expect(built).toBe(2);
  });

  it("the fields' factories: the same range, the same schema; another, another", () => {
    expect(NameSchema({ min: 2, max: 39 })).toBe(NameSchema({ min: 2, max: 39 }));
    expect(NameSchema({ min: 2, max: 40 })).not.toBe(NameSchema({ min: 2, max: 39 }));
    expect(YearSchema(1900, 2100)).toBe(YearSchema(1900, 2100));
    // The limits still apply: a cached schema is not a looser one.
    expect(YearSchema(1900, 2000).safeParse('2001').success).toBe(false);
    expect(YearSchema(1900, 2100).safeParse('2001').success).toBe(true);
  });
});

describe('objectOf', () => {
  const a = z.string();
  const b = z.string();
  it('the same field names and schemas give the same object', () => {
    expect(objectOf({ x: a, y: b })).toBe(objectOf({ x: a, y: b }));
  });
  it('another schema, another name or another order gives another object', () => {
    const first = objectOf({ x: a, y: b });
    expect(objectOf({ x: a, y: a })).not.toBe(first);
    expect(objectOf({ x: a, z: b })).not.toBe(first);
    expect(objectOf({ y: b, x: a })).not.toBe(first);
  });
});

describe("every step's shape is built once per variant", () => {
  const values = validValues();
  const cases: [string, Step<FormValues>, FormValues[]][] = [
    [
      'applicant',
      applicantStep as unknown as Step<FormValues>,
      [values.applicant, applicantStep.blank()],
    ],
    ['email', emailStep as unknown as Step<FormValues>, [values.email]],
    ['travel', travelStep as unknown as Step<FormValues>, [values.travel]],
    ['passport', passportStep as unknown as Step<FormValues>, [values.passport]],
    [
      'personal',
      personalStep as unknown as Step<FormValues>,
      [values.personal, personalStep.blank()],
    ],
    ['photo', photoStep as unknown as Step<FormValues>, [values.photo]],
    ['history', historyStep as unknown as Step<FormValues>, [values.history, historyStep.blank()]],
    ['declaration', declarationStep as unknown as Step<FormValues>, [values.declaration]],
  ];
  it.each(cases)('%s', (_name, step, variants) => {
    for (const variant of variants) {
      // The same values a second time (a fresh copy): the very same schema.
      expect(step.shape({ ...variant })).toBe(step.shape(variant));
    }
  });

  it('a conditional field changes the schema, and back', () => {
    const yes = validValues().history;
    const no = { ...yes, previousStayInIsraelYN: '0', previousYearInIsrael: '' };
    expect(historyStep.shape(no)).not.toBe(historyStep.shape(yes));
    expect(historyStep.shape({ ...yes })).toBe(historyStep.shape(yes));
  });
});
