// /sort (SPEC §2): the Back target of travel information, designed as an overview of the
// application: each journey step with its status, completed steps after the email code linking
// to their screen, and 'Continue' to the first unfinished step. It changes nothing.
import { firstUnfinishedStep, isStepDone, JOURNEY, ROUTES } from '@eta-il/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NavBar } from '../../components/NavBar.tsx';
import { Page } from '../../components/Page.tsx';
import { useDraft, useVerified } from '../../session/draft.ts';

/** The tasks: every step before the acknowledgement. */
const TASKS = JOURNEY.filter((step) => step.id !== 'thankyou');
/** Steps up to the email code cannot be reopened without starting again (SPEC §4). */
const FIRST_LINKED = TASKS.findIndex((step) => step.id === 'code') + 1;

export const SortPage = () => {
  const { t } = useTranslation(['apply', 'common']);
  const draft = useDraft();
  const verified = useVerified();
  const progress = { draft, verified };
  const done = TASKS.map((step) => isStepDone(step, progress));
  const next = firstUnfinishedStep(progress)?.route ?? ROUTES.review;
  return (
    <Page heading={t('sort.title')}>
      <p className="lead">{t('sort.lead')}</p>
      <p>{t('sort.progress', { done: done.filter(Boolean).length, total: TASKS.length })}</p>
      <ul className="task-list" aria-label={t('sort.listLabel')}>
        {TASKS.map((step, index) => {
          const statusId = `task-${step.id}-status`;
          const name = t(`sort.steps.${step.id}`);
          return (
            <li key={step.id} className="task-list__item">
              <span className="task-list__name">
                {done[index] && index >= FIRST_LINKED ? (
                  <Link to={step.route} aria-describedby={statusId}>
                    {name}
                  </Link>
                ) : (
                  name
                )}
              </span>
              <strong id={statusId} className={`tag ${done[index] ? 'tag--done' : 'tag--todo'}`}>
                {t(done[index] ? 'sort.status.done' : 'sort.status.todo')}
              </strong>
            </li>
          );
        })}
      </ul>
      <NavBar
        actions={[
          { label: t('common:back'), to: ROUTES.applicantStart, secondary: true },
          { label: t('sort.continue'), to: next },
        ]}
      />
    </Page>
  );
};
