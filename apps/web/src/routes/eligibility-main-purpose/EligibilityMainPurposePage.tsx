// /EligibilityMainPurpose: 'What’s the main purpose of your visit?' with Back and Next (SPEC §2).
import { entryReasonOptions, entryReasonValue, ROUTES } from '@eta-il/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Page } from '../../components/Page.tsx';
import { useEntryReasonName } from '../../components/referenceNames.ts';
import { Select } from '../../components/SelectField.tsx';
import { useReferenceData } from '../../session/reference.ts';
import { readSession, writeSession } from '../../session/storage.ts';
import { EligibilitySteps } from '../eligibility/EligibilitySteps.tsx';

export const EligibilityMainPurposePage = () => {
  const { t } = useTranslation('eligibility');
  const navigate = useNavigate();
  const reference = useReferenceData();
  const reasonName = useEntryReasonName();
  const [value, setValue] = useState(() => readSession('mainPurpose') ?? '');
  if (!readSession('national')) return <Navigate to={ROUTES.eligibilityNational} replace />;
  const options = entryReasonOptions(reference.entryReasons).map((r) => ({
    value: entryReasonValue(r),
    label: reasonName(r),
  }));
  return (
    <Page heading={t('purpose.title')} before={<EligibilitySteps current={2} />}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!value) return;
          writeSession('mainPurpose', value);
          navigate(ROUTES.eligibilityResult);
        }}
      >
        <div className="field">
          <label className="field__label" htmlFor="mainPurpose">
            {t('purpose.label')}
          </label>
          <Select
            id="mainPurpose"
            name="mainPurpose"
            options={options}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        </div>
        <div className="navbar">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => navigate(ROUTES.eligibilityNational)}
          >
            {t('common:back')}
          </button>
          <button type="submit" className="button" disabled={!value}>
            {t('common:next')}
          </button>
        </div>
      </form>
    </Page>
  );
};
