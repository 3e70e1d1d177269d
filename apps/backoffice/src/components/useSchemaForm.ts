// A form on react-hook-form checked by one of the domain's schemas (the rules the server holds
// too): each field's first problem is a message id, worded here (formErrors.<id>) for the field
// and for the error summary, which names each field by its id on the page, in page order. What
// the schema lets through (trimmed) is what the form sends.
import type { DecisionFormMessage } from '@eta-il/domain';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** What the form needs of a zod schema. */
interface Schema<Output> {
  safeParse: (
    values: unknown,
  ) =>
    | { success: true; data: Output }
    | { success: false; error: { issues: readonly { path: PropertyKey[]; message: string }[] } };
}

export const useSchemaForm = <Values extends FieldValues, Output extends FieldValues>(
  schema: Schema<Output>,
  {
    defaultValues,
    ids,
  }: {
    defaultValues: Values;
    /** Each field's id on the page (the forms of one page share its ids), in page order. */
    ids: Record<keyof Values & string, string>;
  },
) => {
  const { t } = useTranslation();
  const resolver: Resolver<Values, unknown, Output> = async (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      errors[String(issue.path[0])] ??= { type: 'schema', message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<Values> };
  };
  const form = useForm<Values, unknown, Output>({
    defaultValues: defaultValues as DefaultValues<Values>,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  // Read on every render: react-hook-form re-renders on errors only once they are read.
  const fieldErrors = form.formState.errors;
  /** The words of each field's problem by the field's id on the page, for the error summary. */
  const errors: Record<string, string> = {};
  for (const [field, id] of Object.entries(ids)) {
    const message = fieldErrors[field]?.message as DecisionFormMessage | undefined;
    if (message) errors[id] = t(`formErrors.${message}`);
  }
  return { form, errors, errorOf: (field: keyof Values & string) => errors[ids[field]] };
};
