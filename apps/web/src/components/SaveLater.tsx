// 'Save and continue later' (issue 13, decision 033) on the steps after the e-mail code: the
// draft and the step's values as typed (not yet checked) are saved on the server, which e-mails a
// link valid for 7 days. What happened is said beside the button, and takes focus.
import type { ApplicationDraft, FormValues, JourneyStepId } from '@eta-il/domain';
import { Alert } from '@eta-il/ui';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { saveApplication } from '../api/savedApplication.ts';
import { readJson, writeSession } from '../session/storage.ts';
import { formatMoment } from './moment.ts';

/** The submitter's intent of the 'Save and continue later' button. */
export const SAVE_LATER_INTENT = 'saveLater';

type SaveState =
  | { step: JourneyStepId; status: 'busy' }
  | { step: JourneyStepId; status: 'saved'; sentTo: string; expiresAt: string }
  | { step: JourneyStepId; status: 'failed'; problem: Problem };

// One save at a time, of the screen on show: a small store rather than a prop through each step.
let state: SaveState | undefined;
const listeners = new Set<() => void>();
const setState = (next: SaveState | undefined) => {
  state = next;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useSaveLaterState = (step: JourneyStepId) => {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => undefined,
  );
  return current?.step === step ? current : undefined;
};

/**
 * Why a save failed: a session ended by its submission (issue 26) or lost otherwise (401, each with
 * its message), or anything else.
 */
type Problem = 'sessionSubmitted' | 'tokenInvalid' | 'unavailable';
const problemOf = (answer: { status: number; refusal?: { code?: string } }): Problem => {
  if (answer.status !== 401) return 'unavailable';
  return answer.refusal?.code === 'sessionSubmitted' ? 'sessionSubmitted' : 'tokenInvalid';
};

/**
 * Saves the session's draft (the whole group) with `values` as typed on `step`; the review has no
 * values of its own to keep.
 */
export const saveForLater = async (step: JourneyStepId, values?: FormValues) => {
  if (state?.status === 'busy') return;
  setState({ step, status: 'busy' });
  const draft = readJson<ApplicationDraft>('jsonForm');
  try {
    const answer = draft
      ? await saveApplication({ draft, pending: values ? { step, values } : null })
      : { ok: false as const, status: 400 };
    setState(
      answer.ok
        ? { step, status: 'saved', sentTo: answer.body.sentTo, expiresAt: answer.body.expiresAt }
        : { step, status: 'failed', problem: problemOf(answer) },
    );
  } catch {
    setState({ step, status: 'failed', problem: 'unavailable' });
  }
};

/** The values a resumed application had on `step` as typed, if it was saved from that step. */
export const resumedValues = (step: JourneyStepId): FormValues | undefined => {
  const pending = readJson<{ step?: unknown; values?: unknown }>('resumeValues');
  return pending?.step === step && pending.values && typeof pending.values === 'object'
    ? (pending.values as FormValues)
    : undefined;
};

/** Once the step is saved with Next, its resumed values have served. */
export const forgetResumedValues = (step: JourneyStepId) => {
  if (resumedValues(step)) writeSession('resumeValues', null);
};

/** What the save did, beside the button: focused when it appears, cleared when the screen goes. */
export const SaveLaterOutcome = ({ step }: { step: JourneyStepId }) => {
  const { t, i18n } = useTranslation(['saveLater', 'messages']);
  const outcome = useSaveLaterState(step);
  const ref = useRef<HTMLDivElement>(null);
  const shown = outcome?.status === 'saved' || outcome?.status === 'failed';
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  useEffect(() => () => setState(undefined), []);
  if (!shown) return null;
  return (
    <div ref={ref} tabIndex={-1} className="save-later">
      {outcome.status === 'saved' ? (
        <Alert kind="success">
          <p>
            <strong>{t('saved.heading')}</strong>
          </p>
          <p>
            {t('saved.sent', {
              email: outcome.sentTo,
              date: formatMoment(outcome.expiresAt, i18n.language),
            })}
          </p>
          <p>{t('saved.goOn')}</p>
        </Alert>
      ) : (
        <Alert kind="error">
          <p>
            {outcome.problem === 'unavailable' ? t('failed') : t(`messages:${outcome.problem}`)}
          </p>
        </Alert>
      )}
    </div>
  );
};
