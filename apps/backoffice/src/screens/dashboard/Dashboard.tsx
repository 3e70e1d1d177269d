// The supervisor's dashboard: applications per state today and this week, the share decided
// automatically, the median and 95th-percentile time to decision, the oldest case waiting, and the
// fees taken and refunded per day over the last 14 days, and the reviews of refusals (asked,
// decided, overturned, waiting, the oldest waiting's age and the median time to a decision).
import {
  type DashboardAnswer,
  type DashboardFees,
  type DashboardPeriod,
  type DashboardReviews,
  type FeeCount,
  formatDate,
} from '@eta-il/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Layout } from '../../components/Layout.tsx';
import { Problem } from '../../components/Problem.tsx';
import { hours } from '../../format.ts';
import { useLoad } from '../../useLoad.ts';
import { FalseHitFigures } from './FalseHitFigures.tsx';

/** Fees taken and refunded per day, newest first, with the totals of the period. */
const FeesTable = ({ fees }: { fees: DashboardFees }) => {
  const { t, i18n } = useTranslation();
  const money = (minor: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'currency', currency: fees.currency }).format(
      minor / 100,
    );
  const total = (pick: (d: DashboardFees['days'][number]) => FeeCount) =>
    fees.days.reduce(
      (sum, d) => ({
        count: sum.count + pick(d).count,
        amountMinor: sum.amountMinor + pick(d).amountMinor,
      }),
      { count: 0, amountMinor: 0 },
    );
  const cells = (paid: FeeCount, refunded: FeeCount) => (
    <>
      <td>{paid.count}</td>
      <td>{money(paid.amountMinor)}</td>
      <td>{refunded.count}</td>
      <td>{money(refunded.amountMinor)}</td>
    </>
  );
  return (
    <table className="office-table" aria-labelledby="fees-caption">
      <caption id="fees-caption">{t('dashboard.fees.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('dashboard.fees.day')}</th>
          <th scope="col">{t('dashboard.fees.payments')}</th>
          <th scope="col">{t('dashboard.fees.taken')}</th>
          <th scope="col">{t('dashboard.fees.refunds')}</th>
          <th scope="col">{t('dashboard.fees.refunded')}</th>
        </tr>
      </thead>
      <tbody>
        {[...fees.days].reverse().map((d) => (
          <tr key={d.date}>
            <th scope="row">{formatDate(d.date, i18n.language)}</th>
            {cells(d.paid, d.refunded)}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t('dashboard.fees.total')}</th>
          {cells(
            total((d) => d.paid),
            total((d) => d.refunded),
          )}
        </tr>
      </tfoot>
    </table>
  );
};

/** The reviews of refusals (issue 30): how many, and how long they take. */
const ReviewFigures = ({ reviews }: { reviews: DashboardReviews }) => {
  const { t } = useTranslation();
  const inHours = (s: number | null) =>
    s === null ? t('dashboard.none') : t('dashboard.reviews.hours', { value: hours(s * 1000) });
  const rows: [string, string | number][] = [
    ['asked', reviews.asked],
    ['decided', reviews.decided],
    ['overturned', reviews.overturned],
    ['waiting', reviews.waiting],
    ['oldest', inHours(reviews.oldestWaitingSeconds)],
    ['median', inHours(reviews.medianSecondsToDecision)],
  ];
  return (
    <section className="section" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">{t('dashboard.reviews.caption')}</h2>
      <dl className="summary-list">
        {rows.map(([key, value]) => (
          <div className="summary-list__row" key={key}>
            <dt className="summary-list__key">{t(`dashboard.reviews.${key}`)}</dt>
            <dd className="summary-list__value">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
};

export const Dashboard = () => {
  const { t, i18n } = useTranslation();
  const { data, problem } = useLoad<DashboardAnswer>('dashboard');
  const d = data?.dashboard;
  const minutes = (s: number | null) =>
    s === null ? t('dashboard.none') : t('dashboard.minutes', { value: Math.round(s / 60) });
  const percent = (share: number | null) =>
    share === null
      ? t('dashboard.none')
      : new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(share);
  const period = (id: string, title: string, p: DashboardPeriod) => (
    <table className="office-table" aria-labelledby={id}>
      <caption id={id}>{title}</caption>
      <thead>
        <tr>
          <th scope="col">{t('dashboard.state')}</th>
          <th scope="col">{t('dashboard.count')}</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(p.perState).map(([state, n]) => (
          <tr key={state}>
            <th scope="row">{t(`states.${state}`)}</th>
            <td>{n}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <Layout title={t('dashboard.title')}>
      <Problem text={problem} />
      {d && (
        <>
          <div className="office-columns">
            {period('today-caption', t('dashboard.today'), d.today)}
            {period('week-caption', t('dashboard.week'), d.week)}
          </div>
          <dl className="summary-list">
            <div className="summary-list__row">
              <dt className="summary-list__key">{t('dashboard.decisions')}</dt>
              <dd className="summary-list__value">{d.decisionsThisWeek}</dd>
            </div>
            <div className="summary-list__row">
              <dt className="summary-list__key">{t('dashboard.automatic')}</dt>
              <dd className="summary-list__value">{percent(d.shareDecidedAutomatically)}</dd>
            </div>
            <div className="summary-list__row">
              <dt className="summary-list__key">{t('dashboard.median')}</dt>
              <dd className="summary-list__value">{minutes(d.medianSecondsToDecision)}</dd>
            </div>
            <div className="summary-list__row">
              <dt className="summary-list__key">{t('dashboard.p95')}</dt>
              <dd className="summary-list__value">{minutes(d.p95SecondsToDecision)}</dd>
            </div>
            <div className="summary-list__row">
              <dt className="summary-list__key">{t('dashboard.oldest')}</dt>
              <dd className="summary-list__value">
                {d.oldestWaiting ? (
                  <>
                    <Link to={`/cases/${d.oldestWaiting.id}`} dir="ltr">
                      {d.oldestWaiting.applicationNumber}
                    </Link>{' '}
                    (
                    {t('dashboard.waiting', {
                      hours: hours(d.oldestWaiting.waitingSeconds * 1000),
                    })}
                    )
                  </>
                ) : (
                  t('dashboard.none')
                )}
              </dd>
            </div>
          </dl>
          <FeesTable fees={d.fees} />
          <ReviewFigures reviews={d.reviews} />
          <FalseHitFigures d={d} />
        </>
      )}
    </Layout>
  );
};
