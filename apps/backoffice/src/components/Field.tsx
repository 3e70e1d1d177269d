// A labelled control with its hint and error tied to it (aria-describedby, aria-invalid), the
// same wrapper and classes as the public app's fields.
import { cloneElement, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

export const Field = ({
  name,
  label,
  hint,
  error,
  children,
}: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactElement<Record<string, unknown>>;
}) => {
  const { t } = useTranslation();
  const described = [hint && `${name}-hint`, error && `${name}-error`].filter(Boolean).join(' ');
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={name}>
        {label}
      </label>
      {hint && (
        <p id={`${name}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${name}-error`} className="field__error">
          <span className="visually-hidden">{t('errorSummary')}: </span>
          {error}
        </p>
      )}
      {cloneElement(children, {
        id: name,
        // A control registered with a form (react-hook-form) keeps the name the form knows it by.
        name: children.props.name ?? name,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': described || undefined,
      })}
    </div>
  );
};

/** Focuses a field by its name (the error summary's links, a refused submit). */
export const focusField = (name: string) => {
  const element =
    document.getElementById(name) ??
    document.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`);
  element?.focus();
};
