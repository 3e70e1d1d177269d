// The decisions an officer may take on a claimed case in review: approve, ask the traveller,
// propose a refusal (a different supervisor confirms it); and, for a supervisor, confirm or
// reject a refusal another member of staff proposed.
import { INFO_REQUEST_REASONS, REFUSAL_REASONS } from '@eta-il/domain';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, Unreachable } from '../api.ts';
import { ErrorSummary, type FieldErrors } from '../components/ErrorSummary.tsx';
import { Field } from '../components/Field.tsx';
import { Problem, useProblemText } from '../components/Problem.tsx';

type Outcome = (done: string) => void;

const useAction = (caseId: string, onDone: Outcome) => {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const act = async (path: string, body: object, done: string) => {
    setBusy(true);
    setProblem(undefined);
    try {
      const answer = await call('POST', `cases/${caseId}/${path}`, body);
      if (answer.status === 200) onDone(done);
      else setProblem(problemText(answer.status, answer.data.code));
    } catch (error) {
      if (!(error instanceof Unreachable)) throw error;
      setProblem(t('problems.unreachable'));
    } finally {
      setBusy(false);
    }
  };
  return { act, busy, problem };
};

const Reasons = ({
  name,
  codes,
  chosen,
  onChange,
  error,
}: {
  name: string;
  codes: readonly string[];
  chosen: string[];
  onChange: (codes: string[]) => void;
  error?: string;
}) => {
  const { t } = useTranslation();
  return (
    <fieldset
      className={`field${error ? ' field--error' : ''}`}
      aria-describedby={error ? `${name}-error` : undefined}
    >
      <legend className="field__label">{t('decide.reasons')}</legend>
      {error && (
        <p id={`${name}-error`} className="field__error">
          {error}
        </p>
      )}
      {codes.map((code, index) => (
        <div className="checkbox" key={code}>
          <input
            type="checkbox"
            id={index === 0 ? name : `${name}-${code}`}
            name={name}
            value={code}
            checked={chosen.includes(code)}
            onChange={(event) =>
              onChange(event.target.checked ? [...chosen, code] : chosen.filter((c) => c !== code))
            }
          />
          <label htmlFor={index === 0 ? name : `${name}-${code}`}>{t(`reasons.${code}`)}</label>
        </div>
      ))}
    </fieldset>
  );
};

const Section = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  <section className="section" aria-labelledby={id}>
    <h3 id={id}>{title}</h3>
    {children}
  </section>
);

export const DecisionPanel = ({ caseId, onDone }: { caseId: string; onDone: Outcome }) => {
  const { t } = useTranslation();
  const { act, busy, problem } = useAction(caseId, onDone);
  const [note, setNote] = useState('');
  const [ask, setAsk] = useState<{ reasons: string[]; question: string }>({
    reasons: [],
    question: '',
  });
  const [refuse, setRefuse] = useState<{ reasons: string[]; note: string }>({
    reasons: [],
    note: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});

  const check = (found: FieldErrors) => {
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  const submitAsk = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    if (ask.reasons.length === 0) found.askReasons = t('decide.errors.reasons');
    if (ask.question.trim() === '') found.question = t('decide.errors.question');
    if (check(found))
      void act('request-info', { ...ask, question: ask.question.trim() }, 'info_requested');
  };
  const submitRefuse = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    if (refuse.reasons.length === 0) found.refuseReasons = t('decide.errors.reasons');
    if (refuse.note.trim() === '') found.refuseNote = t('decide.errors.note');
    if (check(found)) void act('refuse', { ...refuse, note: refuse.note.trim() }, 'proposed');
  };

  return (
    <section className="section" aria-labelledby="decide-heading">
      <h2 id="decide-heading">{t('decide.title')}</h2>
      <ErrorSummary errors={errors} />
      <Problem text={problem} />
      <Section id="approve-heading" title={t('decide.approve')}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void act('approve', note.trim() ? { note: note.trim() } : {}, 'approved');
          }}
        >
          <Field name="approveNote" label={t('decide.approveNote')}>
            <input className="input" value={note} onChange={(e) => setNote(e.target.value)} />
          </Field>
          <button type="submit" className="button" disabled={busy}>
            {t('decide.approve')}
          </button>
        </form>
      </Section>
      <Section id="ask-heading" title={t('decide.requestInfo')}>
        <form noValidate onSubmit={submitAsk}>
          <Reasons
            name="askReasons"
            codes={INFO_REQUEST_REASONS}
            chosen={ask.reasons}
            onChange={(reasons) => setAsk((a) => ({ ...a, reasons }))}
            error={errors.askReasons}
          />
          <Field
            name="question"
            label={t('decide.question')}
            hint={t('decide.questionHint')}
            error={errors.question}
          >
            <textarea
              className="textarea"
              rows={4}
              dir="auto"
              maxLength={2000}
              value={ask.question}
              onChange={(e) => setAsk((a) => ({ ...a, question: e.target.value }))}
            />
          </Field>
          <button type="submit" className="button button--secondary" disabled={busy}>
            {t('decide.requestInfo')}
          </button>
        </form>
      </Section>
      <Section id="refuse-heading" title={t('decide.refuse')}>
        <p>{t('decide.refuseHint')}</p>
        <form noValidate onSubmit={submitRefuse}>
          <Reasons
            name="refuseReasons"
            codes={REFUSAL_REASONS}
            chosen={refuse.reasons}
            onChange={(reasons) => setRefuse((r) => ({ ...r, reasons }))}
            error={errors.refuseReasons}
          />
          <Field name="refuseNote" label={t('decide.refuseNote')} error={errors.refuseNote}>
            <textarea
              className="textarea"
              rows={3}
              dir="auto"
              maxLength={2000}
              value={refuse.note}
              onChange={(e) => setRefuse((r) => ({ ...r, note: e.target.value }))}
            />
          </Field>
          <button type="submit" className="button button--warning" disabled={busy}>
            {t('decide.refuse')}
          </button>
        </form>
      </Section>
    </section>
  );
};

/** A supervisor's confirmation or rejection of another member's proposed refusal. */
export const ConfirmPanel = ({ caseId, onDone }: { caseId: string; onDone: Outcome }) => {
  const { t } = useTranslation();
  const { act, busy, problem } = useAction(caseId, onDone);
  const [comment, setComment] = useState('');
  return (
    <section className="section" aria-labelledby="confirm-heading">
      <h2 id="confirm-heading">{t('decide.confirm')}</h2>
      <Problem text={problem} />
      <button
        type="button"
        className="button button--warning"
        disabled={busy}
        onClick={() => void act('refusal/confirm', {}, 'refused')}
      >
        {t('decide.confirm')}
      </button>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void act('refusal/reject', comment.trim() ? { comment: comment.trim() } : {}, 'rejected');
        }}
      >
        <Field name="rejectComment" label={t('decide.rejectComment')}>
          <input className="input" value={comment} onChange={(e) => setComment(e.target.value)} />
        </Field>
        <button type="submit" className="button button--secondary" disabled={busy}>
          {t('decide.reject')}
        </button>
      </form>
    </section>
  );
};
