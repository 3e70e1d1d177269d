// One error summary for every form of both apps (STYLE §6): the problems in page order, each a link
// to its field (`#field-id`) that focuses it; announced when it appears (role alert) and focusable,
// so that a failed submit can move focus to it.
import { useEffect, useRef } from 'react';
import { focusField } from './focusField.ts';
import { useUiTexts } from './texts.ts';

export interface SummaryItem {
  /** The id of the element the link leads to. */
  target: string;
  text: string;
  /** Shows and focuses the target (opening its panel where it is folded away); by default, focusField. */
  onActivate?: () => void;
}

/**
 * The summary of `items` (nothing when there are none); it takes focus whenever `attempt` changes
 * to a number above 0. `id`: the element a page's failed submit focuses (focusErrorSummary).
 */
export const ErrorSummary = ({
  items,
  attempt,
  id,
}: {
  items: SummaryItem[];
  attempt?: number;
  id?: string;
}) => {
  const { text } = useUiTexts();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (attempt) ref.current?.focus();
  }, [attempt]);
  if (items.length === 0) return null;
  return (
    <div
      id={id}
      className="error-summary"
      role="alert"
      aria-labelledby="error-summary-title"
      tabIndex={-1}
      ref={ref}
    >
      <h2 id="error-summary-title" className="error-summary__title">
        {text('errorSummaryTitle')}
      </h2>
      <ul className="error-summary__list">
        {items.map((item) => (
          <li key={item.target}>
            <a
              href={`#${item.target}`}
              onClick={(event) => {
                event.preventDefault();
                (item.onActivate ?? (() => focusField(item.target)))();
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

/** Each field's error in words, by the field's id on the page, in page order. */
export type FieldErrors = Record<string, string>;

/** The summary of a form's field errors; it takes focus when it appears and when their number changes. */
export const FieldErrorSummary = ({ errors }: { errors: FieldErrors }) => {
  const entries = Object.entries(errors);
  return (
    <ErrorSummary
      items={entries.map(([target, text]) => ({ target, text }))}
      attempt={entries.length}
    />
  );
};
