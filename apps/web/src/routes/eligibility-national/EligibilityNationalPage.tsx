// /EligibilityNational: 'What is your nationality?' (SPEC §2).
import { passportCountryOptions, passportCountryValue, ROUTES } from '@eta-il/domain';
import { useTranslation } from 'react-i18next';
import { useCountryName } from '../../components/countryNames.ts';
import { useReferenceData } from '../../session/reference.ts';
import { EligibilityQuestion } from '../eligibility/EligibilityQuestion.tsx';

export const EligibilityNationalPage = () => {
  const { t } = useTranslation('eligibility');
  const reference = useReferenceData();
  const countryName = useCountryName();
  return (
    <EligibilityQuestion
      step={1}
      storageKey="national"
      title={t('nationality.title')}
      label={t('nationality.label')}
      hint={t('nationality.hint')}
      options={passportCountryOptions(reference.allcountry).map((c) => ({
        value: passportCountryValue(c),
        label: countryName(c),
      }))}
      next={ROUTES.eligibilityMainPurpose}
    />
  );
};
