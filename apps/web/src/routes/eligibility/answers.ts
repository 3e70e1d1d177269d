// The eligibility answers in session storage: `national` and `mainPurpose` (SPEC §3), kept as
// composite dropdown values and read back against the reference lists.
import {
  type Country,
  choiceId,
  type EntryReason,
  findCountry,
  findEntryReason,
} from '@eta-il/domain';
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
