// /travelInfo (SPEC §2, §4, §5 "Travel info"): entry reason (carried over from the eligibility
// check's main purpose), estimated arrival date and length of stay. Browser back is blocked here.
// Saves into the draft and goes on (or back to review).
import {
  ARRIVAL_DATE,
  entryReasonOptions,
  entryReasonValue,
  lengthOfStayValue,
  travelStep,
} from '@eta-il/domain';
import { useEntryReasonName, useLengthOfStayName } from '../../components/referenceNames.ts';
import { useStepFields } from '../../components/StepFields.tsx';
import { StepNavBar, StepPage, useStepScreen } from '../../components/StepScreen.tsx';
import { writeJson } from '../../session/storage.ts';
import { useEligibilityAnswers } from '../eligibility/answers.ts';
import { withEligibilityPurpose } from './prefill.ts';

export const TravelInfoPage = () => {
  const { purpose } = useEligibilityAnswers();
  const { context, step, editing, save, form, errors, errorOf, warningOf } = useStepScreen(
    'travel',
    travelStep,
    ({ draft, reference }) =>
      withEligibilityPurpose(travelStep.fromDraft(draft, reference), purpose),
  );
  const fields = useStepFields({ form, ns: 'travel', errorOf, warningOf });
  const reasonName = useEntryReasonName();
  const stayName = useLengthOfStayName();
  const { entryReasons, lengthofstay } = context.reference;
  const reasons = entryReasonOptions(entryReasons).map((r) => ({
    value: entryReasonValue(r),
    label: reasonName(r),
  }));
  const stays = lengthofstay.map((s) => ({ value: lengthOfStayValue(s), label: stayName(s) }));

  return (
    <StepPage step={step} ns="travel" errors={errors}>
      <form noValidate onSubmit={save((values) => writeJson('dataTravelInfo', values))}>
        {fields.select('entryReasonId', reasons)}
        {fields.date(ARRIVAL_DATE)}
        {fields.select('lengthOfStayId', stays)}
        <StepNavBar id="travel" editing={editing} />
      </form>
    </StepPage>
  );
};
