// The decisions an officer may take on a claimed case in review: approve, ask the traveller,
// propose a refusal (a different supervisor confirms it); and, for a supervisor, confirm (after a
// second look in a dialog) or reject a refusal another member of staff proposed.
import {
  type ApproveRequest,
  type CaseDetails,
  INFO_REQUEST_REASONS,
  type InformationRequest,
  REFUSAL_REASONS,
  type RefuseRequest,
  type RejectRefusalRequest,
} from '@eta-il/domain';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, Unreachable } from '../../api.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorSummary, type FieldErrors } from '../../components/ErrorSummary.tsx';
import { Field } from '../../components/Field.tsx';
import { Problem, useProblemText } from '../../components/Problem.tsx';
import { dateTime } from '../../format.ts';

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
  <section className="section office-action" aria-labelledby={id}>
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
      void act(
        'request-info',
        { ...ask, question: ask.question.trim() } satisfies InformationRequest,
        'info_requested',
      );
  };
  const submitRefuse = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    if (refuse.reasons.length === 0) found.refuseReasons = t('decide.errors.reasons');
    if (refuse.note.trim() === '') found.refuseNote = t('decide.errors.note');
    if (check(found))
      void act(
        'refuse',
        { ...refuse, note: refuse.note.trim() } satisfies RefuseRequest,
        'proposed',
      );
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
            void act(
              'approve',
              (note.trim() ? { note: note.trim() } : {}) satisfies ApproveRequest,
              'approved',
            );
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

/**
 * A supervisor's answer to another member's proposed refusal: the proposal, then two separate
 * actions each with its own fields. Confirming is irreversible, so it asks once more in a dialog.
 */
export const ConfirmPanel = ({
  c,
  onDone,
}: {
  c: Pick<CaseDetails, 'id' | 'applicationNumber' | 'answers'> & {
    pendingRefusal: NonNullable<CaseDetails['pendingRefusal']>;
  };
  onDone: Outcome;
}) => {
  const { t, i18n } = useTranslation();
  const { act, busy, problem } = useAction(c.id, onDone);
  const [comment, setComment] = useState('');
  const [confirming, setConfirming] = useState(false);
  const proposal = c.pendingRefusal;
  const travellers = c.answers.bearerList.map((b) => `${b.firstName} ${b.lastName}`).join(', ');
  return (
    <section className="section" aria-labelledby="four-eyes-heading">
      <h2 id="four-eyes-heading">{t('decide.fourEyes')}</h2>
      <Problem text={problem} />
      <div className="alert alert--warning">
        <p>
          {t('decide.proposal', {
            email: proposal.proposedByEmail,
            when: dateTime(proposal.proposedAt, i18n.language),
          })}
        </p>
        <p>
          {t('case.reasons')}: {proposal.reasons.map((r) => t(`reasons.${r}`)).join(', ')}
        </p>
        <p className="office-pre">
          {t('case.note')}: <bdi dir="auto">{proposal.note}</bdi>
        </p>
      </div>
      <Section id="confirm-heading" title={t('decide.confirm')}>
        <p>{t('decide.confirmHint')}</p>
        <button
          type="button"
          className="button button--warning"
          disabled={busy}
          onClick={() => setConfirming(true)}
        >
          {t('decide.confirm')}
        </button>
      </Section>
      <Section id="reject-heading" title={t('decide.reject')}>
        <p>{t('decide.rejectHint')}</p>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void act(
              'refusal/reject',
              (comment.trim() ? { comment: comment.trim() } : {}) satisfies RejectRefusalRequest,
              'rejected',
            );
          }}
        >
          <Field name="rejectComment" label={t('decide.rejectComment')}>
            <textarea
              className="textarea"
              rows={3}
              dir="auto"
              maxLength={2000}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
          </Field>
          <button type="submit" className="button button--secondary" disabled={busy}>
            {t('decide.reject')}
          </button>
        </form>
      </Section>
      <ConfirmDialog
        open={confirming}
        title={t('decide.confirmTitle')}
        confirm={t('decide.confirmFinal')}
        busy={busy}
        onConfirm={() => {
          setConfirming(false);
          void act('refusal/confirm', {}, 'refused');
        }}
        onCancel={() => setConfirming(false)}
      >
        <p>
          {t('decide.confirmText', { number: c.applicationNumber })}{' '}
          <bdi dir="auto">{travellers}</bdi>.
        </p>
        <p>
          {t('case.reasons')}: {proposal.reasons.map((r) => t(`reasons.${r}`)).join(', ')}
        </p>
        <p>
          <strong>{t('decide.cannotUndo')}</strong>
        </p>
      </ConfirmDialog>
    </section>
  );
};

/** A supervisor revokes an approved authorization (issue 28): reasons the traveller reads, and a note. */
export const RevokePanel = ({
  c,
  onDone,
}: {
  c: Pick<CaseDetails, 'id' | 'applicationNumber' | 'answers'>;
  onDone: Outcome;
}) => {
  const { t } = useTranslation();
  const { act, busy, problem } = useAction(c.id, onDone);
  const [confirming, setConfirming] = useState(false);
  const [revoke, setRevoke] = useState<{ reasons: string[]; note: string }>({
    reasons: [],
    note: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    if (revoke.reasons.length === 0) found.revokeReasons = t('decide.errors.reasons');
    if (revoke.note.trim() === '') found.revokeNote = t('decide.errors.note');
    setErrors(found);
    if (Object.keys(found).length === 0) setConfirming(true);
  };
  const travellers = c.answers.bearerList.map((b) => `${b.firstName} ${b.lastName}`).join(', ');
  return (
    <section className="section" aria-labelledby="revoke-heading">
      <h2 id="revoke-heading">{t('revoke.title')}</h2>
      <p>{t('revoke.lead')}</p>
      <ErrorSummary errors={errors} />
      <Problem text={problem} />
      <form noValidate onSubmit={submit}>
        <Reasons
          name="revokeReasons"
          codes={REFUSAL_REASONS}
          chosen={revoke.reasons}
          onChange={(reasons) => setRevoke((r) => ({ ...r, reasons }))}
          error={errors.revokeReasons}
        />
        <Field name="revokeNote" label={t('revoke.note')} error={errors.revokeNote}>
          <textarea
            className="textarea"
            rows={3}
            dir="auto"
            maxLength={2000}
            value={revoke.note}
            onChange={(e) => setRevoke((r) => ({ ...r, note: e.target.value }))}
          />
        </Field>
        <button type="submit" className="button button--warning" disabled={busy}>
          {t('revoke.submit')}
        </button>
      </form>
      <ConfirmDialog
        open={confirming}
        title={t('revoke.confirmTitle')}
        confirm={t('revoke.confirmFinal')}
        busy={busy}
        onConfirm={() => {
          setConfirming(false);
          void act(
            'revoke',
            { ...revoke, note: revoke.note.trim() } satisfies RefuseRequest,
            'revoked',
          );
        }}
        onCancel={() => setConfirming(false)}
      >
        <p>
          {t('revoke.confirmText', { number: c.applicationNumber })}{' '}
          <bdi dir="auto">{travellers}</bdi>.
        </p>
        <p>
          {t('case.reasons')}: {revoke.reasons.map((r) => t(`reasons.${r}`)).join(', ')}
        </p>
        <p>
          <strong>{t('revoke.cannotUndo')}</strong>
        </p>
      </ConfirmDialog>
    </section>
  );
};
