// The whole submission (POST /api/senddatamarom): the draft's shape, then every step's rules.
import { describe, expect, it } from 'vitest';
import {
  type ApplicationDraft,
  GROUP_SIZE_MAX,
  type SubmissionIssue,
  validateSubmission,
  withBearer,
} from '../src/index.ts';
import {
  bornOn,
  buildDraft,
  groupDraft,
  passportTypeChoice,
  reference,
  TODAY,
  validDraft,
} from './fixtures.ts';

const ctx = { today: TODAY, reference };
const issuesOf = (input: unknown): SubmissionIssue[] => {
  const result = validateSubmission(input, ctx);
  return result.ok ? [] : result.issues;
};
const malformed = (field: string): SubmissionIssue => ({
  field,
  message: 'draftMalformed',
  severity: 'error',
  step: 'draft',
});
/** The valid draft as JSON, with one path changed (or removed when value is undefined). */
const jsonWith = (change: (json: Record<string, unknown>) => void): unknown => {
  const json = JSON.parse(JSON.stringify(validDraft())) as Record<string, unknown>;
  change(json);
  return json;
};
const firstBearer = (json: Record<string, unknown>) =>
  (json.bearerList as Record<string, unknown>[])[0]!;

describe('validateSubmission', () => {
  it('the valid draft passes, with no warnings, and comes back unchanged', () => {
    const draft = validDraft();
    const result = validateSubmission(draft, ctx);
    expect(result).toEqual({ ok: true, draft, warnings: [] });
  });

  it('the valid draft passes after a JSON round trip (as the server receives it)', () => {
    expect(validateSubmission(JSON.parse(JSON.stringify(validDraft())), ctx).ok).toBe(true);
  });

  it.each([
    ['null', null],
    ['a string', 'jsonForm'],
    ['a number', 42],
    ['an array', []],
  ])('a body that is %s is draftMalformed', (_, body) => {
    expect(issuesOf(body)).toEqual([malformed('jsonForm')]);
  });

  it('a draft without bearerList is draftMalformed at bearerList', () => {
    expect(issuesOf(jsonWith((j) => delete j.bearerList))).toEqual([malformed('bearerList')]);
  });

  it('a draft with no traveller is draftMalformed at bearerList', () => {
    expect(issuesOf(jsonWith((j) => (j.bearerList = [])))).toEqual([malformed('bearerList')]);
  });

  it(`a group of ${GROUP_SIZE_MAX} passes; one more is groupTooLarge, before anything else is read`, () => {
    const ten = Array.from({ length: GROUP_SIZE_MAX }, (_, i) =>
      bornOn('1990-07-04', '2020-05-10', `AB${1000000 + i}`),
    );
    expect(validateSubmission(groupDraft(...ten), ctx).ok).toBe(true);
    const eleven = jsonWith((j) => {
      j.bearerList = Array.from({ length: GROUP_SIZE_MAX + 1 }, () => firstBearer(j));
    });
    expect(issuesOf(eleven)).toEqual([
      { field: 'bearerList', message: 'groupTooLarge', severity: 'error', step: 'draft' },
    ]);
  });

  it("every traveller of a group is checked as a single application's traveller, and named", () => {
    const group = groupDraft(
      {},
      { ...bornOn('1992-01-02', '2021-03-04', 'CD7654321'), passport: { passportNum: 'CD-76' } },
    );
    expect(issuesOf(group)).toEqual([
      expect.objectContaining({ field: 'passportNum', step: 'passport', traveller: 1 }),
    ]);
  });

  it("a minor may be a 'Myself' group's second traveller (the first applies for them), not its first", () => {
    const adult = bornOn('1990-07-04', '2020-05-10', 'AB1234567');
    const child = bornOn('2016-02-03', '2022-06-07', 'CH1234567');
    const myself = { applicant: { groupTypeId: '1:Myself' } };
    const withChild = groupDraft({ ...adult, ...myself }, { ...child, ...myself });
    expect(validateSubmission(withChild, ctx).ok).toBe(true);
    const childFirst = groupDraft({ ...child, ...myself }, { ...adult, ...myself });
    expect(issuesOf(childFirst)).toEqual([
      expect.objectContaining({ message: 'minorMustBeAppliedFor', step: 'passport' }),
    ]);
    expect(issuesOf(childFirst)[0]?.traveller).toBe(0);
  });

  it('a field of the wrong type is draftMalformed at its path', () => {
    expect(issuesOf(jsonWith((j) => (j.reqTypeId = '2100')))).toEqual([malformed('reqTypeId')]);
    expect(issuesOf(jsonWith((j) => (firstBearer(j).passportNum = 12345678)))).toEqual([
      malformed('bearerList.0.passportNum'),
    ]);
    expect(issuesOf(jsonWith((j) => (firstBearer(j).previousYearInIsrael = '2019')))).toEqual([
      malformed('bearerList.0.previousYearInIsrael'),
    ]);
    expect(issuesOf(jsonWith((j) => (firstBearer(j).biometricPassportYN = 2)))).toEqual([
      malformed('bearerList.0.biometricPassportYN'),
    ]);
    expect(issuesOf(jsonWith((j) => (j.groupTypeId = 2)))).toEqual([malformed('groupTypeId')]);
  });

  it('a draft breaking one travel rule gives that issue with its step and field', () => {
    const draft = withBearer(validDraft(), {
      lengthOfStayId: { id: 6, Description: 'More than 3 months' },
    });
    expect(issuesOf(draft)).toEqual([
      { step: 'travel', field: 'lengthOfStayId', message: 'tourismStayTooLong', severity: 'error' },
    ]);
  });

  it('a draft with an enemy nationality gives that issue with its step and field', () => {
    const draft = withBearer(validDraft(), { nationalityId: { id: 422, Description: 'Lebanon' } });
    expect(issuesOf(draft)).toEqual([
      { step: 'passport', field: 'nationalityId', message: 'countryEnemy', severity: 'error' },
    ]);
  });

  it('a draft whose previous stay year is before the birth year gives that issue', () => {
    const draft = withBearer(validDraft(), { previousYearInIsrael: 1980 });
    expect(issuesOf(draft)).toEqual([
      {
        step: 'history',
        field: 'previousYearInIsrael',
        message: 'previousYearBeforeBirth',
        severity: 'error',
      },
    ]);
  });

  it('a draft of a minor applying for themselves is refused', () => {
    const draft: ApplicationDraft = {
      ...withBearer(validDraft(), { birthDate: '2010-01-01' }),
      groupTypeId: { id: 1, Description: 'Myself' },
      applicantTsadGimel: null,
    };
    expect(issuesOf(draft)).toContainEqual({
      step: 'passport',
      field: 'dayBirth',
      message: 'minorMustBeAppliedFor',
      severity: 'error',
    });
  });

  it('a draft without the email, the photo or the declaration is refused on those steps', () => {
    const draft: ApplicationDraft = {
      ...withBearer(validDraft(), { photoId: null }),
      reqMainEmailAddress: '',
      reqDeclaration: 0,
    };
    expect(issuesOf(draft)).toEqual([
      { step: 'email', field: 'EmailAddress', message: 'required', severity: 'error' },
      { step: 'email', field: 'ConfirmEmail', message: 'required', severity: 'error' },
      { step: 'photo', field: 'photoId', message: 'photoRequired', severity: 'error' },
      {
        step: 'declaration',
        field: 'reqDeclaration',
        message: 'declarationRequired',
        severity: 'error',
      },
    ]);
  });

  it('warnings do not make it fail: they come back with the draft', () => {
    const draft = buildDraft({ passport: { passportTypeId: passportTypeChoice(31) } });
    const result = validateSubmission(draft, ctx);
    expect(result).toEqual({
      ok: true,
      draft,
      warnings: [
        {
          step: 'passport',
          field: 'passportTypeId',
          message: 'diplomaticPassportWarning',
          severity: 'warning',
        },
      ],
    });
  });

  it('a draft with both an error and a warning fails with the error only', () => {
    const draft = withBearer(buildDraft({ passport: { passportTypeId: passportTypeChoice(31) } }), {
      lengthOfStayId: { id: 6, Description: 'More than 3 months' },
    });
    expect(issuesOf(draft)).toEqual([
      { step: 'travel', field: 'lengthOfStayId', message: 'tourismStayTooLong', severity: 'error' },
    ]);
  });
});

describe('validateSubmission: the raw first-step copy (applicantTsadGimel)', () => {
  it('§3 the stored applicant fields are the ones checked, whatever the raw copy says', () => {
    const draft = validDraft();
    const tampered = { ...draft, applicantFirstName: 'J0HN' };
    expect(issuesOf(tampered).map((i) => [i.field, i.message])).toContainEqual([
      'applicantTsadGimel',
      'draftMalformed',
    ]);
  });

  it('§3 a raw copy that contradicts the stored fields is refused as malformed', () => {
    const draft = validDraft();
    const raw = draft.applicantTsadGimel;
    expect(raw).not.toBeNull();
    const contradicting = {
      ...draft,
      applicantTsadGimel: { ...raw!, applicantPassportNum: 'ZZ999999' },
    };
    expect(issuesOf(contradicting)).toEqual([
      {
        field: 'applicantTsadGimel',
        message: 'draftMalformed',
        severity: 'error',
        step: 'applicant',
      },
    ]);
  });

  it('§3 a draft without the raw copy is checked on its stored fields alone', () => {
    expect(issuesOf({ ...validDraft(), applicantTsadGimel: null })).toEqual([]);
  });
});
