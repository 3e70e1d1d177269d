// The eligibility answers in session storage: `national` and `mainPurpose` (SPEC §3), kept as
// composite dropdown values and read back against the reference lists.
import {
  type Country,
  choiceId,
  ELIGIBILITY_JOURNEY,
  type EligibilityStepId,
  type EntryReason,
  eligibilityStep,
  findCountry,
  findEntryReason,
} from '@eta-il/domain';
import { useHydrated } from '../../session/hydration.ts';
import { useReferenceData } from '../../session/reference.ts';
import { useSessionValue, writeSession } from '../../session/storage.ts';

export const useEligibilityAnswers = (): { nationality?: Country; purpose?: EntryReason } => {
  const reference = useReferenceData();
  const national = useSessionValue('national');
  const mainPurpose = useSessionValue('mainPurpose');
  const nationality = findCountry(reference, choiceId(national ?? undefined));
  const purpose = findEntryReason(reference, choiceId(mainPurpose ?? undefined));
  return { ...(nationality && { nationality }), ...(purpose && { purpose }) };
};

export const clearEligibilityAnswers = () => {
  writeSession('national', null);
  writeSession('mainPurpose', null);
};

/**
 * Where an eligibility page sends a traveller without an answer it needs (the journey's `needs`):
 * the first question. Checked once hydrated, so a prerendered page shows until then.
 */
export const useStartOverWithoutAnswers = (id: EligibilityStepId): string | undefined => {
  const { nationality, purpose } = useEligibilityAnswers();
  const hydrated = useHydrated();
  const answered = { national: nationality !== undefined, mainPurpose: purpose !== undefined };
  if (!hydrated || eligibilityStep(id).needs.every((answer) => answered[answer])) return undefined;
  return ELIGIBILITY_JOURNEY[0]?.route;
};
