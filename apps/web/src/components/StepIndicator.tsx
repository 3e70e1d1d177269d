// The step indicator (SPEC §2, §4): 5 application steps or 3 eligibility steps; each label is
// split at its comma into a title and a sub-label. Announced as "Step N of M".
import { useTranslation } from 'react-i18next';

export const StepIndicator = ({ labels, current }: { labels: string[]; current: number }) => {
  const { t } = useTranslation('common');
  return (
    <nav className="steps" aria-label={t('steps.label')}>
      <p className="visually-hidden" aria-live="polite">
        {t('steps.position', { current, total: labels.length })}
      </p>
      <ol className="steps__list">
        {labels.map((label, index) => {
          // Split at the first comma only: a country or purpose may hold commas of its own.
          const comma = label.indexOf(',');
          const [title, sub] =
            comma === -1 ? [label] : [label.slice(0, comma), label.slice(comma + 1)];
          const number = index + 1;
          const state = number < current ? 'done' : number === current ? 'current' : 'todo';
          return (
            <li
              key={label}
              className={`steps__item steps__item--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="steps__number" aria-hidden="true">
                {number}
              </span>
              <span className="steps__text">
                <span className="steps__title">{title}</span>
                {sub && <span className="steps__sub">{sub}</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
};

/** The application indicator; `current` from the journey declaration. */
export const ApplicationSteps = ({ current }: { current: number }) => {
  const { t } = useTranslation('common');
  const labels = [1, 2, 3, 4, 5].map((n) => t(`steps.application.${n}`));
  return <StepIndicator labels={labels} current={current} />;
};
