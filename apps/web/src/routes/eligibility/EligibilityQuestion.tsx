// One eligibility question (SPEC §2): a single dropdown whose answer is kept in session storage.
// Next is never disabled once the page works (issue 17, decision 029): without a choice it says
// what to do, puts "Error:" in the title and focus on the list. Until hydration it is disabled, so
// a prerendered page never submits a form no script handles.
import { eligibilityNext, eligibilityStep } from '@eta-il/domain';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useTitleErrorPrefix } from '../../components/documentTitle.ts';
import { NavBar } from '../../components/NavBar.tsx';
import { Page } from '../../components/Page.tsx';
import { type Option, Select } from '../../components/SelectField.tsx';
import { useHydrated, useValueChosenBeforeHydration } from '../../session/hydration.ts';
import { useSessionValue, writeSession } from '../../session/storage.ts';
import { EligibilitySteps } from './EligibilitySteps.tsx';

export const EligibilityQuestion = ({
  id: storageKey,
  texts,
  options,
}: {
  /** The question's step in the domain's eligibility journey; also where its answer is kept. */
  id: 'national' | 'mainPurpose';
  /**
   * Where its texts are in `eligibility`: `title`, `label`, an optional `hint`, and `missing`,
   * what to do when Next is pressed with no choice ("Choose your nationality").
   */
  texts: 'nationality' | 'purpose';
  options: Option[];
}) => {
  const { indicator, back } = eligibilityStep(storageKey);
  const { t, i18n } = useTranslation(['common', 'eligibility']);
  const text = (key: string) => t(`eligibility:${texts}.${key}`);
  const hint = i18n.exists(`eligibility:${texts}.hint`) ? text('hint') : undefined;
  const navigate = useNavigate();
  // The stored answer until the traveller chooses (read after hydration on a prerendered page).
  const stored = useSessionValue(storageKey);
  const [chosen, setValue] = useState<string>();
  const value = chosen ?? stored ?? '';
  const list = useRef<HTMLSelectElement>(null);
  useValueChosenBeforeHydration(list, value, setValue);
  const [unanswered, setUnanswered] = useState(false);
  const hydrated = useHydrated();
  useTitleErrorPrefix(unanswered);
  const hintId = `${storageKey}-hint`;
  const errorId = `${storageKey}-error`;
  const describedBy = [hint && hintId, unanswered && errorId].filter(Boolean).join(' ');
  return (
    <Page heading={text('title')} before={<EligibilitySteps current={indicator} />}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!value) {
            setUnanswered(true);
            document.getElementById(storageKey)?.focus();
            return;
          }
          writeSession(storageKey, value);
          navigate(eligibilityNext(storageKey));
        }}
      >
        <div className={`field${unanswered ? ' field--error' : ''}`}>
          <label className="field__label" htmlFor={storageKey}>
            {text('label')}
          </label>
          {hint && (
            <p className="field__hint" id={hintId}>
              {hint}
            </p>
          )}
          {unanswered && (
            <p className="field__error" id={errorId}>
              <span className="visually-hidden">{t('errorPrefix')} </span>
              {text('missing')}
            </p>
          )}
          <Select
            ref={list}
            id={storageKey}
            name={storageKey}
            aria-describedby={describedBy || undefined}
            aria-invalid={unanswered || undefined}
            options={options}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setUnanswered(false);
            }}
          />
        </div>
        <NavBar back={back} actions={[{ label: t('next'), disabled: !hydrated }]} />
      </form>
    </Page>
  );
};
