// /EligibilityMainPurpose: 'What’s the main purpose of your visit?' with Back and Next (SPEC §2).
import { entryReasonOptions, entryReasonValue, ROUTES } from '@eta-il/domain';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useEntryReasonName } from '../../components/referenceNames.ts';
import { useHydrated } from '../../session/hydration.ts';
import { useReferenceData } from '../../session/reference.ts';
import { useSessionValue } from '../../session/storage.ts';
import { EligibilityQuestion } from '../eligibility/EligibilityQuestion.tsx';

export const EligibilityMainPurposePage = () => {
  const { t } = useTranslation('eligibility');
  const reference = useReferenceData();
  const reasonName = useEntryReasonName();
  const national = useSessionValue('national');
  const hydrated = useHydrated();
  // Prerendered without answers: the question shows until hydration, then the check applies.
  if (hydrated && !national) return <Navigate to={ROUTES.eligibilityNational} replace />;
  return (
    <EligibilityQuestion
      step={2}
      storageKey="mainPurpose"
      title={t('purpose.title')}
      label={t('purpose.label')}
      missing={t('purpose.missing')}
      options={entryReasonOptions(reference.entryReasons).map((r) => ({
        value: entryReasonValue(r),
        label: reasonName(r),
      }))}
      next={ROUTES.eligibilityResult}
      back={ROUTES.eligibilityNational}
    />
  );
};
