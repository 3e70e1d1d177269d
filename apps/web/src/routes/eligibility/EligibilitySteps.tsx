// The eligibility step indicator: 'Nationality,{country}', 'Main purpose,{purpose}', 'Eligibility'.
import { useTranslation } from 'react-i18next';
import { useCountryName } from '../../components/countryNames.ts';
import { useEntryReasonName } from '../../components/referenceNames.ts';
import { StepIndicator } from '../../components/StepIndicator.tsx';
import { useEligibilityAnswers } from './answers.ts';

export const EligibilitySteps = ({ current }: { current: number }) => {
  const { t } = useTranslation(['common', 'reference']);
  const { nationality, purpose } = useEligibilityAnswers();
  const countryName = useCountryName();
  const reasonName = useEntryReasonName();
  const labels = [
    t('common:steps.eligibility.nationality', {
      country: nationality ? countryName(nationality) : '',
    }),
    t('common:steps.eligibility.purpose', { purpose: purpose ? reasonName(purpose) : '' }),
    t('common:steps.eligibility.result'),
  ];
  return <StepIndicator labels={labels} current={current} />;
};
