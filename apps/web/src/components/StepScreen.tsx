// What every application step screen shares: the rule context (today, reference lists, draft),
// the journey's Back/Next and edit mode (SPEC §4: 'Save and go to review' and 'Edit next').
import {
  canSaveForLater,
  type FormValues,
  type Issue,
  isoDateOf,
  type JourneyStep,
  type JourneyStepId,
  ROUTES,
  type RuleContext,
  type Step,
  stepById,
  stepForRoute,
} from '@eta-il/domain';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  currentTraveller,
  panelOf,
  readFlags,
  setFlag,
  useDraft,
  useTraveller,
  writeDraft,
} from '../session/draft.ts';
import { useReferenceData } from '../session/reference.ts';
import { BlockingAlerts } from './BlockingAlerts.tsx';
import { ErrorSummary } from './ErrorSummary.tsx';
import { type NavAction, NavBar } from './NavBar.tsx';
import { Page } from './Page.tsx';
import {
  forgetResumedValues,
  resumedValues,
  SAVE_LATER_INTENT,
  SaveLaterOutcome,
  saveForLater,
  useSaveLaterState,
} from './SaveLater.tsx';
import { ApplicationSteps } from './StepIndicator.tsx';
import { useBlockBrowserBack } from './useBlockBrowserBack.ts';
import { useBrowserBackTo } from './useBrowserBackTo.ts';
import { useStepForm } from './useStepForm.ts';

/** The traveller's today, in their own time zone. */
export const todayIso = () => isoDateOf(new Date());

export const useRuleContext = (): RuleContext => {
  const reference = useReferenceData();
  const draft = useDraft();
  return useMemo(() => ({ today: todayIso(), reference, draft }), [reference, draft]);
};

export type Intent = 'next' | 'review' | 'editNext' | typeof SAVE_LATER_INTENT;

/** Which submit button sent the form. */
export const intentOf = (event?: React.BaseSyntheticEvent): Intent => {
  const submitter = (event?.nativeEvent as SubmitEvent | undefined)?.submitter;
  const value = submitter?.getAttribute('value');
  return value === 'review' || value === 'editNext' || value === SAVE_LATER_INTENT ? value : 'next';
};

export const useStepNavigation = (id: JourneyStepId) => {
  const navigate = useNavigate();
  const step = stepById(id);
  useBlockBrowserBack(step.browserBack === 'blocked');
  useBrowserBackTo(step.browserBack === 'toBack' ? step.back : undefined);
  const section = step.reviewSection;
  const editing = section !== undefined && readFlags('editing')[section] === true;
  /** After the step's values are saved: where the pressed button leads. */
  const proceed = (intent: Intent) => {
    forgetResumedValues(id);
    if (section) setFlag('confirmations', panelOf(section, currentTraveller()), false);
    if (intent === 'review' && section) {
      setFlag('editing', section, false);
      navigate(ROUTES.review);
      return;
    }
    if (intent === 'editNext' && section) {
      const nextSection = (() => {
        return stepForRoute(step.next)?.reviewSection;
      })();
      if (nextSection !== section) setFlag('editing', section, false);
      if (nextSection) setFlag('editing', nextSection, true);
    }
    navigate(step.next);
  };
  return { step, editing, proceed, back: step.back };
};

/** The resumed values of the step's own fields (decision 033). */
const resumedValuesOf = <V extends FormValues>(id: JourneyStepId, domainStep: Step<V>) => {
  const values = resumedValues(id) ?? {};
  return Object.fromEntries(
    Object.keys(domainStep.blank()).flatMap((field) =>
      values[field] === undefined ? [] : [[field, values[field]]],
    ),
  ) as Partial<V>;
};

/**
 * What a step screen starts from: the rule context, its place in the journey, and its form filled
 * from the draft (or `initial`) once: later draft writes do not reset what is being typed.
 */
export const useStepScreen = <V extends FormValues>(
  id: JourneyStepId,
  domainStep: Step<V>,
  initial: (context: RuleContext) => V = (context) =>
    domainStep.fromDraft(context.draft, context.reference),
) => {
  const context = useRuleContext();
  const navigation = useStepNavigation(id);
  // A resumed application shows the values typed on the step it was saved from (decision 033).
  const [defaultValues] = useState(
    () => ({ ...initial(context), ...resumedValuesOf(id, domainStep) }) as V,
  );
  const stepForm = useStepForm(domainStep, { defaultValues, context });
  /** 'Save and continue later' saves the values as they stand, unchecked; any other button submits. */
  const submit: typeof stepForm.submit = (onValid) => (event) => {
    if (canSaveForLater(id) && intentOf(event) === SAVE_LATER_INTENT) {
      event?.preventDefault();
      return saveForLater(id, stepForm.form.getValues());
    }
    return stepForm.submit(onValid)(event);
  };
  const form = { ...stepForm, submit };
  /**
   * The form's onSubmit: validates; when valid, saves the values into the draft (and runs `also`,
   * for what a screen keeps besides), then goes where the pressed button leads.
   */
  const save = (also?: (values: V) => void) => (event: React.FormEvent) => {
    const intent = intentOf(event);
    return form.submit((values) => {
      writeDraft(domainStep.toDraft(values, context));
      also?.(values);
      navigation.proceed(intent);
    })(event);
  };
  return { context, defaultValues, save, ...navigation, ...form };
};

/**
 * A step screen's frame, from the screen's texts (`ns`): the page (its title, and `documentTitle`
 * where the tab needs another), the application indicator at the step's place with the `caption`
 * where there is one, the error summary, the alerts that stop the application, and the `intro`.
 */
export const StepPage = ({
  step,
  ns,
  errors,
  labelOf,
  children,
}: {
  step: JourneyStep;
  ns: string;
  errors: Issue[];
  /** How the error summary names a field; by default its label in the screen's texts. */
  labelOf?: (field: string) => string;
  children: ReactNode;
}) => {
  const { t, i18n } = useTranslation([ns, 'common']);
  const has = (key: string) => i18n.exists(key, { ns });
  const traveller = useTraveller();
  const inGroup = traveller.count > 1 && step.reviewSection !== undefined;
  return (
    <Page
      {...(has('documentTitle') && { title: t('documentTitle') })}
      heading={t('title')}
      before={
        <>
          <ApplicationSteps current={step.indicator} />
          {has('caption') && <p className="page__caption">{t('caption')}</p>}
          {inGroup && (
            <p className="page__caption">
              {t('common:group.caption', { n: traveller.index + 1, total: traveller.count })}
            </p>
          )}
        </>
      }
    >
      {inGroup && step.id === 'travel' && traveller.index > 0 && (
        <p className="lead">{t('common:group.sameTrip')}</p>
      )}
      <ErrorSummary errors={errors} labelOf={labelOf ?? ((f) => t(`fields.${f}.label`))} />
      <BlockingAlerts errors={errors} />
      {has('intro') && <p className="lead">{t('intro')}</p>}
      {children}
    </Page>
  );
};

/**
 * Back and Next from the journey, or in edit mode (SPEC §2) Back with 'Save and go to review' and
 * 'Edit next' in Next's place. 'Save and go to review' comes first: Enter in a field presses it.
 */
export const StepNavBar = ({
  id,
  editing,
  nextLabel,
  busy,
}: {
  id: JourneyStepId;
  editing: boolean;
  nextLabel?: string;
  busy?: boolean;
}) => {
  // The texts of 'Save and continue later' load only where it is offered.
  const { t } = useTranslation(canSaveForLater(id) ? ['common', 'saveLater'] : ['common']);
  const saving = useSaveLaterState(id)?.status === 'busy';
  const actions: NavAction[] = editing
    ? [
        { label: t('edit.saveAndReview'), intent: 'review', disabled: busy },
        { label: t('edit.editNext'), intent: 'editNext', disabled: busy, secondary: true },
      ]
    : [{ label: nextLabel ?? t('next'), busy }];
  if (canSaveForLater(id)) {
    actions.push({
      label: t('saveLater:button'),
      intent: SAVE_LATER_INTENT,
      secondary: true,
      busy: saving,
      disabled: busy,
    });
  }
  return (
    <>
      {canSaveForLater(id) && <SaveLaterOutcome step={id} />}
      <NavBar back={stepById(id).back} actions={actions} />
    </>
  );
};
