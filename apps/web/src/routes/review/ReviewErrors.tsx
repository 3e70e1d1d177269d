// The review's error summary: a link to each unconfirmed panel and to the declaration box. It
// takes focus after each submit attempt that fails, so the problem is announced and reachable.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface ReviewProblem {
  /** The id of the element the link leads to. */
  target: string;
  text: string;
  /** Opens the panel and focuses the target. */
  onActivate: () => void;
}

export const ReviewErrors = ({
  problems,
  attempt,
}: {
  problems: ReviewProblem[];
  attempt: number;
}) => {
  const { t } = useTranslation('common');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (attempt > 0) ref.current?.focus();
  }, [attempt]);
  if (problems.length === 0) return null;
  return (
    <div
      className="error-summary"
      role="alert"
      aria-labelledby="review-errors-title"
      tabIndex={-1}
      ref={ref}
    >
      <h2 id="review-errors-title" className="error-summary__title">
        {t('errorSummaryTitle')}
      </h2>
      <ul className="error-summary__list">
        {problems.map((p) => (
          <li key={p.target}>
            <a
              href={`#${p.target}`}
              onClick={(event) => {
                event.preventDefault();
                p.onActivate();
              }}
            >
              {p.text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
};
