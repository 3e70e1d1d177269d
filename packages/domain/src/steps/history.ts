// Personal details 2/2: history questions with Yes/No answers (SPEC §2, §5).
import * as z from 'zod/mini';
import type { Flag } from '../application.ts';
import { DESCRIPTION_LENGTH } from '../constants.ts';
import { yearOf } from '../dates.ts';
import { bearerOf, withBearer } from '../draft.ts';
import { RestrictedTextSchema, requiredText, YesNoSchema } from '../fields.ts';
import { error, type Issue } from '../issues.ts';
import { memo, objectOf } from '../schema-cache.ts';
import { defineStep } from './step.ts';

export interface HistoryValues extends Record<string, string> {
  previousStayInIsraelYN: string;
  previousYearInIsrael: string;
  anotherVisaRequestYN: string;
  anotherVisaRequestDesc: string;
  previousRequestDeniedYN: string;
  previousRequestDeniedDesc: string;
  lawProblemsYN: string;
}

const YES = '1';
const flag = (value: string): Flag => (value === YES ? 1 : value === '0' ? 0 : null);
const flagValue = (f: Flag) => (f === null ? '' : String(f));

const PreviousYearSchema = memo(() =>
  requiredText().check(
    z.regex(/^\d+$/, { error: 'yearInteger', abort: true }),
    z.regex(/^\d{4}$/, { error: 'previousYearInvalid', abort: true }),
  ),
);

export const historyStep = defineStep<HistoryValues>({
  id: 'history',
  fields: [
    'previousStayInIsraelYN',
    'previousYearInIsrael',
    'anotherVisaRequestYN',
    'anotherVisaRequestDesc',
    'previousRequestDeniedYN',
    'previousRequestDeniedDesc',
    'lawProblemsYN',
  ],
  blank: () => ({
    previousStayInIsraelYN: '',
    previousYearInIsrael: '',
    anotherVisaRequestYN: '',
    anotherVisaRequestDesc: '',
    previousRequestDeniedYN: '',
    previousRequestDeniedDesc: '',
    lawProblemsYN: '',
  }),
  // A "yes" opens the question's follow-up field; a "no" leaves it unasked.
  shape: (v) =>
    objectOf({
      previousStayInIsraelYN: YesNoSchema(),
      ...(v.previousStayInIsraelYN === YES ? { previousYearInIsrael: PreviousYearSchema() } : {}),
      anotherVisaRequestYN: YesNoSchema(),
      ...(v.anotherVisaRequestYN === YES
        ? { anotherVisaRequestDesc: RestrictedTextSchema(DESCRIPTION_LENGTH) }
        : {}),
      previousRequestDeniedYN: YesNoSchema(),
      ...(v.previousRequestDeniedYN === YES
        ? { previousRequestDeniedDesc: RestrictedTextSchema(DESCRIPTION_LENGTH) }
        : {}),
      lawProblemsYN: YesNoSchema(),
    }),
  rules: (values, { today, draft }) => {
    const issues: Issue[] = [];
    if (values.previousStayInIsraelYN !== YES || !/^\d{4}$/.test(values.previousYearInIsrael)) {
      return issues;
    }
    const year = Number(values.previousYearInIsrael);
    const birthDate = bearerOf(draft).birthDate;
    if (year > yearOf(today)) issues.push(error('previousYearInIsrael', 'previousYearInFuture'));
    else if (birthDate && year < yearOf(birthDate)) {
      issues.push(error('previousYearInIsrael', 'previousYearBeforeBirth'));
    }
    return issues;
  },
  toDraft: (v, { draft }) =>
    withBearer(draft, {
      previousStayInIsraelYN: flag(v.previousStayInIsraelYN),
      previousYearInIsrael:
        v.previousStayInIsraelYN === YES ? Number(v.previousYearInIsrael) : null,
      anotherVisaRequestYN: flag(v.anotherVisaRequestYN),
      anotherVisaRequestDesc: v.anotherVisaRequestYN === YES ? v.anotherVisaRequestDesc : '',
      previousRequestDeniedYN: flag(v.previousRequestDeniedYN),
      previousRequestDeniedDesc:
        v.previousRequestDeniedYN === YES ? v.previousRequestDeniedDesc : '',
      lawProblemsYN: flag(v.lawProblemsYN),
    }),
  fromDraft: (draft) => {
    const b = bearerOf(draft);
    return {
      previousStayInIsraelYN: flagValue(b.previousStayInIsraelYN),
      previousYearInIsrael: b.previousYearInIsrael === null ? '' : String(b.previousYearInIsrael),
      anotherVisaRequestYN: flagValue(b.anotherVisaRequestYN),
      anotherVisaRequestDesc: b.anotherVisaRequestDesc,
      previousRequestDeniedYN: flagValue(b.previousRequestDeniedYN),
      previousRequestDeniedDesc: b.previousRequestDeniedDesc,
      lawProblemsYN: flagValue(b.lawProblemsYN),
    };
  },
});
