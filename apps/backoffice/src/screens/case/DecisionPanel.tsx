// The decisions an officer may take on a claimed case in review: approve, ask the traveller,
// propose a refusal (a different supervisor confirms it); and, for a supervisor, confirm (after a
// second look in a dialog) or reject a refusal another member of staff proposed.
import {
  type ApproveRequest,
  type CaseDetails,
  DECISION_TEXT_MAX,
  INFO_REQUEST_REASONS,
  type InformationRequest,
  InformationRequestFormSchema,
  REFUSAL_REASONS,
  RefusalFormSchema,
  type RefuseRequest,
  type RejectRefusalRequest,
} from '@eta-il/domain';
import { Field, FieldErrorSummary } from '@eta-il/ui';
import { type FormEvent, type ReactNode, useState } from 'react';
import {
  type Control,
  type FieldPathByValue,
  type FieldValues,
  useController,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Problem } from '../../components/Problem.tsx';
import { useSchemaForm } from '../../components/useSchemaForm.ts';
import { dateTime } from '../../format.ts';
import { type Outcome, useCaseAction } from './useCaseAction.ts';
import { WordsField } from './WordsField.tsx';

/** The reasons to choose from, as checkboxes; `id` is the first one's (the summary links to it). */
const Reasons = <V extends FieldValues>({
  id,
  codes,
  control,
  name,
  error,
}: {
  id: string;
  codes: readonly string[];
  control: Control<V>;
  name: FieldPathByValue<V, string[]>;
  error?: string;
}) => {
  const { t } = useTranslation();
  const { field } = useController({ control, name });
  const chosen: string[] = field.value;
  return (
    <fieldset
      className={`field${error ? ' field--error' : ''}`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="field__label">{t('decide.reasons')}</legend>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
      {codes.map((code, index) => (
        <div className="checkbox" key={code}>
          <input
            type="checkbox"
            id={index === 0 ? id : `${id}-${code}`}
            name={id}
            value={code}
            checked={chosen.includes(code)}
            onChange={(event) =>
              field.onChange(
                event.target.checked ? [...chosen, code] : chosen.filter((c) => c !== code),
              )
            }
          />
          <label htmlFor={index === 0 ? id : `${id}-${code}`}>{t(`reasons.${code}`)}</label>
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
  const { act, busy, problem } = useCaseAction(caseId, onDone);
  const [note, setNote] = useState('');
  const ask = useSchemaForm(InformationRequestFormSchema, {
    defaultValues: { reasons: [] as string[], question: '' },
    ids: { reasons: 'askReasons', question: 'question' },
  });
  const refuse = useRefusalForm('refuse');
  // The summary lists the problems of the form last sent: sending one clears the other's.
  const submitAsk = ask.form.handleSubmit(
    (body) => {
      refuse.form.clearErrors();
      void act('request-info', body satisfies InformationRequest, 'info_requested');
    },
    () => refuse.form.clearErrors(),
  );
  const submitRefuse = refuse.form.handleSubmit(
    (body) => {
      ask.form.clearErrors();
      void act('refuse', body satisfies RefuseRequest, 'proposed');
    },
    () => ask.form.clearErrors(),
  );

  return (
    <section className="section" aria-labelledby="decide-heading">
      <h2 id="decide-heading">{t('decide.title')}</h2>
      <FieldErrorSummary errors={{ ...ask.errors, ...refuse.errors }} />
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
        <form noValidate onSubmit={(e) => void submitAsk(e)}>
          <Reasons
            id="askReasons"
            codes={INFO_REQUEST_REASONS}
            control={ask.form.control}
            name="reasons"
            error={ask.errorOf('reasons')}
          />
          <WordsField
            name="question"
            label={t('decide.question')}
            hint={t('decide.questionHint')}
            error={ask.errorOf('question')}
            rows={4}
            maxLength={DECISION_TEXT_MAX}
            registration={ask.form.register('question')}
          />
          <button type="submit" className="button button--secondary" disabled={busy}>
            {t('decide.requestInfo')}
          </button>
        </form>
      </Section>
      <Section id="refuse-heading" title={t('decide.refuse')}>
        <p>{t('decide.refuseHint')}</p>
        <RefusalForm
          prefix="refuse"
          form={refuse}
          noteLabel={t('decide.refuseNote')}
          submitLabel={t('decide.refuse')}
          busy={busy}
          onSubmit={(e) => void submitRefuse(e)}
        />
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
  const { act, busy, problem } = useCaseAction(c.id, onDone);
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
          <WordsField
            name="rejectComment"
            label={t('decide.rejectComment')}
            maxLength={DECISION_TEXT_MAX}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
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
  const { act, busy, problem } = useCaseAction(c.id, onDone);
  const revoke = useRefusalForm('revoke');
  // What the dialog is about to send, once the form is right.
  const [confirming, setConfirming] = useState<RefuseRequest>();
  const submit = revoke.form.handleSubmit((body) => setConfirming(body satisfies RefuseRequest));
  const travellers = c.answers.bearerList.map((b) => `${b.firstName} ${b.lastName}`).join(', ');
  return (
    <section className="section" aria-labelledby="revoke-heading">
      <h2 id="revoke-heading">{t('revoke.title')}</h2>
      <p>{t('revoke.lead')}</p>
      <FieldErrorSummary errors={revoke.errors} />
      <Problem text={problem} />
      <RefusalForm
        prefix="revoke"
        form={revoke}
        noteLabel={t('revoke.note')}
        submitLabel={t('revoke.submit')}
        busy={busy}
        onSubmit={(e) => void submit(e)}
      />
      <ConfirmDialog
        open={confirming !== undefined}
        title={t('revoke.confirmTitle')}
        confirm={t('revoke.confirmFinal')}
        busy={busy}
        onConfirm={() => {
          setConfirming(undefined);
          if (confirming) void act('revoke', confirming, 'revoked');
        }}
        onCancel={() => setConfirming(undefined)}
      >
        <p>
          {t('revoke.confirmText', { number: c.applicationNumber })}{' '}
          <bdi dir="auto">{travellers}</bdi>.
        </p>
        <p>
          {t('case.reasons')}: {confirming?.reasons.map((r) => t(`reasons.${r}`)).join(', ')}
        </p>
        <p>
          <strong>{t('revoke.cannotUndo')}</strong>
        </p>
      </ConfirmDialog>
    </section>
  );
};

/** A refusal's form, to refuse a case or to revoke its authorization: ids start with `prefix`. */
const useRefusalForm = (prefix: 'refuse' | 'revoke') =>
  useSchemaForm(RefusalFormSchema, {
    defaultValues: { reasons: [] as string[], note: '' },
    ids: { reasons: `${prefix}Reasons`, note: `${prefix}Note` },
  });

/** The refusal reasons to tick, the note, and the (warning) button that sends them. */
const RefusalForm = ({
  prefix,
  form,
  noteLabel,
  submitLabel,
  busy,
  onSubmit,
}: {
  prefix: 'refuse' | 'revoke';
  form: ReturnType<typeof useRefusalForm>;
  noteLabel: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
}) => (
  <form noValidate onSubmit={onSubmit}>
    <Reasons
      id={`${prefix}Reasons`}
      codes={REFUSAL_REASONS}
      control={form.form.control}
      name="reasons"
      error={form.errorOf('reasons')}
    />
    <WordsField
      name={`${prefix}Note`}
      label={noteLabel}
      error={form.errorOf('note')}
      maxLength={DECISION_TEXT_MAX}
      registration={form.form.register('note')}
    />
    <button type="submit" className="button button--warning" disabled={busy}>
      {submitLabel}
    </button>
  </form>
);
