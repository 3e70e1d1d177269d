// /EligibilityMainPurpose: 'What’s the main purpose of your visit?' with Back and Next (SPEC §2).
import { entryReasonOptions, entryReasonValue } from '@eta-il/domain';
import { Navigate } from 'react-router';
import { useEntryReasonName } from '../../components/referenceNames.ts';
import { useReferenceData } from '../../session/reference.ts';
import { useStartOverWithoutAnswers } from '../eligibility/answers.ts';
import { EligibilityQuestion } from '../eligibility/EligibilityQuestion.tsx';

export const EligibilityMainPurposePage = () => {
  const reference = useReferenceData();
  const reasonName = useEntryReasonName();
  const startOver = useStartOverWithoutAnswers('mainPurpose');
  if (startOver) return <Navigate to={startOver} replace />;
  return (
    <EligibilityQuestion
      id="mainPurpose"
      texts="purpose"
      options={entryReasonOptions(reference.entryReasons).map((r) => ({
        value: entryReasonValue(r),
        label: reasonName(r),
      }))}
    />
  );
};
