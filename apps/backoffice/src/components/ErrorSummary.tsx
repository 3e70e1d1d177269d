// The errors of a form, each a link to its field; focused when it appears so that a screen
// reader reads it at once.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { focusField } from './Field.tsx';

export type FieldErrors = Record<string, string>;

export const ErrorSummary = ({ errors }: { errors: FieldErrors }) => {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const entries = Object.entries(errors);
  useEffect(() => {
    if (entries.length > 0) box.current?.focus();
  }, [entries.length]);
  if (entries.length === 0) return null;
  return (
    <div
      className="error-summary"
      role="alert"
      aria-labelledby="error-summary-title"
      tabIndex={-1}
      ref={box}
    >
      <h2 id="error-summary-title" className="error-summary__title">
        {t('errorSummary')}
      </h2>
      <ul className="error-summary__list">
        {entries.map(([field, message]) => (
          <li key={field}>
            <a
              href={`#${field}`}
              onClick={(event) => {
                event.preventDefault();
                focusField(field);
              }}
            >
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
};
