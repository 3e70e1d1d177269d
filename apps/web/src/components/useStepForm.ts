// react-hook-form driven by a domain step: the same rules and messages as the server. Errors
// block and are shown on Next; warnings ('Please note: …') are shown as the traveller types and
// never block. On Next with errors, focus moves to the error summary (docs/decisions/028).
import {
  errorsOf,
  type FormValues,
  type Issue,
  type MessageId,
  type RuleContext,
  type Step,
  validateStep,
  warningsOf,
} from '@eta-il/domain';
import { focusErrorSummary } from '@eta-il/ui';
import { useMemo, useState } from 'react';
import {
  type DefaultValues,
  type FieldErrors,
  type Resolver,
  type SubmitHandler,
  useForm,
  useWatch,
} from 'react-hook-form';

const errorsFromIssues = <V extends FormValues>(issues: Issue[]): FieldErrors<V> =>
  Object.fromEntries(
    issues.map((i) => [i.field, { type: 'rule', message: i.message }]),
  ) as FieldErrors<V>;

/** The date a day/month/year box belongs to ('monthBirth' → 'Birth'), if the field is one. */
const dateOf = (field: string) => /^(?:day|month|year)([A-Z]\w*)$/.exec(field)?.[1];

export interface StepForm<V extends FormValues> {
  form: ReturnType<typeof useForm<V>>;
  /** Errors in page order, after a submit attempt. */
  errors: Issue[];
  /** Live warnings for the values as they stand. */
  warnings: Issue[];
  /** The message of a field's error (after a submit attempt), if any. */
  errorOf: (field: keyof V & string) => MessageId | undefined;
  /** The message of a field's warning, if any. */
  warningOf: (field: keyof V & string) => MessageId | undefined;
  /** The form's onSubmit: validates, focuses the first error, else calls `onValid`. */
  submit: (onValid: SubmitHandler<V>) => (event?: React.BaseSyntheticEvent) => Promise<unknown>;
}

export const useStepForm = <V extends FormValues>(
  step: Step<V>,
  { defaultValues, context }: { defaultValues: V; context: RuleContext },
): StepForm<V> => {
  const resolver: Resolver<V> = async (values) => {
    const errors = errorsOf(validateStep(step, values, context));
    return errors.length === 0
      ? { values, errors: {} }
      : { values: {}, errors: errorsFromIssues<V>(errors) };
  };
  const form = useForm<V>({
    defaultValues: defaultValues as DefaultValues<V>,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const [submitted, setSubmitted] = useState(false);
  const values = useWatch({ control: form.control }) as V;
  const issues = useMemo(
    () => validateStep(step, { ...defaultValues, ...values }, context),
    [step, values, defaultValues, context],
  );
  // Read on every render: react-hook-form re-renders on error changes only once they are read.
  const fieldErrors = form.formState.errors;
  const dates = new Set<string>();
  const errors = submitted
    ? step.fields
        .filter((f) => fieldErrors[f])
        // A date is one question: the summary names it once, at its first box in error.
        .filter((f) => {
          const date = dateOf(f);
          if (date === undefined) return true;
          if (dates.has(date)) return false;
          dates.add(date);
          return true;
        })
        .map((f) => {
          const message = fieldErrors[f]?.message as Issue['message'];
          // What the message names (a phone's country), from the rules as the values stand.
          const named = issues.find((i) => i.field === f && i.message === message)?.values;
          return { field: f, message, severity: 'error' as const, ...(named && { values: named }) };
        })
    : [];
  const submit: StepForm<V>['submit'] = (onValid) =>
    form.handleSubmit(onValid, (fieldErrors) => {
      setSubmitted(true);
      if (step.fields.some((f) => fieldErrors[f])) requestAnimationFrame(focusErrorSummary);
    });
  const warnings = warningsOf(issues);
  return {
    form,
    errors,
    warnings,
    errorOf: (field) => errors.find((e) => e.field === field)?.message,
    warningOf: (field) => warnings.find((w) => w.field === field)?.message,
    submit,
  };
};
