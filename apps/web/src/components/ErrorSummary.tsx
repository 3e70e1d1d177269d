// One error summary for every form, the review's included (STYLE §6): the problems in page order,
// each a link that takes the traveller to its field; announced when it appears, focusable (a
// failed Next or submit moves focus here), and while it is shown the title starts with "Error:".
import type { Issue } from '@eta-il/domain';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useTitleErrorPrefix } from './documentTitle.ts';
import { ERROR_SUMMARY_ID, focusField } from './focusField.ts';
import { summaryLineText } from './issueText.ts';

export interface SummaryItem {
  /** The id of the element the link leads to. */
  target: string;
  text: string;
  /** Shows and focuses the target (opening its panel where it is folded away). */
  onActivate: () => void;
}

/** The summary of `items`; it takes focus whenever `attempt` changes to a number above 0. */
export const ProblemSummary = ({ items, attempt }: { items: SummaryItem[]; attempt?: number }) => {
  const { t } = useTranslation('common');
  const ref = useRef<HTMLDivElement>(null);
  const shown = items.length > 0;
  useTitleErrorPrefix(shown);
  useEffect(() => {
    if (attempt) ref.current?.focus();
  }, [attempt]);
  if (!shown) return null;
  return (
    <div
      id={ERROR_SUMMARY_ID}
      className="error-summary"
      role="alert"
      aria-labelledby="error-summary-title"
      tabIndex={-1}
      ref={ref}
    >
      <h2 id="error-summary-title" className="error-summary__title">
        {t('errorSummaryTitle')}
      </h2>
      <ul className="error-summary__list">
        {items.map((item) => (
          <li key={item.target}>
            <a
              href={`#${item.target}`}
              onClick={(event) => {
                event.preventDefault();
                item.onActivate();
              }}
            >
              {item.text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
};

/** A step form's summary: one line per field issue, in the field's own words. */
export const ErrorSummary = ({
  errors,
  labelOf,
}: {
  errors: Issue[];
  labelOf: (field: string) => string;
}) => {
  const translation = useTranslation(['common', 'messages']);
  return (
    <ProblemSummary
      items={errors.map((issue) => ({
        target: issue.field,
        text: summaryLineText(translation, issue, labelOf),
        onActivate: () => focusField(issue.field),
      }))}
    />
  );
};
