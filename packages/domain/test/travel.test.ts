// SPEC §5 "Travel info".
import { describe, expect, it } from 'vitest';
import {
  ARRIVAL_DATE,
  entryReasonValue,
  isIneligibleMainPurpose,
  stayCombinationIssue,
  travelStep,
  withBearer,
} from '../src/index.ts';
import {
  boxes,
  country,
  entryReasonChoice,
  err,
  issuesOf,
  reference,
  stayChoice,
  type ValidValues,
  validDraft,
  validValues,
  warn,
} from './fixtures.ts';

type Values = ValidValues['travel'];
const check = (changes: Partial<Values>, draft = validDraft()) =>
  issuesOf(travelStep, { ...validValues().travel, ...changes }, draft);
const combination = (reason: number, stay: number) =>
  check({ entryReasonId: entryReasonChoice(reason), lengthOfStayId: stayChoice(stay) });
const arrival = (iso: string) => check(boxes(ARRIVAL_DATE, iso));

const eligibleReasons = reference.entryReasons.filter((r) => r.Valid_for_ETAIL === 'Y');
const stays = reference.lengthofstay.map((s) => s.Code);

describe('§5 Travel info', () => {
  it('the valid values pass', () => {
    expect(check({})).toEqual([]);
  });

  it('§5 Travel info: entry reason is required', () => {
    expect(check({ entryReasonId: '' })).toEqual([err('entryReasonId', 'required')]);
  });

  it('§5 Travel info: length of stay is required', () => {
    expect(check({ lengthOfStayId: '' })).toEqual([err('lengthOfStayId', 'required')]);
  });

  it('an entry reason or stay that is not in the reference lists is refused', () => {
    expect(check({ entryReasonId: '99:Space travel:Y' })).toEqual([
      err('entryReasonId', 'choiceInvalid'),
    ]);
    expect(check({ lengthOfStayId: '99:Forever' })).toEqual([
      err('lengthOfStayId', 'choiceInvalid'),
    ]);
  });

  it('§5 Travel info: entry reason with Valid_for_ETAIL N (code 4) is blocked with entryReasonNotEligible', () => {
    expect(entryReasonValue(reference.entryReasons.find((r) => r.Code === 4)!)).toMatch(/^4:.*:N$/);
    expect(check({ entryReasonId: entryReasonChoice(4) })).toEqual([
      err('entryReasonId', 'entryReasonNotEligible'),
    ]);
  });

  it('§5 Travel info: every entry reason flagged N is blocked', () => {
    const blocked = reference.entryReasons.filter((r) => r.Valid_for_ETAIL === 'N');
    expect(blocked.length).toBeGreaterThan(0);
    for (const r of blocked) {
      expect(check({ entryReasonId: entryReasonValue(r) })).toEqual([
        err('entryReasonId', 'entryReasonNotEligible'),
      ]);
    }
  });

  it('the eligibility check and the travel step agree on every main purpose: Studies is refused by both (decision 037)', () => {
    for (const r of reference.entryReasons) {
      const blocked = check({ entryReasonId: entryReasonValue(r) }).some(
        (i) => i.message === 'entryReasonNotEligible',
      );
      expect({ purpose: r.Description, blocked }).toEqual({
        purpose: r.Description,
        blocked: isIneligibleMainPurpose(r),
      });
    }
    const studies = reference.entryReasons.find((r) => r.Description === 'Studies')!;
    expect(isIneligibleMainPurpose(studies)).toBe(true);
  });

  it.each([2, 3, 5, 8, 9, 10])(
    '§5 Travel info: length-of-stay 6 with entry reason %i is blocked with stayOverThreeMonths',
    (reason) => {
      expect(combination(reason, 6)).toEqual([err('lengthOfStayId', 'stayOverThreeMonths')]);
    },
  );

  it('§5 Travel info: entry reason 1 with length-of-stay 6 is blocked with tourismStayTooLong', () => {
    expect(combination(1, 6)).toEqual([err('lengthOfStayId', 'tourismStayTooLong')]);
  });

  it.each([4, 5, 6])(
    '§5 Travel info: entry reason 7 with length-of-stay %i is blocked with visitPurposeTooLong',
    (stay) => {
      expect(combination(7, stay)).toEqual([err('lengthOfStayId', 'visitPurposeTooLong')]);
    },
  );

  it.each([
    [1, 5],
    [1, 1],
    [2, 5],
    [6, 6],
    [7, 3],
    [7, 1],
    [10, 4],
  ])('§5 Travel info: entry reason %i with length-of-stay %i is allowed', (reason, stay) => {
    expect(combination(reason, stay)).toEqual([]);
  });

  it('§5 Travel info: the three blocked combinations are the only ones (every reason × stay)', () => {
    const blocked = (reason: number, stay: number) =>
      (stay === 6 && [1, 2, 3, 5, 8, 9, 10].includes(reason)) ||
      (reason === 7 && [4, 5, 6].includes(stay));
    for (const reason of eligibleReasons) {
      for (const stay of stays) {
        const issues = combination(reason.Code, stay);
        expect(issues.length, `reason ${reason.Code} × stay ${stay}`).toBe(
          blocked(reason.Code, stay) ? 1 : 0,
        );
        expect(stayCombinationIssue(reason.Code, stay) !== undefined).toBe(
          blocked(reason.Code, stay),
        );
      }
    }
  });

  it('§5 Travel info: a blocked entry reason and a long stay report the reason only', () => {
    expect(combination(4, 6)).toEqual([err('entryReasonId', 'entryReasonNotEligible')]);
  });

  it('§5 Travel info: arrival day must be DD and month MM', () => {
    expect(check({ dayEstimatedAarrivalDate: '5' })).toEqual([
      err('dayEstimatedAarrivalDate', 'dayFormat'),
    ]);
    expect(check({ dayEstimatedAarrivalDate: '32' })).toEqual([
      err('dayEstimatedAarrivalDate', 'dayFormat'),
    ]);
    expect(check({ monthEstimatedAarrivalDate: '13' })).toEqual([
      err('monthEstimatedAarrivalDate', 'monthFormat'),
    ]);
  });

  it('§5 Travel info: arrival year must be an integer', () => {
    expect(check({ yearEstimatedAarrivalDate: '20x7' })).toEqual([
      err('yearEstimatedAarrivalDate', 'yearInteger'),
    ]);
  });

  it('§5 Travel info: arrival year 1899 is refused, 1900 is a year (then in the past)', () => {
    expect(check({ yearEstimatedAarrivalDate: '1899' })).toEqual([
      err('yearEstimatedAarrivalDate', 'dateInvalid'),
    ]);
    expect(check({ yearEstimatedAarrivalDate: '1900' })).toEqual([
      err('dayEstimatedAarrivalDate', 'arrivalInPast'),
    ]);
  });

  it('§5 Travel info: arrival year 3000 is a year (then too far ahead), 3001 is refused', () => {
    expect(check({ yearEstimatedAarrivalDate: '3000' })).toEqual([
      err('dayEstimatedAarrivalDate', 'arrivalTooFarAhead'),
    ]);
    expect(check({ yearEstimatedAarrivalDate: '3001' })).toEqual([
      err('yearEstimatedAarrivalDate', 'dateInvalid'),
    ]);
  });

  it('§5 Travel info: arrival must be a real date (31/02 is dateInvalid)', () => {
    expect(check({ dayEstimatedAarrivalDate: '31', monthEstimatedAarrivalDate: '02' })).toEqual([
      err('dayEstimatedAarrivalDate', 'dateInvalid'),
    ]);
  });

  it('§5 Travel info: arrival today is accepted', () => {
    expect(arrival('2026-11-22')).toEqual([]);
  });

  it('§5 Travel info: arrival yesterday is blocked with arrivalInPast', () => {
    expect(arrival('2026-11-21')).toEqual([err('dayEstimatedAarrivalDate', 'arrivalInPast')]);
  });

  it('§5 Travel info: arrival exactly 2 years ahead gives no warning', () => {
    expect(arrival('2028-11-22')).toEqual([]);
  });

  it('§5 Travel info: arrival 2 years and a day ahead gives the arrivalFarAheadWarning warning', () => {
    expect(arrival('2028-11-23')).toEqual([
      warn('dayEstimatedAarrivalDate', 'arrivalFarAheadWarning'),
    ]);
  });

  it('§5 Travel info: arrival exactly 20 years ahead is allowed (with the warning)', () => {
    expect(arrival('2046-11-22')).toEqual([
      warn('dayEstimatedAarrivalDate', 'arrivalFarAheadWarning'),
    ]);
  });

  it('§5 Travel info: arrival 20 years and a day ahead is blocked with arrivalTooFarAhead', () => {
    expect(arrival('2046-11-23')).toEqual([err('dayEstimatedAarrivalDate', 'arrivalTooFarAhead')]);
  });

  it('§5 Travel info: arrival country cannot be Israel (arrivalFromIsrael)', () => {
    const israel = country('ISR');
    const draft = withBearer(validDraft(), {
      portOfEntryCountryId: {
        id: israel.EXT_COUNTRY_ID,
        Description: israel.Official_country_name,
      },
    });
    expect(check({}, draft)).toEqual([err('entryReasonId', 'arrivalFromIsrael')]);
  });

  it('an arrival from another country is accepted', () => {
    const france = country('FRA');
    const draft = withBearer(validDraft(), {
      portOfEntryCountryId: {
        id: france.EXT_COUNTRY_ID,
        Description: france.Official_country_name,
      },
    });
    expect(check({}, draft)).toEqual([]);
  });

  it('issues come in page order', () => {
    const issues = check({
      entryReasonId: '',
      dayEstimatedAarrivalDate: '',
      lengthOfStayId: '',
    });
    expect(issues.map((i) => i.field)).toEqual([
      'entryReasonId',
      'dayEstimatedAarrivalDate',
      'lengthOfStayId',
    ]);
  });
});
