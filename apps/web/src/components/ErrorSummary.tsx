// The error summary (@eta-il/ui, STYLE §6) as the web app shows it, the review's included: the
// element a failed Next or submit focuses, and while it is shown the title starts with "Error:".
import type { Issue } from '@eta-il/domain';
import { ERROR_SUMMARY_ID, ErrorSummary as Summary, type SummaryItem } from '@eta-il/ui';
import { useTranslation } from 'react-i18next';
import { useTitleErrorPrefix } from './documentTitle.ts';
import { summaryLineText } from './issueText.ts';

/** The summary of `items`; it takes focus whenever `attempt` changes to a number above 0. */
export const ProblemSummary = ({ items, attempt }: { items: SummaryItem[]; attempt?: number }) => {
  useTitleErrorPrefix(items.length > 0);
  return <Summary id={ERROR_SUMMARY_ID} items={items} attempt={attempt} />;
};

/** A step form's summary: one line per field issue, in the field's own words; a link focuses it. */
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
      }))}
    />
  );
};
