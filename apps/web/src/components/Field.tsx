// One field wrapper (STYLE §6): a visible label that is the control's name, a hint, the error
// and warning tied to the control by aria-describedby, aria-invalid on error.
import type { MessageId } from '@eta-il/domain';
import { cloneElement, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldId } from './focusField.ts';

export interface FieldProps {
  name: string;
  label: string;
  hint?: string | undefined;
  error?: MessageId | undefined;
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

export const FieldMessages = ({
  name,
  error,
  warning,
}: {
  name: string;
  error?: MessageId | undefined;
  warning?: MessageId | undefined;
}) => {
  const { t } = useTranslation('messages');
  return (
    <>
      {error && (
        <p id={`${name}-error`} className="field__error">
          <span className="visually-hidden">{t('common:errorPrefix')} </span>
          {t(error)}
        </p>
      )}
      {warning && (
        <p id={`${name}-warning`} className="field__warning">
          {t(warning)}
        </p>
      )}
    </>
  );
};

export const Field = ({ name, label, hint, error, warning, children, className }: FieldProps) => (
  <div className={`field${error ? ' field--error' : ''}${className ? ` ${className}` : ''}`}>
    <label className="field__label" htmlFor={fieldId(name)}>
      {label}
    </label>
    {hint && (
      <p id={`${name}-hint`} className="field__hint">
        {hint}
      </p>
    )}
    <FieldMessages name={name} error={error} warning={warning} />
    {cloneElement(children, {
      id: fieldId(name),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy(name, { hint, error, warning }),
    })}
  </div>
);
