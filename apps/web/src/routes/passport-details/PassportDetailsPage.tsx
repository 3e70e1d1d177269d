// /passportDetails (SPEC §2, §4, §5 "Passport"): the traveller's passport and who it names. Next
// checks the passport country with the server before the step is saved (usePassportSubmit).
import { CHECK_LOADER_MS, GROUP_TYPE, type PassportValues, passportStep } from '@eta-il/domain';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Loader.tsx';
import { StepNavBar, StepPage, useStepScreen } from '../../components/StepScreen.tsx';
import { useShownAtLeast } from '../../components/useShownAtLeast.ts';
import { useEligibilityAnswers } from '../eligibility/answers.ts';
import { COUNTRY_REJECTED, withCountryRejection } from './countryCheck.ts';
import { DocumentFields } from './DocumentFields.tsx';
import { PassportScan } from './PassportScan.tsx';
import { PersonFields } from './PersonFields.tsx';
import { withEligibilityNationality } from './prefill.ts';
import { RenewalNotice } from './RenewalNotice.tsx';
import { usePassportSubmit } from './usePassportSubmit.ts';

export const PassportDetailsPage = () => {
  const { t } = useTranslation('passport');
  const { nationality } = useEligibilityAnswers();
  const {
    context,
    step,
    editing,
    proceed,
    form,
    errors: ruleErrors,
    warningOf,
    submit,
  } = useStepScreen('passport', passportStep, ({ draft, reference }) =>
    withEligibilityNationality(passportStep.fromDraft(draft, reference), nationality, reference),
  );
  const rejected = form.formState.errors.passportCountryId?.message === COUNTRY_REJECTED.message;
  const errors = withCountryRejection(ruleErrors, rejected, passportStep.fields);
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;
  const onSubmit = usePassportSubmit({ form, submit, context, proceed });
  const busy = form.formState.isSubmitting;
  /** What the passport scan read: each value as if typed, re-checked if Next was pressed. */
  const fill = (values: Partial<PassportValues>) => {
    for (const [name, value] of Object.entries(values)) {
      form.setValue(name as keyof PassportValues & string, value ?? '', {
        shouldDirty: true,
        shouldValidate: form.formState.isSubmitted,
      });
    }
  };
  const checking = useShownAtLeast(busy, CHECK_LOADER_MS);
  const fieldProps = {
    form,
    reference: context.reference,
    errorOf,
    warningOf,
    own: context.draft.groupTypeId.id === GROUP_TYPE.myself.id,
  };

  return (
    <StepPage step={step} ns="passport" errors={errors}>
      <RenewalNotice />
      <PassportScan onRead={fill} />
      <form noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
        <DocumentFields {...fieldProps} />
        <PersonFields {...fieldProps} />
        {checking && (
          <p className="checking">
            <Spinner label={t('checking')} />
            <span aria-hidden="true">{t('checking')}</span>
          </p>
        )}
        <StepNavBar id="passport" editing={editing} busy={busy} />
      </form>
    </StepPage>
  );
};
