// One field wrapper for both apps (STYLE §6): a visible label that is the control's name, a hint,
// the error and warning tied to the control by aria-describedby, aria-invalid on error. The error
// and warning come in words: each app words its own (the web app from the domain's messages).
import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { fieldId } from './focusField.ts';
import { useUiTexts } from './texts.ts';

export const describedBy = (
  name: string,
  parts: { hint?: unknown; error?: unknown; warning?: unknown },
) =>
  [parts.hint && `${name}-hint`, parts.error && `${name}-error`, parts.warning && `${name}-warning`]
    .filter(Boolean)
    .join(' ') || undefined;

interface Messages {
  /** The field's error in words; its element is `${name}-error`. */
  error?: ReactNode;
  /** The field's warning in words ("Please note: …"); its element is `${name}-warning`. */
  warning?: ReactNode;
}

/** A field's error, announced as one ("Error: …"), and its warning. */
export const FieldMessages = ({ name, error, warning }: { name: string } & Messages) => {
  const { text } = useUiTexts();
  return (
    <>
      {error && (
        <p id={`${name}-error`} className="field__error">
          <span className="visually-hidden">{text('errorPrefix')} </span>
          {error}
        </p>
      )}
      {warning && (
        <p id={`${name}-warning`} className="field__warning">
          {warning}
        </p>
      )}
    </>
  );
};

/** What stands between a field's label and its control: the hint, then the error and warning. */
export const FieldHintAndMessages = ({
  name,
  hint,
  error,
  warning,
}: { name: string; hint?: string | undefined } & Messages) => (
  <>
    {hint && (
      <p id={`${name}-hint`} className="field__hint">
        {hint}
      </p>
    )}
    <FieldMessages name={name} error={error} warning={warning} />
  </>
);

export interface FieldProps extends Messages {
  name: string;
  label: string;
  hint?: string | undefined;
  /** The control; receives id, aria-invalid and aria-describedby. */
  children: ReactElement<Record<string, unknown>>;
  className?: string | undefined;
}

export const Field = ({ name, label, hint, error, warning, children, className }: FieldProps) => (
  <div className={`field${error ? ' field--error' : ''}${className ? ` ${className}` : ''}`}>
    <label className="field__label" htmlFor={fieldId(name)}>
      {label}
    </label>
    <FieldHintAndMessages name={name} hint={hint} error={error} warning={warning} />
    {cloneElement(children, {
      id: fieldId(name),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy(name, { hint, error, warning }),
    })}
  </div>
);
