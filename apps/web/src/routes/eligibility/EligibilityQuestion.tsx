// One eligibility question (SPEC §2): a single dropdown whose answer is kept in session storage;
// Next is enabled once a choice is made or one is already stored.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../components/Page.tsx';
import { type Option, Select } from '../../components/SelectField.tsx';
import { useSessionValue, writeSession } from '../../session/storage.ts';
import { EligibilitySteps } from './EligibilitySteps.tsx';

export const EligibilityQuestion = ({
  step,
  storageKey,
  title,
  label,
  hint,
  options,
  next,
  back,
}: {
  step: 1 | 2;
  storageKey: 'national' | 'mainPurpose';
  title: string;
  label: string;
  hint?: string;
  options: Option[];
  next: string;
  back?: string;
}) => {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  // The stored answer until the traveller chooses (read after hydration on a prerendered page).
  const stored = useSessionValue(storageKey);
  const [chosen, setValue] = useState<string>();
  const value = chosen ?? stored ?? '';
  const hintId = `${storageKey}-hint`;
  return (
    <Page heading={title} before={<EligibilitySteps current={step} />}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!value) return;
          writeSession(storageKey, value);
          navigate(next);
        }}
      >
        <div className="field">
          <label className="field__label" htmlFor={storageKey}>
            {label}
          </label>
          {hint && (
            <p className="field__hint" id={hintId}>
              {hint}
            </p>
          )}
          <Select
            id={storageKey}
            name={storageKey}
            aria-describedby={hint ? hintId : undefined}
            options={options}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        </div>
        <div className="navbar">
          {back && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => navigate(back)}
            >
              {t('back')}
            </button>
          )}
          <button type="submit" className="button" disabled={!value}>
            {t('next')}
          </button>
        </div>
      </form>
    </Page>
  );
};
