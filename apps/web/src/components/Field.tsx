// One field wrapper (STYLE §6): a visible label that is the control's name, a hint, the error
// and warning tied to the control by aria-describedby, aria-invalid on error.
import type { MessageId } from '@eta-il/domain';
import { cloneElement, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldId } from './focusField.ts';
import { fieldMessageText, type MessageValues } from './issueText.ts';

export interface FieldProps {
  name: string;
  label: string;
  hint?: string | undefined;
  error?: MessageId | undefined;
  /** What the error names (a phone's country). */
  values?: MessageValues | undefined;
  warning?: MessageId | undefined;
  /** The control; receives id, aria-invalid and aria-describedby. */
  children: ReactElement<Record<string, unknown>>;
  className?: string;
}

export const describedBy = (
  name: string,
  parts: { hint?: unknown; error?: unknown; warning?: unknown },
) =>
  [parts.hint && `${name}-hint`, parts.error && `${name}-error`, parts.warning && `${name}-warning`]
    .filter(Boolean)
    .join(' ') || undefined;

/**
 * A field's error and warning, each in the field's own words where it has them
 * ("Enter the passport number" rather than "Required").
 */
export const FieldMessages = ({
  name,
  field = name,
  error,
  warning,
  values,
}: {
  name: string;
  /** The form field the messages are about, when `name` is a group's (a date's three boxes). */
  field?: string | undefined;
  error?: MessageId | undefined;
  warning?: MessageId | undefined;
  /** What the messages name (a phone's country). */
  values?: MessageValues | undefined;
}) => {
  const translation = useTranslation('messages');
  const { t } = translation;
  return (
    <>
      {error && (
        <p id={`${name}-error`} className="field__error">
          <span className="visually-hidden">{t('common:errorPrefix')} </span>
          {fieldMessageText(translation, error, field, values)}
        </p>
      )}
      {warning && (
        <p id={`${name}-warning`} className="field__warning">
          {fieldMessageText(translation, warning, field)}
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
  values,
}: {
  name: string;
  hint?: string | undefined;
  error?: MessageId | undefined;
  warning?: MessageId | undefined;
  values?: MessageValues | undefined;
}) => (
  <>
    {hint && (
      <p id={`${name}-hint`} className="field__hint">
        {hint}
      </p>
    )}
    <FieldMessages name={name} error={error} warning={warning} values={values} />
  </>
);

export const Field = ({
  name,
  label,
  hint,
  error,
  warning,
  values,
  children,
  className,
}: FieldProps) => (
  <div className={`field${error ? ' field--error' : ''}${className ? ` ${className}` : ''}`}>
    <label className="field__label" htmlFor={fieldId(name)}>
      {label}
    </label>
    <FieldHintAndMessages name={name} hint={hint} error={error} warning={warning} values={values} />
    {cloneElement(children, {
      id: fieldId(name),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy(name, { hint, error, warning }),
    })}
  </div>
);
