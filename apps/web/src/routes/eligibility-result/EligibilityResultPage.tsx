// /EligibilityResult (SPEC §2, §4): about 2 seconds of loading, then eligible, not eligible or
// the failure message. A main purpose ETA-IL does not cover (work, studies, volunteering) is not
// eligible without asking the server (decision 037).
import {
  ELIGIBILITY_LOADER_MS,
  eligibilityNext,
  eligibilityStep,
  isIneligibleMainPurpose,
  ROUTES,
} from '@eta-il/domain';
import { Alert } from '@eta-il/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { checkEligibility } from '../../api/calls.ts';
import { useFee } from '../../components/fee.ts';
import { Tooltip } from '../../components/Help.tsx';
import { FullScreenLoader } from '../../components/Loader.tsx';
import { Page } from '../../components/Page.tsx';
import {
  clearEligibilityAnswers,
  useEligibilityAnswers,
  useStartOverWithoutAnswers,
} from '../eligibility/answers.ts';
import { EligibilitySteps } from '../eligibility/EligibilitySteps.tsx';

type Outcome = 'eligible' | 'notEligible' | 'failure';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const InfoCard = ({ title, value, tip }: { title: string; value: string; tip: string }) => {
  const { t } = useTranslation('eligibility');
  return (
    <div className="info-card">
      <p className="info-card__title">
        {title}
        <Tooltip label={t('result.moreAbout', { topic: title })}>{tip}</Tooltip>
      </p>
      <p>{value}</p>
    </div>
  );
};

export const EligibilityResultPage = () => {
  const { t } = useTranslation('eligibility');
  const fee = useFee();
  const navigate = useNavigate();
  const step = eligibilityStep('result');
  const { nationality, purpose } = useEligibilityAnswers();
  const [outcome, setOutcome] = useState<Outcome>();
  const startOver = useStartOverWithoutAnswers('result');

  useEffect(() => {
    if (!nationality || !purpose) return;
    let current = true;
    const decide = isIneligibleMainPurpose(purpose)
      ? Promise.resolve<Outcome>('notEligible')
      : checkEligibility(nationality.COUNTRY_CODE).then(
          (eligible): Outcome => (eligible ? 'eligible' : 'notEligible'),
          (): Outcome => 'failure',
        );
    Promise.all([decide, wait(ELIGIBILITY_LOADER_MS)]).then(([result]) => {
      if (current) setOutcome(result);
    });
    return () => {
      current = false;
    };
  }, [nationality, purpose]);

  // Prerendered without answers: the loader shows until hydration, then the check applies.
  if (startOver) return <Navigate to={startOver} replace />;
  return (
    <Page heading={t('result.title')} before={<EligibilitySteps current={step.indicator} />}>
      {outcome === undefined && <FullScreenLoader />}
      {outcome !== undefined && (
        <Alert kind={outcome === 'eligible' ? 'success' : 'error'}>
          <p>{t(`result.${outcome}`)}</p>
        </Alert>
      )}
      {outcome === 'eligible' && (
        <>
          <div className="info-columns">
            <InfoCard
              title={t('result.validity')}
              value={t('result.validityValue')}
              tip={t('result.validityTip')}
            />
            <InfoCard
              title={t('result.duration')}
              value={t('result.durationValue')}
              tip={t('result.durationTip')}
            />
            {fee && (
              <InfoCard
                title={t('result.cost')}
                value={t('result.costValue', { fee: fee.fee })}
                tip={t(fee.charged ? 'result.costTipCharged' : 'result.costTip')}
              />
            )}
          </div>
          <Link className="button" to={eligibilityNext('result', true)}>
            {t('result.apply')}
          </Link>
        </>
      )}
      {outcome === 'notEligible' && (
        <Link className="button" to={eligibilityNext('result', false)}>
          {t('result.visaOptions')}
        </Link>
      )}
      {outcome !== undefined && (
        <p className="section">
          <button
            type="button"
            className="link-button"
            onClick={() => {
              clearEligibilityAnswers();
              navigate(step.back ?? ROUTES.eligibilityNational);
            }}
          >
            {t('result.startOver')}
          </button>
        </p>
      )}
    </Page>
  );
};
