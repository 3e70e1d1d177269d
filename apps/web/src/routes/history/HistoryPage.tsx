// /PersonalDetailsQuestion (SPEC §2, §5): personal details 2/2, the history questions. Each
// Yes/No question's follow-up field appears right under it when the answer is Yes; Next saves
// into the draft and goes to the review.
import { type HistoryValues, historyStep, YEAR_DIGITS } from '@eta-il/domain';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BlockingAlerts } from '../../components/Alert.tsx';
import { DigitsInput } from '../../components/DigitsInput.tsx';
import { Field } from '../../components/Field.tsx';
import { RadioGroup } from '../../components/RadioGroup.tsx';
import { StepNavBar, StepPage, saveStep, useStepScreen } from '../../components/StepScreen.tsx';
import { DescriptionField } from './DescriptionField.tsx';

type FieldName = keyof HistoryValues & string;
const YES = '1';

/** The questions in page order, each with the field a Yes opens. */
const QUESTIONS: { question: FieldName; followUp?: FieldName; kind?: 'year' | 'text' }[] = [
  { question: 'previousStayInIsraelYN', followUp: 'previousYearInIsrael', kind: 'year' },
  { question: 'anotherVisaRequestYN', followUp: 'anotherVisaRequestDesc', kind: 'text' },
  { question: 'previousRequestDeniedYN', followUp: 'previousRequestDeniedDesc', kind: 'text' },
  { question: 'lawProblemsYN' },
];

export const HistoryPage = () => {
  const { t } = useTranslation(['history', 'common']);
  const {
    context,
    defaultValues,
    step,
    editing,
    proceed,
    form,
    errors,
    errorOf,
    warningOf,
    submit,
  } = useStepScreen('history', historyStep);
  const values = { ...defaultValues, ...useWatch({ control: form.control }) } as HistoryValues;
  const label = (name: FieldName) => t(`fields.${name}.label`);
  const yesNo = [
    { value: YES, label: t('common:yes') },
    { value: '0', label: t('common:no') },
  ];

  const followUpField = (name: FieldName, kind: 'year' | 'text') =>
    kind === 'year' ? (
      <Field
        name={name}
        label={label(name)}
        hint={t(`fields.${name}.hint`)}
        error={errorOf(name)}
        warning={warningOf(name)}
      >
        <DigitsInput
          registration={form.register(name)}
          maxDigits={YEAR_DIGITS}
          className="input--year"
        />
      </Field>
    ) : (
      <DescriptionField
        name={name}
        label={label(name)}
        hint={t(`fields.${name}.hint`)}
        registration={form.register(name)}
        value={values[name] ?? ''}
        error={errorOf(name)}
      />
    );

  return (
    <StepPage
      step={step}
      title={t('documentTitle')}
      heading={t('title')}
      caption={t('caption')}
      errors={errors}
      labelOf={(f) => label(f as FieldName)}
    >
      <BlockingAlerts errors={errors} />
      <p className="lead">{t('intro')}</p>
      <form noValidate onSubmit={saveStep({ step: historyStep, context, submit, proceed })}>
        {QUESTIONS.map(({ question, followUp, kind }) => (
          <div key={question} className="question">
            <RadioGroup
              name={question}
              legend={label(question)}
              options={yesNo}
              registration={form.register(question)}
              error={errorOf(question)}
              inline
            />
            {followUp && kind && values[question] === YES && (
              <div className="conditional">{followUpField(followUp, kind)}</div>
            )}
          </div>
        ))}
        <StepNavBar id="history" editing={editing} />
      </form>
    </StepPage>
  );
};
