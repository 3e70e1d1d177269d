// /PersonalDetailsQuestion (SPEC §2, §5): personal details 2/2, the history questions. Each
// Yes/No question's follow-up field appears right under it when the answer is Yes; Next saves
// into the draft and goes to the review.
import { type HistoryValues, historyStep, YEAR_DIGITS } from '@eta-il/domain';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DigitsInput } from '../../components/DigitsInput.tsx';
import { Field } from '../../components/Field.tsx';
import { useStepFields } from '../../components/StepFields.tsx';
import { StepNavBar, StepPage, useStepScreen } from '../../components/StepScreen.tsx';
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
  const { t } = useTranslation('common');
  const { defaultValues, step, editing, save, form, errors, errorOf, warningOf } = useStepScreen(
    'history',
    historyStep,
  );
  const fields = useStepFields({ form, ns: 'history', errorOf, warningOf });
  const values = { ...defaultValues, ...useWatch({ control: form.control }) } as HistoryValues;
  const yesNo = [
    { value: YES, label: t('yes') },
    { value: '0', label: t('no') },
  ];

  const followUpField = (name: FieldName, kind: 'year' | 'text') =>
    kind === 'year' ? (
      <Field {...fields.texts(name)}>
        <DigitsInput
          registration={form.register(name)}
          maxDigits={YEAR_DIGITS}
          className="input--year"
        />
      </Field>
    ) : (
      <DescriptionField
        {...fields.texts(name)}
        registration={form.register(name)}
        value={values[name] ?? ''}
      />
    );

  return (
    <StepPage step={step} ns="history" errors={errors}>
      <form noValidate onSubmit={save()}>
        {QUESTIONS.map(({ question, followUp, kind }) => (
          <div key={question} className="question">
            {fields.radios(question, yesNo, { inline: true })}
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
