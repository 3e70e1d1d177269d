// What every application step screen shares: the rule context (today, reference lists, draft),
// the journey's Back/Next and edit mode (SPEC §4: 'Save and go to review' and 'Edit next').
import {
  type FormValues,
  isoDateOf,
  type JourneyStepId,
  ROUTES,
  type RuleContext,
  type Step,
  stepById,
  stepForRoute,
} from '@eta-il/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type ReviewSection, readFlags, setFlag, useDraft, writeDraft } from '../session/draft.ts';
import { useReferenceData } from '../session/reference.ts';
import { BackButton, NavBar } from './NavBar.tsx';
import type { StepForm } from './useStepForm.ts';

/** The traveller's today, in their own time zone. */
export const todayIso = () => isoDateOf(new Date());

export const useRuleContext = (): RuleContext => {
  const reference = useReferenceData();
  const draft = useDraft();
  return useMemo(() => ({ today: todayIso(), reference, draft }), [reference, draft]);
};

/** The review section a step belongs to (the review's three panels). */
const sectionOf = (id: JourneyStepId): ReviewSection | undefined => {
  if (id === 'travel' || id === 'passport') return id;
  if (id === 'personal' || id === 'photo' || id === 'history') return 'personal';
  return undefined;
};

export type Intent = 'next' | 'review' | 'editNext';

/** Which submit button sent the form. */
export const intentOf = (event?: React.BaseSyntheticEvent): Intent => {
  const submitter = (event?.nativeEvent as SubmitEvent | undefined)?.submitter;
  const value = submitter?.getAttribute('value');
  return value === 'review' || value === 'editNext' ? value : 'next';
};

export const useStepNavigation = (id: JourneyStepId) => {
  const navigate = useNavigate();
  const step = stepById(id);
  const section = sectionOf(id);
  const editing = section !== undefined && readFlags('editing')[section] === true;
  /** After the step's values are saved: where the pressed button leads. */
  const proceed = (intent: Intent) => {
    if (section) setFlag('confirmations', section, false);
    if (intent === 'review' && section) {
      setFlag('editing', section, false);
      navigate(ROUTES.review);
      return;
    }
    if (intent === 'editNext' && section) {
      const nextSection = (() => {
        const next = stepForRoute(step.next);
        return next ? sectionOf(next.id) : undefined;
      })();
      if (nextSection !== section) setFlag('editing', section, false);
      if (nextSection) setFlag('editing', nextSection, true);
    }
    navigate(step.next);
  };
  return { step, editing, proceed, back: step.back };
};

/**
 * Back and Next, or in edit mode (SPEC §2) Back with 'Save and go to review' and 'Edit next' in
 * Next's place. 'Save and go to review' comes first: Enter in a field presses it.
 */
export const StepNavBar = ({
  editing,
  back,
  nextLabel,
  busy,
}: {
  editing: boolean;
  back: string;
  nextLabel?: string;
  busy?: boolean;
}) => {
  const { t } = useTranslation('common');
  if (!editing)
    return <NavBar back={back} nextLabel={nextLabel ?? t('next')} busy={busy ?? false} />;
  return (
    <div className="navbar">
      <BackButton back={back} />
      <button type="submit" className="button" name="intent" value="review" disabled={busy}>
        {t('edit.saveAndReview')}
      </button>
      <button
        type="submit"
        className="button button--secondary"
        name="intent"
        value="editNext"
        disabled={busy}
      >
        {t('edit.editNext')}
      </button>
    </div>
  );
};

/**
 * A step form's onSubmit: validates; when valid, saves the values into the draft (and runs
 * `also`, for what a screen keeps besides), then goes where the pressed button leads.
 */
export const saveStep =
  <V extends FormValues>(
    {
      step,
      context,
      submit,
      proceed,
    }: {
      step: Step<V>;
      context: RuleContext;
      submit: StepForm<V>['submit'];
      proceed: (intent: Intent) => void;
    },
    also?: (values: V) => void,
  ) =>
  (event: React.FormEvent) => {
    const intent = intentOf(event);
    return submit((values) => {
      writeDraft(step.toDraft(values, context));
      also?.(values);
      proceed(intent);
    })(event);
  };
