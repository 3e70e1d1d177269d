// /apply-for-an-eta-il-2 (SPEC §2): who can use ETA-IL (for yourself, for someone else, for a
// child under 18), then on to the start form. The start form begins a new application, so a
// traveller who already has answers is told so and offered the way back to them.
import { GROUP_SIZE_MAX, isStepDone, ROUTES, stepById } from '@eta-il/domain';
import { Alert } from '@eta-il/ui';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NavBar } from '../../components/NavBar.tsx';
import { Page } from '../../components/Page.tsx';
import { useDraft, useVerified } from '../../session/draft.ts';

/** Whom a traveller may apply for: themselves, someone else, a child under 18. */
const APPLYING_FOR = ['self', 'other', 'minor'] as const;

export const ApplicantStartPage = () => {
  const { t } = useTranslation(['apply', 'common']);
  const draft = useDraft();
  const verified = useVerified();
  const begun = isStepDone(stepById('applicant'), { draft, verified });
  return (
    <Page heading={t('applicantStart.title')}>
      <p className="lead">{t('applicantStart.lead')}</p>
      <p>{t('applicantStart.travellers', { max: GROUP_SIZE_MAX })}</p>
      {APPLYING_FOR.map((whom) => (
        <Fragment key={whom}>
          <h2>{t(`applicantStart.${whom}Title`)}</h2>
          <p>{t(`applicantStart.${whom}`)}</p>
        </Fragment>
      ))}
      {begun && (
        <Alert kind="warning">
          <p>{t('applicantStart.restartWarning')}</p>
          <p>
            <Link to={ROUTES.sort}>{t('applicantStart.returnLink')}</Link>
          </p>
        </Alert>
      )}
      <NavBar
        actions={[
          { label: t('common:back'), to: ROUTES.applyStart, secondary: true },
          { label: t('applicantStart.continue'), to: ROUTES.forms },
        ]}
      />
    </Page>
  );
};
