// One case, read top to bottom: who the traveller is and what this member of staff can do with
// the case now (as the server answers it); why it was referred, each hit beside its evidence; the
// questions to the traveller; the application as the traveller's review showed it; the photo and
// earlier applications; the full history; and last, the decision this person may take.
import './texts.ts';
import { type CaseAnswer, type CaseDetails, isUnderReview } from '@eta-il/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { call } from '../../api.ts';
import { Layout } from '../../components/Layout.tsx';
import { Done, Problem, useProblemText } from '../../components/Problem.tsx';
import { Rows } from '../../components/Rows.tsx';
import { dateTime } from '../../format.ts';
import { useNames } from '../../names.ts';
import { useSession } from '../../session.tsx';
import { useLoad } from '../../useLoad.ts';
import { ApplicationSummary } from './ApplicationSummary.tsx';
import { ConfirmPanel, DecisionPanel, RevokePanel } from './DecisionPanel.tsx';
import { HitMarks, useFalseHitMarks } from './FalseHitMarks.tsx';
import { Fee } from './Fee.tsx';
import { History } from './History.tsx';
import { Hits, WhyReferred } from './Hits.tsx';

/** Who the case is about, at a glance. */
const Summary = ({ c }: { c: CaseDetails }) => {
  const { t, i18n } = useTranslation();
  const names = useNames();
  const main = c.answers.bearerList[0];
  return (
    <Rows
      rows={[
        { key: 'state', label: t('case.state'), value: t(`states.${c.state}`) },
        {
          key: 'traveller',
          label: t(c.answers.bearerList.length > 1 ? 'case.travellers' : 'case.travellerName'),
          value: (
            <bdi dir="auto">
              {c.answers.bearerList.map((b) => `${b.firstName} ${b.lastName}`).join(', ')}
            </bdi>
          ),
        },
        {
          key: 'nationality',
          label: t('passport:fields.nationalityId.label'),
          value: names.country(main?.nationalityId),
        },
        {
          key: 'arrival',
          label: t('travel:fields.dayEstimatedAarrivalDate.label'),
          value: names.date(main?.estimatedArrivalDate ?? ''),
        },
        {
          key: 'submitted',
          label: t('case.submitted'),
          value: dateTime(c.submittedAt, i18n.language),
        },
        {
          key: 'email',
          label: t('case.email'),
          value: <bdi dir="ltr">{c.email}</bdi>,
        },
        { key: 'language', label: t('case.language'), value: names.language(c.language) },
      ]}
    />
  );
};

/** What this member of staff can do with the case now, in one sentence, with its buttons. */
const YourPart = ({
  answer,
  onClaim,
}: {
  answer: CaseAnswer;
  onClaim: (path: 'claim' | 'release') => void;
}) => {
  const { t } = useTranslation();
  const you = useSession().staff?.id;
  const { case: c, ability, mayRelease } = answer;
  const holder = c.claim?.email ?? '';
  const proposer = c.pendingRefusal?.proposedByEmail ?? '';
  const goToDecision = ability === 'decide' || ability === 'reviewRefusal';
  return (
    <div
      className={`alert ${goToDecision || ability === 'claim' ? 'alert--info' : 'alert--warning'} office-part`}
    >
      <h2 className="office-part__title">{t('part.title')}</h2>
      <p data-ability={ability}>
        {t(`part.${ability}`, { holder, proposer, state: t(`states.${c.state}`) })}
      </p>
      {goToDecision && (
        <p>
          <a href={ability === 'decide' ? '#decide-heading' : '#four-eyes-heading'}>
            {t('part.goToDecision')}
          </a>
        </p>
      )}
      {(ability === 'claim' || mayRelease) && (
        <div className="office-part__actions">
          {ability === 'claim' && (
            <button type="button" className="button" onClick={() => onClaim('claim')}>
              {t('case.claimAction')}
            </button>
          )}
          {mayRelease && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => onClaim('release')}
            >
              {c.claim && c.claim.staffId !== you
                ? t('case.releaseOther', { holder })
                : t('case.release')}
            </button>
          )}
        </div>
      )}
    </div>
  );
};

const Questions = ({ c }: { c: CaseDetails }) => {
  const { t, i18n } = useTranslation();
  if (c.infoRequests.length === 0) return null;
  return (
    <section className="section" aria-labelledby="info-heading">
      <h2 id="info-heading">{t('case.infoRequests')}</h2>
      {c.infoRequests.map((r) => (
        <Rows
          key={r.askedAt}
          rows={[
            {
              key: 'asked',
              label: t('case.asked', {
                email: r.askedBy,
                when: dateTime(r.askedAt, i18n.language),
              }),
              value: (
                <span className="office-pre" dir="auto">
                  {r.question}
                </span>
              ),
            },
            {
              key: 'answer',
              label: t('case.answered'),
              value: (
                <span className="office-pre" dir="auto">
                  {r.answer ?? t('case.notAnswered')}
                </span>
              ),
            },
          ]}
        />
      ))}
    </section>
  );
};

export const CaseView = () => {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation();
  const problemText = useProblemText();
  const { data, problem, reload } = useLoad<CaseAnswer>(`cases/${encodeURIComponent(id)}`);
  const falseHits = useFalseHitMarks(id);
  const [done, setDone] = useState<string>();
  const [claimProblem, setClaimProblem] = useState<string>();
  const c = data?.case;

  // The notice of what was done appears with the case as it now is, never over the case before.
  const finished = (key: string) => {
    void reload().then(() => {
      setDone(key);
      document.getElementById('main')?.focus();
    });
  };
  const claim = async (path: 'claim' | 'release') => {
    setClaimProblem(undefined);
    const answer = await call('POST', `cases/${id}/${path}`, {});
    if (answer.status === 200) finished(path === 'claim' ? 'claimed' : 'released');
    else setClaimProblem(problemText(answer.status, answer.data.code));
  };

  if (!data || !c) {
    return (
      <Layout title={t('loading')}>
        <Problem text={problem} />
        <p>
          <Link to="/">{t('case.back')}</Link>
        </p>
      </Layout>
    );
  }
  const pending = c.pendingRefusal;
  return (
    <Layout title={t('case.title', { number: c.applicationNumber })}>
      <p>
        <Link to="/">{t('case.back')}</Link>
      </p>
      <Done text={done && t(`decide.done.${done}`)} />
      <Problem text={claimProblem} />
      <div className="office-case-top">
        <Summary c={c} />
        <YourPart answer={data} onClaim={(path) => void claim(path)} />
      </div>
      {isUnderReview(c.state) && (
        <p>
          <Link to={`/reviews/${c.id}`}>{t('reviews.openReview')}</Link>
        </p>
      )}
      <WhyReferred c={c} />
      <Hits
        c={c}
        hitExtra={(hit, bearerIndex) => (
          <HitMarks
            caseId={c.id}
            hit={hit}
            bearerIndex={bearerIndex}
            answer={falseHits.data}
            reload={falseHits.reload}
          />
        )}
      />
      <Questions c={c} />
      <div className="office-application-with-photo">
        <ApplicationSummary c={c} />
        {c.photoUrl && (
          <section className="section" aria-labelledby="photo-heading">
            <h2 id="photo-heading">{t('case.photo')}</h2>
            <img src={c.photoUrl} alt={t('case.photoAlt')} width={240} />
          </section>
        )}
      </div>
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
                {t(`states.${e.state}`)}, {dateTime(e.submittedAt, i18n.language)}
              </li>
            ))}
          </ul>
        )}
      </section>
      <Fee caseId={c.id} fee={c.fee} mayRefund={data.mayRefundFee} onDone={finished} />
      <History c={c} />
      {data.ability === 'decide' && <DecisionPanel caseId={c.id} onDone={finished} />}
      {data.ability === 'reviewRefusal' && pending && (
        <ConfirmPanel c={{ ...c, pendingRefusal: pending }} onDone={finished} />
      )}
      {data.mayRevoke && <RevokePanel c={c} onDone={finished} />}
    </Layout>
  );
};
