import { choiceId, choiceValueOf, entryReasonValue, lengthOfStayValue } from '../choices.ts';
import {
  ARRIVAL_MAX_YEARS_AHEAD,
  ARRIVAL_WARNING_YEARS_AHEAD,
  DATE_YEAR,
  REASONS_LIMITED_TO_THREE_MONTHS,
  SHORT_VISIT_REASON_CODE,
  STAY_OVER_THREE_MONTHS_CODE,
  STAYS_LONGER_THAN_PURPOSE_ALLOWS,
  TOURISM_REASON_CODE,
} from '../constants.ts';
import { addYearsIso } from '../dates.ts';
import { bearerOf, withBearer } from '../draft.ts';
import { ChoiceSchema } from '../fields.ts';
import { error, type Issue, warning } from '../issues.ts';
import {
  findCountry,
  findEntryReason,
  findLengthOfStay,
  isIneligibleMainPurpose,
  isIsrael,
} from '../reference.ts';
import { objectOf } from '../schema-cache.ts';
import { dateShape, dateValues, readDate } from './date-fields.ts';
import { defineStep } from './step.ts';

export interface TravelValues extends Record<string, string> {
  entryReasonId: string;
  dayEstimatedAarrivalDate: string;
  monthEstimatedAarrivalDate: string;
  yearEstimatedAarrivalDate: string;
  lengthOfStayId: string;
}

/** SPEC's wire names for the arrival date boxes (spelling as given). */
export const ARRIVAL_DATE = {
  day: 'dayEstimatedAarrivalDate',
  month: 'monthEstimatedAarrivalDate',
  year: 'yearEstimatedAarrivalDate',
} as const;

/** Length of stay × entry reason: the combinations that block, each with its own message. */
export const stayCombinationIssue = (reason: number, stay: number): Issue | undefined => {
  if (reason === TOURISM_REASON_CODE && stay === STAY_OVER_THREE_MONTHS_CODE) {
    return error('lengthOfStayId', 'tourismStayTooLong');
  }
  if (stay === STAY_OVER_THREE_MONTHS_CODE && REASONS_LIMITED_TO_THREE_MONTHS.includes(reason)) {
    return error('lengthOfStayId', 'stayOverThreeMonths');
  }
  if (reason === SHORT_VISIT_REASON_CODE && STAYS_LONGER_THAN_PURPOSE_ALLOWS.includes(stay)) {
    return error('lengthOfStayId', 'visitPurposeTooLong');
  }
  return undefined;
};

export const travelStep = defineStep<TravelValues>({
  id: 'travel',
  fields: ['entryReasonId', ...Object.values(ARRIVAL_DATE), 'lengthOfStayId'],
  blank: () => ({
    entryReasonId: '',
    dayEstimatedAarrivalDate: '',
    monthEstimatedAarrivalDate: '',
    yearEstimatedAarrivalDate: '',
    lengthOfStayId: '',
  }),
  shape: () =>
    objectOf({
      entryReasonId: ChoiceSchema(),
      ...dateShape(ARRIVAL_DATE, DATE_YEAR),
      lengthOfStayId: ChoiceSchema(),
    }),
  rules: (values, { reference, today, draft }) => {
    const issues: Issue[] = [];
    const reason = findEntryReason(reference, choiceId(values.entryReasonId));
    const stay = findLengthOfStay(reference, choiceId(values.lengthOfStayId));
    if (!reason) issues.push(error('entryReasonId', 'choiceInvalid'));
    else if (isIneligibleMainPurpose(reason))
      issues.push(error('entryReasonId', 'entryReasonNotEligible'));
    if (!stay) issues.push(error('lengthOfStayId', 'choiceInvalid'));
    if (reason && stay) {
      const combination = stayCombinationIssue(reason.Code, stay.Code);
      if (combination) issues.push(combination);
    }

    const arrival = readDate(values, ARRIVAL_DATE);
    if (arrival.kind === 'unreal') issues.push(error(ARRIVAL_DATE.day, 'dateInvalid'));
    if (arrival.kind === 'date') {
      if (arrival.iso < today) issues.push(error(ARRIVAL_DATE.day, 'arrivalInPast'));
      else if (arrival.iso > addYearsIso(today, ARRIVAL_MAX_YEARS_AHEAD)) {
        issues.push(error(ARRIVAL_DATE.day, 'arrivalTooFarAhead'));
      } else if (arrival.iso > addYearsIso(today, ARRIVAL_WARNING_YEARS_AHEAD)) {
        issues.push(warning(ARRIVAL_DATE.day, 'arrivalFarAheadWarning'));
      }
    }

    // Not asked on this screen, but a draft that claims arrival from Israel is refused.
    const portOfEntry = bearerOf(draft).portOfEntryCountryId;
    if (portOfEntry && isIsrael(findCountry(reference, portOfEntry.id))) {
      issues.push(error('entryReasonId', 'arrivalFromIsrael'));
    }
    return issues;
  },
  toDraft: (values, { draft, reference }) => {
    const reason = findEntryReason(reference, choiceId(values.entryReasonId));
    const stay = findLengthOfStay(reference, choiceId(values.lengthOfStayId));
    const arrival = readDate(values, ARRIVAL_DATE);
    return withBearer(draft, {
      entryReasonId: reason ? { id: reason.Code, Description: reason.Description } : null,
      lengthOfStayId: stay ? { id: stay.Code, Description: stay.Description } : null,
      estimatedArrivalDate: arrival.kind === 'date' ? arrival.iso : '',
    });
  },
  fromDraft: (draft, reference) => {
    const bearer = bearerOf(draft);
    return {
      entryReasonId: choiceValueOf(
        bearer.entryReasonId,
        (id) => findEntryReason(reference, id),
        entryReasonValue,
      ),
      ...(dateValues(ARRIVAL_DATE, bearer.estimatedArrivalDate) as Pick<
        TravelValues,
        (typeof ARRIVAL_DATE)[keyof typeof ARRIVAL_DATE]
      >),
      lengthOfStayId: choiceValueOf(
        bearer.lengthOfStayId,
        (id) => findLengthOfStay(reference, id),
        lengthOfStayValue,
      ),
    };
  },
});
