// One review of a refusal (issue 30): what this member of staff may do with it; side by side, the
// refusal under review (its reasons, note, who proposed and confirmed it, when) and the
// traveller's request (the statement and the supporting documents as stored); then the hits and
// the case's history with its notes; last, the decision, offered only when the server says this
// supervisor may take it.
import '../case/texts.ts';
import type { ReviewAnswer, ReviewDetails } from '@eta-il/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Layout } from '../../components/Layout.tsx';
import { Done, Problem } from '../../components/Problem.tsx';
import { Rows } from '../../components/Rows.tsx';
import { dateTime } from '../../format.ts';
import { useLoad } from '../../useLoad.ts';
import { History } from '../case/History.tsx';
import { Hits, WhyReferred } from '../case/Hits.tsx';
import { ReviewDecision } from './ReviewDecision.tsx';

const Refusal = ({ review }: { review: ReviewDetails }) => {
  const { t, i18n } = useTranslation();
  const r = review.refusal;
  return (
    <section className="section" aria-labelledby="refusal-heading">
      <h2 id="refusal-heading">{t('reviews.refusalHeading')}</h2>
      {r ? (
        <Rows
          rows={[
            {
              key: 'at',
              label: t('reviews.refusedAt'),
              value: dateTime(r.refusedAt, i18n.language),
            },
            {
              key: 'reasons',
              label: t('case.reasons'),
              value: r.reasons.map((code) => t(`reasons.${code}`)).join(', '),
            },
            {
              key: 'note',
              label: t('case.note'),
              value: r.note ? (
                <span className="office-pre" dir="auto">
                  {r.note}
                </span>
              ) : (
                ''
              ),
            },
            {
              key: 'proposed',
              label: t('reviews.proposedBy'),
              value: <bdi dir="ltr">{r.proposedByEmail ?? ''}</bdi>,
            },
            {
              key: 'confirmed',
              label: t('reviews.confirmedBy'),
              value: <bdi dir="ltr">{r.confirmedByEmail ?? ''}</bdi>,
            },
          ]}
        />
      ) : (
        <p>{t('reviews.noRefusal')}</p>
      )}
    </section>
  );
};

const Request = ({ review }: { review: ReviewDetails }) => {
  const { t, i18n } = useTranslation();
  return (
    <section className="section" aria-labelledby="request-heading">
      <h2 id="request-heading">{t('reviews.requestHeading')}</h2>
      <Rows
        rows={[
          {
            key: 'asked',
            label: t('reviews.askedAt'),
            value: dateTime(review.askedAt, i18n.language),
          },
          {
            key: 'statement',
            label: t('reviews.statement'),
            value: (
              <span className="office-pre" dir="auto">
                {review.statement}
              </span>
            ),
          },
        ]}
      />
      <h3>{t('reviews.documentsHeading')}</h3>
      {review.documents.length === 0 ? (
        <p>{t('reviews.noDocuments')}</p>
      ) : (
        <ul className="office-documents">
          {review.documents.map((d) => {
            const words = {
              position: d.position,
              type: t(`reviews.types.${d.mediaType}`),
              size: Math.max(1, Math.round(d.size / 1024)),
            };
            const isPdf = d.mediaType === 'application/pdf';
            return (
              <li key={d.position}>
                {!isPdf && (
                  <img
                    src={d.url}
                    alt={t('reviews.documentAlt', { position: d.position })}
                    className="office-document"
                  />
                )}
                <p>
                  <a href={d.url}>
                    {t(isPdf ? 'reviews.downloadDocument' : 'reviews.openDocument', words)}
                  </a>
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
};

const Decided = ({ review }: { review: ReviewDetails }) => {
  const { t, i18n } = useTranslation();
  const d = review.decision;
  if (!d) return null;
  return (
    <section className="section" aria-labelledby="review-decision-heading">
      <h2 id="review-decision-heading">{t('reviews.decisionHeading')}</h2>
      <Rows
        rows={[
          {
            key: 'outcome',
            label: t('reviews.outcome'),
            value: t(`reviews.decision.${d.outcome}`),
          },
          {
            key: 'by',
            label: t('reviews.decidedByLabel'),
            value: t('reviews.decidedBy', {
              email: d.byEmail ?? '',
              when: dateTime(d.at, i18n.language),
            }),
          },
          ...(d.reason
            ? [
                {
                  key: 'reason',
                  label: t('reviews.reason'),
                  value: (
                    <span className="office-pre" dir="auto">
                      {d.reason}
                    </span>
                  ),
                },
              ]
            : []),
        ]}
      />
    </section>
  );
};

export const ReviewView = () => {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const { data, problem, reload } = useLoad<ReviewAnswer>(`reviews/${encodeURIComponent(id)}`);
  const [done, setDone] = useState<string>();
  const back = (
    <p>
      <Link to="/reviews">{t('reviews.back')}</Link>
    </p>
  );
  if (!data) {
    return (
      <Layout title={t('loading')}>
        <Problem text={problem} />
        {back}
      </Layout>
    );
  }
  const { review, case: c } = data;
  // The notice of what was done appears with the review as it now is.
  const finished = (outcome: string) => {
    void reload().then(() => {
      setDone(outcome);
      document.getElementById('main')?.focus();
    });
  };
  const part = data.mayDecide ? 'decide' : (data.notDecidable ?? 'notSupervisor');
  return (
    <Layout title={t('reviews.title', { number: review.applicationNumber })}>
      {back}
      <Done text={done && t(`reviews.done.${done}`)} />
      <div className={`alert ${data.mayDecide ? 'alert--info' : 'alert--warning'} office-part`}>
        <h2 className="office-part__title">{t('part.title')}</h2>
        <p data-part={part}>{t(`reviews.part.${part}`)}</p>
        <p>
          <Link to={`/cases/${c.id}`}>{t('reviews.openCase')}</Link>
        </p>
      </div>
      <div className="office-review-sides">
        <Refusal review={review} />
        <Request review={review} />
      </div>
      <Decided review={review} />
      <WhyReferred c={c} />
      <Hits c={c} />
      <History c={c} />
      {data.mayDecide && (
        <ReviewDecision
          id={review.id}
          applicationNumber={review.applicationNumber}
          onDone={finished}
        />
      )}
    </Layout>
  );
};
