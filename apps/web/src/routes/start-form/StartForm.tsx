// 'Who are you applying for?': Myself, or Someone else with the applicant's own details
// (SPEC §2, §3, §5 "Applicant"). Next saves into the draft and goes to the email step.
import {
  type ApplicantValues,
  applicantStep,
  MYSELF_VALUE,
  SOMEONE_ELSE_VALUE,
} from '@eta-il/domain';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RadioGroup } from '../../components/RadioGroup.tsx';
import { StepNavBar, StepPage, useStepScreen } from '../../components/StepScreen.tsx';
import { YOUR_DETAILS, YourDetails } from './YourDetails.tsx';

/** Nothing is chosen for the traveller: an unanswered question is an error, not a default. */
const blankForm = (): ApplicantValues => ({ ...applicantStep.blank(), groupTypeId: '' });

export const StartForm = () => {
  const { t } = useTranslation(['start', 'common']);
  const { context, step, save, form, errors, errorOf } = useStepScreen(
    'applicant',
    applicantStep,
    blankForm,
  );
  const who = useWatch({ control: form.control, name: 'groupTypeId' });

  // Choosing Myself clears the five "Your details" fields (SPEC §2).
  const clearYourDetails = () => {
    for (const name of YOUR_DETAILS) form.setValue(name, '');
    form.clearErrors([...YOUR_DETAILS]);
  };

  return (
    <StepPage step={step} ns="start" errors={errors}>
      <form noValidate onSubmit={save()}>
        <RadioGroup
          name="groupTypeId"
          legend={t('fields.groupTypeId.label')}
          hint={t('fields.groupTypeId.hint')}
          options={[
            { value: MYSELF_VALUE, label: t('options.myself') },
            { value: SOMEONE_ELSE_VALUE, label: t('options.someoneElse') },
          ]}
          registration={form.register('groupTypeId', {
            onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
              if (event.target.value === MYSELF_VALUE) clearYourDetails();
            },
          })}
          error={errorOf('groupTypeId')}
        />
        {who === SOMEONE_ELSE_VALUE && (
          <YourDetails form={form} errorOf={errorOf} countries={context.reference.allcountry} />
        )}
        <StepNavBar id="applicant" editing={false} />
      </form>
    </StepPage>
  );
};
