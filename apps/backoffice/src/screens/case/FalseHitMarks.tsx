// "Not this person" (issue 30 item 4): under each watchlist hit of the case, the marks made on it
// (who marked and confirmed it, and when), whether it spared this application, and what the
// signed-in member of staff may do now — the case holder marks it with a reason; a supervisor who
// did not mark it confirms or rejects it; a supervisor withdraws a confirmed one. The server says
// who may do what (GET cases/:id/false-hits) and checks it again on every step.
import {
  FALSE_HIT_REASON_MAX,
  type FalseHitActionAnswer,
  type FalseHitFormMessage,
  type FalseHitMarkEntry,
  type FalseHitMarkRequest,
  type FalseHitMarksAnswer,
  FalseHitReasonFormSchema,
  type ScreeningHit,
} from '@eta-il/domain';
import { FieldErrorSummary } from '@eta-il/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api.ts';
import { Done, Problem, useProblemText } from '../../components/Problem.tsx';
import { dateTime } from '../../format.ts';
import { useCall } from '../../useCall.ts';
import { useLoad } from '../../useLoad.ts';
import { WordsField } from './WordsField.tsx';

/** The marks of a case and what the signed-in member may do, loaded once for all its hits. */
export const useFalseHitMarks = (caseId: string) =>
  useLoad<FalseHitMarksAnswer>(`cases/${encodeURIComponent(caseId)}/false-hits`);

/** What a step tells the hit once the server took it: the key of its message (falseHits.done). */
type Changed = (doneKey: string) => Promise<void>;

/** Sends one step and words a refusal; a success is told through `onDone`. */
const useStep = (onDone: Changed) => {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const { busy, problem, setProblem, run } = useCall();
  const send = async (path: string, body: object, doneKey: string) => {
    await run(async () => {
      const answer = await call<FalseHitActionAnswer>('POST', path, body);
      if (answer.status === 200) await onDone(doneKey);
      else {
        const code = answer.data.code;
        const own = code ? t(`falseHits.errors.${code}`, { defaultValue: '' }) : '';
        setProblem(own || problemText(answer.status, code));
      }
    });
  };
  return { send, busy, problem };
};

/** A required reason, checked by the domain's schema before it is sent. */
const useReason = (fieldId: string) => {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const checked = (): string | undefined => {
    const result = FalseHitReasonFormSchema.safeParse({ reason });
    if (result.success) {
      setError(undefined);
      return result.data.reason;
    }
    const id = result.error.issues[0]?.message as FalseHitFormMessage | undefined;
    setError(t(`formErrors.${id ?? 'falseHitReasonMissing'}`));
    return undefined;
  };
  const field = (label: string, hint?: string) => (
    <WordsField
      name={fieldId}
      label={label}
      hint={hint}
      error={error}
      maxLength={FALSE_HIT_REASON_MAX}
      value={reason}
      onChange={(e) => setReason(e.target.value)}
    />
  );
  return { checked, field, summary: error ? { [fieldId]: error } : {} };
};

const Mark = ({
  mark,
  hit,
  caseId,
  onChanged,
}: {
  mark: FalseHitMarkEntry;
  hit: ScreeningHit;
  caseId: string;
  onChanged: Changed;
}) => {
  const { t, i18n } = useTranslation();
  const when = (iso: string) => dateTime(iso, i18n.language);
  const { send, busy, problem } = useStep(onChanged);
  const [comment, setComment] = useState('');
  const withdrawal = useReason(`fh-withdraw-${mark.id}`);
  const expired =
    mark.state === 'confirmed' &&
    hit.details.lastChange !== undefined &&
    mark.entryLastChange !== String(hit.details.lastChange);
  return (
    <li className="office-false-hit" data-state={mark.state}>
      <p>
        <strong>{t(`falseHits.states.${mark.state}`)}</strong>
      </p>
      <p>
        {t('falseHits.marked', {
          email: mark.markedByEmail,
          when: when(mark.markedAt),
          reason: mark.reason,
        })}
      </p>
      {mark.confirmedByEmail && mark.confirmedAt && (
        <p>
          {t('falseHits.confirmed', { email: mark.confirmedByEmail, when: when(mark.confirmedAt) })}
        </p>
      )}
      {mark.rejectedByEmail && mark.rejectedAt && (
        <p>
          {t('falseHits.rejected', { email: mark.rejectedByEmail, when: when(mark.rejectedAt) })}
          {mark.rejectedReason && (
            <>
              {' '}
              <bdi dir="auto">{mark.rejectedReason}</bdi>
            </>
          )}
        </p>
      )}
      {mark.withdrawnByEmail && mark.withdrawnAt && (
        <p>
          {t('falseHits.withdrawn', {
            email: mark.withdrawnByEmail,
            when: when(mark.withdrawnAt),
            reason: mark.withdrawnReason ?? '',
          })}
        </p>
      )}
      {mark.markedOn && mark.markedOn.id !== caseId && (
        <p>{t('falseHits.markedOn', { number: mark.markedOn.applicationNumber })}</p>
      )}
      {expired && <p className="office-muted">{t('falseHits.expired')}</p>}
      <Problem text={problem} />
      {mark.mayConfirm && (
        <div className="office-false-hit__steps">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void send(`false-hits/${mark.id}/confirm`, {}, 'confirmed')}
          >
            {t('falseHits.confirm')}
          </button>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              const reason = comment.trim();
              void send(`false-hits/${mark.id}/reject`, reason ? { reason } : {}, 'rejected');
            }}
          >
            <WordsField
              name={`fh-reject-${mark.id}`}
              label={t('falseHits.rejectComment')}
              maxLength={FALSE_HIT_REASON_MAX}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
            <button type="submit" className="button button--secondary" disabled={busy}>
              {t('falseHits.reject')}
            </button>
          </form>
        </div>
      )}
      {mark.mayWithdraw && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const reason = withdrawal.checked();
            if (reason) void send(`false-hits/${mark.id}/withdraw`, { reason }, 'withdrawn');
          }}
        >
          <FieldErrorSummary errors={withdrawal.summary} />
          {withdrawal.field(t('falseHits.withdrawReason'))}
          <button type="submit" className="button button--warning" disabled={busy}>
            {t('falseHits.withdraw')}
          </button>
        </form>
      )}
    </li>
  );
};

/** The "Not this person" form of the case holder, for one hit. */
const MarkForm = ({
  caseId,
  bearerIndex,
  entryId,
  onChanged,
}: {
  caseId: string;
  bearerIndex: number;
  entryId: string;
  onChanged: Changed;
}) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { send, busy, problem } = useStep(onChanged);
  const reason = useReason(`fh-reason-${bearerIndex}-${entryId}`);
  if (!open) {
    return (
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        {t('falseHits.notThisPerson')}
      </button>
    );
  }
  return (
    <form
      noValidate
      aria-label={t('falseHits.notThisPerson')}
      onSubmit={(e) => {
        e.preventDefault();
        const text = reason.checked();
        if (!text) return;
        const body: FalseHitMarkRequest = { bearerIndex, entryId, reason: text };
        void send(`cases/${encodeURIComponent(caseId)}/false-hits`, body, 'marked');
      }}
    >
      <FieldErrorSummary errors={reason.summary} />
      <Problem text={problem} />
      {reason.field(t('falseHits.reason'), t('falseHits.reasonHint'))}
      <button type="submit" className="button" disabled={busy}>
        {t('falseHits.submit')}
      </button>{' '}
      <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
        {t('falseHits.cancel')}
      </button>
    </form>
  );
};

/** Under a watchlist hit: spared or not, its marks, and the steps the member may take. */
export const HitMarks = ({
  caseId,
  hit,
  bearerIndex,
  answer,
  reload,
}: {
  caseId: string;
  hit: ScreeningHit;
  bearerIndex: number;
  answer: FalseHitMarksAnswer | undefined;
  reload: () => Promise<void>;
}) => {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<string>();
  const changed: Changed = async (doneKey) => {
    await reload();
    setNotice(t(`falseHits.done.${doneKey}`));
  };
  const entryId = String(hit.details.entryId ?? '');
  const marks = (answer?.marks ?? []).filter(
    (m) => m.bearerIndex === bearerIndex && (m.entryId === entryId || m.id === hit.sparedBy),
  );
  const lastChange = String(hit.details.lastChange ?? '');
  const standing = marks.some(
    (m) => (m.state === 'proposed' || m.state === 'confirmed') && m.entryLastChange === lastChange,
  );
  return (
    <div className="office-false-hits">
      {hit.sparedBy && <p className="alert alert--info">{t('falseHits.spared')}</p>}
      <Done text={notice} />
      {marks.length > 0 && (
        <>
          <h5>{t('falseHits.title')}</h5>
          <ul>
            {marks.map((mark) => (
              <Mark key={mark.id} mark={mark} hit={hit} caseId={caseId} onChanged={changed} />
            ))}
          </ul>
        </>
      )}
      {answer?.mayMark && !standing && entryId !== '' && (
        <MarkForm caseId={caseId} bearerIndex={bearerIndex} entryId={entryId} onChanged={changed} />
      )}
    </div>
  );
};
