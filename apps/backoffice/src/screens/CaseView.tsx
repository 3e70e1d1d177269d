// One case: its summary and claim, the decisions the reader may take, each screening hit beside
// the list entry it matched, the answers, the photo, earlier applications, the history and the
// questions to the traveller. Everything the traveller typed is shown as text.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { type CaseDetails, call } from '../api.ts';
import { Layout } from '../components/Layout.tsx';
import { Done, Problem, useProblemText } from '../components/Problem.tsx';
import { dateTime } from '../format.ts';
import { useSession } from '../session.tsx';
import { useLoad } from '../useLoad.ts';
import { Answers } from './Answers.tsx';
import { ConfirmPanel, DecisionPanel } from './DecisionPanel.tsx';

const WAITING = ['in_review', 'info_requested'];

export const CaseView = () => {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation();
  const { staff } = useSession();
  const problemText = useProblemText();
  const { data, problem, reload } = useLoad<{ case: CaseDetails; mayAct: boolean }>(
    `cases/${encodeURIComponent(id)}`,
  );
  const [done, setDone] = useState<string>();
  const [claimProblem, setClaimProblem] = useState<string>();
  const c = data?.case;
  const when = (iso: string) => dateTime(iso, i18n.language);

  const finished = (key: string) => {
    setDone(t(`decide.done.${key}`));
    void reload();
    document.getElementById('main')?.focus();
  };
  const claim = async (path: 'claim' | 'release') => {
    setClaimProblem(undefined);
    const answer = await call('POST', `cases/${id}/${path}`, {});
    if (answer.status === 200) finished(path === 'claim' ? 'claimed' : 'released');
    else setClaimProblem(problemText(answer.status, answer.data.code));
  };

  if (!c) {
    return (
      <Layout title={t('loading')}>
        <Problem text={problem} />
        <p>
          <Link to="/">{t('case.back')}</Link>
        </p>
      </Layout>
    );
  }
  const worker = staff?.role === 'officer' || staff?.role === 'supervisor';
  const heldByOther = c.claim !== null && c.claim.staffId !== staff?.id;
  const canConfirm =
    staff?.role === 'supervisor' &&
    c.pendingRefusal !== null &&
    c.pendingRefusal.proposedBy !== staff.id;

  return (
    <Layout title={t('case.title', { number: c.applicationNumber })}>
      <p>
        <Link to="/">{t('case.back')}</Link>
      </p>
      <Done text={done} />
      <Problem text={claimProblem} />
      <dl className="summary-list">
        <div className="summary-list__row">
          <dt className="summary-list__key">{t('case.state')}</dt>
          <dd className="summary-list__value" data-state={c.state}>
            {t(`states.${c.state}`)}
          </dd>
        </div>
        <div className="summary-list__row">
          <dt className="summary-list__key">{t('case.submitted')}</dt>
          <dd className="summary-list__value">{when(c.submittedAt)}</dd>
        </div>
        <div className="summary-list__row">
          <dt className="summary-list__key">{t('case.email')}</dt>
          <dd className="summary-list__value" dir="ltr">
            {c.email}
          </dd>
        </div>
        <div className="summary-list__row">
          <dt className="summary-list__key">{t('case.language')}</dt>
          <dd className="summary-list__value">{c.language}</dd>
        </div>
        <div className="summary-list__row">
          <dt className="summary-list__key">{t('case.claim')}</dt>
          <dd className="summary-list__value">
            {c.claim ? t('case.claimedBy', { email: c.claim.email }) : t('case.notClaimed')}
          </dd>
        </div>
      </dl>
      {heldByOther && <p className="alert alert--info">{t('case.readOnly')}</p>}
      {c.pendingRefusal && (
        <div className="alert alert--warning">
          <p>{t('case.pending', { email: c.pendingRefusal.proposedByEmail })}</p>
          <p>
            {t('case.reasons')}: {c.pendingRefusal.reasons.map((r) => t(`reasons.${r}`)).join(', ')}
          </p>
          <p dir="auto">
            {t('case.note')}: {c.pendingRefusal.note}
          </p>
        </div>
      )}
      {worker && WAITING.includes(c.state) && !c.claim && (
        <button type="button" className="button" onClick={() => void claim('claim')}>
          {t('case.claimAction')}
        </button>
      )}
      {worker && c.claim && (c.claim.staffId === staff?.id || staff?.role === 'supervisor') && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void claim('release')}
        >
          {t('case.release')}
        </button>
      )}
      {data.mayAct && <DecisionPanel caseId={c.id} onDone={finished} />}
      {canConfirm && <ConfirmPanel caseId={c.id} onDone={finished} />}

      <section className="section" aria-labelledby="screening-heading">
        <h2 id="screening-heading">{t('case.screening')}</h2>
        {c.screening.map((s) => (
          <div key={s.bearerIndex}>
            <h3>{t('case.traveller', { index: s.bearerIndex + 1 })}</h3>
            {s.hits.length === 0 && <p>{t('case.noHits')}</p>}
            <ul className="office-hits">
              {s.hits.map((hit) => (
                <li key={`${hit.code}-${JSON.stringify(hit.details)}`} className="office-hit">
                  <p>
                    <strong>{hit.code}</strong> ·{' '}
                    {t('case.hitScore', { score: hit.score.toFixed(2) })}
                  </p>
                  <p>
                    {t('case.rule')}: {hit.messageId}
                  </p>
                  <p>{t('case.matched')}:</p>
                  <dl className="summary-list">
                    {Object.entries(hit.details).map(([key, value]) => (
                      <div className="summary-list__row" key={key}>
                        <dt className="summary-list__key">{key}</dt>
                        <dd className="summary-list__value" dir="auto">
                          {typeof value === 'string' ? value : JSON.stringify(value)}
                        </dd>
                      </div>
                    ))}
                  </dl>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>

      <section className="section" aria-labelledby="info-heading">
        <h2 id="info-heading">{t('case.infoRequests')}</h2>
        {c.infoRequests.map((r) => (
          <dl className="summary-list" key={r.askedAt}>
            <div className="summary-list__row">
              <dt className="summary-list__key">{t('case.asked')}</dt>
              <dd className="summary-list__value" dir="auto">
                {r.question} ({when(r.askedAt)}, {r.askedBy})
              </dd>
            </div>
            <div className="summary-list__row">
              <dt className="summary-list__key">{t('case.answered')}</dt>
              <dd className="summary-list__value office-pre" dir="auto">
                {r.answer ?? t('case.notAnswered')}
              </dd>
            </div>
          </dl>
        ))}
      </section>

      <Answers answers={c.answers} />

      {c.photoUrl && (
        <section className="section" aria-labelledby="photo-heading">
          <h2 id="photo-heading">{t('case.photo')}</h2>
          <img src={c.photoUrl} alt={t('case.photoAlt')} width={240} />
        </section>
      )}

      <section className="section" aria-labelledby="earlier-heading">
        <h2 id="earlier-heading">{t('case.earlier')}</h2>
        {c.earlierApplications.length === 0 ? (
          <p>{t('case.noEarlier')}</p>
        ) : (
          <ul>
            {c.earlierApplications.map((e) => (
              <li key={e.id}>
                <Link to={`/cases/${e.id}`} dir="ltr">
                  {e.applicationNumber}
                </Link>{' '}
                {t(`states.${e.state}`)}, {when(e.submittedAt)}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="section" aria-labelledby="history-heading">
        <h2 id="history-heading">{t('case.history')}</h2>
        <ol>
          {c.history.map((h) => (
            <li key={`${h.at}-${h.to}`}>
              {when(h.at)}: {t(`states.${h.to}`)} {t('case.by', { actor: h.actorKind })}
              {h.reasons.length > 0 && ` (${h.reasons.join(', ')})`}
              {h.note && <span dir="auto"> — {h.note}</span>}
            </li>
          ))}
        </ol>
      </section>
    </Layout>
  );
};
