// A labelled text area for the words a decision carries (a question, a note, a reason), written
// in either direction, no longer than the server takes; bound to a form's field or to a state.

import { Field } from '@eta-il/ui';
import type { ChangeEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

type Binding =
  | { registration: UseFormRegisterReturn }
  | { value: string; onChange: (event: ChangeEvent<HTMLTextAreaElement>) => void };

export const WordsField = ({
  name,
  label,
  hint,
  error,
  rows = 3,
  maxLength,
  ...binding
}: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  rows?: number;
  maxLength: number;
} & Binding) => (
  <Field name={name} label={label} hint={hint} error={error}>
    <textarea
      className="textarea"
      rows={rows}
      dir="auto"
      maxLength={maxLength}
      {...('registration' in binding
        ? binding.registration
        : { value: binding.value, onChange: binding.onChange })}
    />
  </Field>
);
