// /EligibilityNational: 'What is your nationality?' (SPEC §2). Next is enabled once a choice is
// made or one is already stored.
import { passportCountryOptions, passportCountryValue, ROUTES } from '@eta-il/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCountryName } from '../../components/countryNames.ts';
import { Page } from '../../components/Page.tsx';
import { Select } from '../../components/SelectField.tsx';
import { useReferenceData } from '../../session/reference.ts';
import { readSession, writeSession } from '../../session/storage.ts';
import { EligibilitySteps } from '../eligibility/EligibilitySteps.tsx';

export const EligibilityNationalPage = () => {
  const { t } = useTranslation('eligibility');
  const navigate = useNavigate();
  const reference = useReferenceData();
  const countryName = useCountryName();
  const [value, setValue] = useState(() => readSession('national') ?? '');
  const hintId = useId();
  const options = passportCountryOptions(reference.allcountry).map((c) => ({
    value: passportCountryValue(c),
    label: countryName(c),
  }));
  return (
    <Page heading={t('nationality.title')} before={<EligibilitySteps current={1} />}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!value) return;
          writeSession('national', value);
          navigate(ROUTES.eligibilityMainPurpose);
        }}
      >
        <div className="field">
          <label className="field__label" htmlFor="national">
            {t('nationality.label')}
          </label>
          <p className="field__hint" id={hintId}>
            {t('nationality.hint')}
          </p>
          <Select
            id="national"
            name="national"
            aria-describedby={hintId}
            options={options}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        </div>
        <div className="navbar">
          <button type="submit" className="button" disabled={!value}>
            {t('common:next')}
          </button>
        </div>
      </form>
    </Page>
  );
};
