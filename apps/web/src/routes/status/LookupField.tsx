// A text box of the status and verification forms, in the one field wrapper of every form.
import type { MessageId } from '@eta-il/domain';
import type { InputHTMLAttributes } from 'react';
import { Field } from '../../components/Field.tsx';
import type { MessageValues } from '../../components/issueText.ts';

export const LookupField = ({
  name,
  label,
  hint,
  error,
  values,
  value,
  onChange,
  ...input
}: {
  name: string;
  label: string;
  hint?: string;
  error?: MessageId;
  /** What the error names (a phone's country). */
  values?: MessageValues | undefined;
  value: string;
  onChange: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) => (
  <Field name={name} label={label} hint={hint} error={error} values={values}>
    <input
      name={name}
      className="input"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      dir="ltr"
      {...input}
    />
  </Field>
);

/** The required fields left empty, as issues for the error summary, in page order. */
export const missingFields = (values: Record<string, string>, order: readonly string[]) =>
  order
    .filter((field) => (values[field] ?? '').trim() === '')
    .map((field) => ({ field, message: 'required' as const, severity: 'error' as const }));
