// One error summary for every form (STYLE §6): the errors in page order, each a link to its
// field; announced when it appears.
import type { Issue } from '@eta-il/domain';
import { useTranslation } from 'react-i18next';
import { focusField } from './useStepForm.ts';

export const ErrorSummary = ({
  errors,
  labelOf,
}: {
  errors: Issue[];
  labelOf: (field: string) => string;
}) => {
  const { t } = useTranslation(['common', 'messages']);
  if (errors.length === 0) return null;
  return (
    <div className="error-summary" role="alert" aria-labelledby="error-summary-title">
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
              {t('common:errorSummaryItem', {
                label: labelOf(e.field).replace(/[:?]\s*$/, ''),
                message: t(`messages:${e.message}`),
              })}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
};
