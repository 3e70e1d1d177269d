// /travelInfo (SPEC §2, §4, §5 "Travel info"): entry reason, estimated arrival date and length
// of stay. Browser back is blocked here. Saves into the draft and goes on (or back to review).
import {
  ARRIVAL_DATE,
  entryReasonOptions,
  entryReasonValue,
  lengthOfStayValue,
  travelStep,
} from '@eta-il/domain';
import { useTranslation } from 'react-i18next';
import { BlockingAlerts } from '../../components/Alert.tsx';
import { DateField } from '../../components/DateField.tsx';
import { Field } from '../../components/Field.tsx';
import { useEntryReasonName, useLengthOfStayName } from '../../components/referenceNames.ts';
import { Select } from '../../components/SelectField.tsx';
import { StepNavBar, StepPage, saveStep, useStepScreen } from '../../components/StepScreen.tsx';
import { writeJson } from '../../session/storage.ts';

export const TravelInfoPage = () => {
  const { t } = useTranslation(['travel', 'common']);
  const { context, step, editing, proceed, form, errors, errorOf, warningOf, submit } =
    useStepScreen('travel', travelStep);
  const reasonName = useEntryReasonName();
  const stayName = useLengthOfStayName();

  return (
    <StepPage
      step={step}
      heading={t('title')}
      errors={errors}
      labelOf={(f) => t(`fields.${f}.label`)}
    >
      <BlockingAlerts errors={errors} />
      <p className="lead">{t('intro')}</p>
      <form
        noValidate
        onSubmit={saveStep({ step: travelStep, context, submit, proceed }, (values) =>
          writeJson('dataTravelInfo', values),
        )}
      >
        <Field
          name="entryReasonId"
          label={t('fields.entryReasonId.label')}
          error={errorOf('entryReasonId')}
          warning={warningOf('entryReasonId')}
        >
          <Select
            {...form.register('entryReasonId')}
            options={entryReasonOptions(context.reference.entryReasons).map((r) => ({
              value: entryReasonValue(r),
              label: reasonName(r),
            }))}
          />
        </Field>
        <DateField
          fields={ARRIVAL_DATE}
          legend={t('fields.dayEstimatedAarrivalDate.label')}
          hint={t('fields.dayEstimatedAarrivalDate.hint')}
          register={(name) => form.register(name)}
          errors={Object.fromEntries(errors.map((e) => [e.field, e.message]))}
          warning={warningOf(ARRIVAL_DATE.day)}
        />
        <Field
          name="lengthOfStayId"
          label={t('fields.lengthOfStayId.label')}
          hint={t('fields.lengthOfStayId.hint')}
          error={errorOf('lengthOfStayId')}
        >
          <Select
            {...form.register('lengthOfStayId')}
            options={context.reference.lengthofstay.map((s) => ({
              value: lengthOfStayValue(s),
              label: stayName(s),
            }))}
          />
        </Field>
        <StepNavBar id="travel" editing={editing} />
      </form>
    </StepPage>
  );
};
