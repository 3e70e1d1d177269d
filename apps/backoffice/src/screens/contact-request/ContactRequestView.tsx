// One request to move a lost contact address (decision 047): the addresses, the passport's MRZ
// lines as given, each MRZ field beside the stored passport's with "matches" or "differs" in words,
// the application's photo, and (for officers and supervisors, while it is pending) Accept, or
// Reject with a reason the traveller is sent.
import {
  CONTACT_REJECTION_REASON_MAX,
  ContactRejectionFormSchema,
  type ContactRejectRequest,
  type ContactRequestAnswer,
  type MrzFieldComparison,
} from '@eta-il/domain';
import { Field, FieldErrorSummary } from '@eta-il/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { call } from '../../api.ts';
import { Layout } from '../../components/Layout.tsx';
import { Done, Problem, useProblemText } from '../../components/Problem.tsx';
import { Rows } from '../../components/Rows.tsx';
import { useSchemaForm } from '../../components/useSchemaForm.ts';
import { dateTime } from '../../format.ts';
import { useLoad } from '../../useLoad.ts';

const Comparison = ({ rows }: { rows: MrzFieldComparison[] }) => {
  const { t } = useTranslation();
  return (
    <div className="office-table-wrap">
      <table className="office-table">
        <caption>{t('contact.comparisonCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('contact.columns.field')}</th>
            <th scope="col">{t('contact.columns.given')}</th>
            <th scope="col">{t('contact.columns.stored')}</th>
            <th scope="col">{t('contact.columns.result')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.field}>
              <th scope="row">{t(`contact.fields.${row.field}`)}</th>
              <td dir="ltr">{row.given}</td>
              <td dir="ltr">{row.stored}</td>
              <td className={row.matches ? undefined : 'office-late'}>
                {t(row.matches ? 'contact.matches' : 'contact.differs')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};

const DecidePanel = ({ id, onDone }: { id: string; onDone: (key: string) => void }) => {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const rejection = useSchemaForm(ContactRejectionFormSchema, {
    defaultValues: { reason: '' },
    ids: { reason: 'contact-reason' },
  });
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const decide = async (path: 'accept' | 'reject', body: object) => {
    setBusy(true);
    setProblem(undefined);
    const answer = await call('POST', `contact-requests/${id}/${path}`, body);
    setBusy(false);
    if (answer.status === 200) onDone(path === 'accept' ? 'accepted' : 'rejected');
    else setProblem(problemText(answer.status, answer.data.code));
  };
  const reject = rejection.form.handleSubmit(
    (body) => void decide('reject', body satisfies ContactRejectRequest),
  );
  return (
    <section className="section" aria-labelledby="contact-decide-heading">
      <h2 id="contact-decide-heading">{t('contact.decideHeading')}</h2>
      <FieldErrorSummary errors={rejection.errors} />
      <Problem text={problem} />
      <p>{t('contact.acceptExplanation')}</p>
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={() => void decide('accept', {})}
      >
        {t('contact.accept')}
      </button>
      <form noValidate onSubmit={(e) => void reject(e)}>
        <Field
          name="contact-reason"
          label={t('contact.reason')}
          hint={t('contact.reasonHint')}
          error={rejection.errorOf('reason')}
        >
          <textarea
            className="textarea"
            rows={3}
            maxLength={CONTACT_REJECTION_REASON_MAX}
            {...rejection.form.register('reason')}
          />
        </Field>
        <button type="submit" className="button button--secondary" disabled={busy}>
          {t('contact.reject')}
        </button>
      </form>
    </section>
  );
};

export const ContactRequestView = () => {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation();
  const { data, problem, reload } = useLoad<ContactRequestAnswer>(
    `contact-requests/${encodeURIComponent(id)}`,
  );
  const [done, setDone] = useState<string>();
  const r = data?.request;
  const back = (
    <p>
      <Link to="/contact-requests">{t('contact.back')}</Link>
    </p>
  );
  if (!data || !r) {
    return (
      <Layout title={t('loading')}>
        <Problem text={problem} />
        {back}
      </Layout>
    );
  }
  const finished = (key: string) => {
    setDone(key);
    void reload();
    document.getElementById('main')?.focus();
  };
  return (
    <Layout title={t('contact.title', { number: r.applicationNumber })}>
      {back}
      <Done text={done && t(`contact.done.${done}`)} />
      <Rows
        rows={[
          { key: 'status', label: t('contact.status'), value: t(`contact.statuses.${r.status}`) },
          {
            key: 'application',
            label: t('contact.application'),
            value: (
              <Link to={`/cases/${r.applicationId}`} dir="ltr">
                {r.applicationNumber}
              </Link>
            ),
          },
          {
            key: 'requested',
            label: t('contact.requested'),
            value: dateTime(r.requestedAt, i18n.language),
          },
          {
            key: 'current',
            label: t('contact.currentEmail'),
            value: <bdi dir="ltr">{r.currentEmail}</bdi>,
          },
          { key: 'new', label: t('contact.newEmail'), value: <bdi dir="ltr">{r.newEmail}</bdi> },
          {
            key: 'mrz',
            label: t('contact.mrz'),
            value: (
              <span className="office-pre" dir="ltr">
                {r.mrz.join('\n')}
              </span>
            ),
          },
          ...(r.decidedBy
            ? [
                {
                  key: 'decided',
                  label: t('contact.decided'),
                  value: t('contact.decidedBy', {
                    email: r.decidedBy,
                    when: r.decidedAt ? dateTime(r.decidedAt, i18n.language) : '',
                  }),
                },
              ]
            : []),
          ...(r.reason ? [{ key: 'reason', label: t('contact.reason'), value: r.reason }] : []),
        ]}
      />
      <div className="office-application-with-photo">
        <section className="section" aria-labelledby="contact-compare-heading">
          <h2 id="contact-compare-heading">{t('contact.compareHeading')}</h2>
          {r.comparison ? <Comparison rows={r.comparison} /> : <p>{t('contact.unreadable')}</p>}
        </section>
        {r.photoUrl && (
          <section className="section" aria-labelledby="contact-photo-heading">
            <h2 id="contact-photo-heading">{t('case.photo')}</h2>
            <img src={r.photoUrl} alt={t('case.photoAlt')} width={240} />
          </section>
        )}
      </div>
      {data.mayDecide && <DecidePanel id={r.id} onDone={finished} />}
    </Layout>
  );
};
