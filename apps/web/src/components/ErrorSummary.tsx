// One error summary for every form (STYLE §6): the errors in page order, each a link to its
// field; announced when it appears, focusable (a failed Next moves focus here), and while it is
// shown the document title starts with "Error:".
import type { Issue } from '@eta-il/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setTitleErrorPrefix } from './documentTitle.ts';
import { ERROR_SUMMARY_ID, focusField } from './focusField.ts';
import { summaryLineText } from './issueText.ts';

export const ErrorSummary = ({
  errors,
  labelOf,
}: {
  errors: Issue[];
  labelOf: (field: string) => string;
}) => {
  const translation = useTranslation(['common', 'messages']);
  const { t } = translation;
  const shown = errors.length > 0;
  const prefix = t('common:errorPrefix');
  useEffect(() => {
    if (!shown) return;
    setTitleErrorPrefix(prefix);
    return () => setTitleErrorPrefix('');
  }, [shown, prefix]);
  if (!shown) return null;
  return (
    <div
      id={ERROR_SUMMARY_ID}
      className="error-summary"
      role="alert"
      aria-labelledby="error-summary-title"
      tabIndex={-1}
    >
      <h2 id="error-summary-title" className="error-summary__title">
        {t('common:errorSummaryTitle')}
      </h2>
      <ul className="error-summary__list">
        {errors.map((e) => (
          <li key={e.field}>
            <a
              href={`#${e.field}`}
              onClick={(event) => {
                event.preventDefault();
                focusField(e.field);
              }}
            >
              {summaryLineText(translation, e, labelOf)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
};
