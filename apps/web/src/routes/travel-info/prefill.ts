// The main purpose answered in the eligibility check (session `mainPurpose`) fills the purpose of
// the visit the first time the travel step opens, when the draft has none yet (decision 038). A
// purpose ETA-IL does not cover is not carried over: the check has already said so.
import {
  type EntryReason,
  entryReasonValue,
  isIneligibleMainPurpose,
  type TravelValues,
} from '@eta-il/domain';

export const withEligibilityPurpose = (
  values: TravelValues,
  purpose: EntryReason | undefined,
): TravelValues =>
  values.entryReasonId || !purpose || isIneligibleMainPurpose(purpose)
    ? values
    : { ...values, entryReasonId: entryReasonValue(purpose) };
