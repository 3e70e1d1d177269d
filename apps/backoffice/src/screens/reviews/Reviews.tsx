// The supervisors' queue of reviews of refusals (issue 30), oldest first: each says whether this
// supervisor may decide it (someone new, as the server answers), and links to the review.
import type { ReviewSummary, ReviewsAnswer } from '@eta-il/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Layout } from '../../components/Layout.tsx';
import { Problem } from '../../components/Problem.tsx';
import { dateTime } from '../../format.ts';
import { useLoad } from '../../useLoad.ts';

const YourPart = ({ review }: { review: ReviewSummary }) => {
  const { t } = useTranslation();
  if (review.mayDecide) return <strong>{t('reviews.youMay')}</strong>;
  return <>{t(`reviews.notDecidable.${review.notDecidable ?? 'notSupervisor'}`)}</>;
};

export const Reviews = () => {
  const { t, i18n } = useTranslation();
  const { data, problem } = useLoad<ReviewsAnswer>('reviews');
  const reviews = data?.reviews;
  return (
    <Layout title={t('reviews.queueTitle')}>
      <p className="lead">{t('reviews.queueLead')}</p>
      <Problem text={problem} />
      {reviews && reviews.length === 0 && <p>{t('reviews.empty')}</p>}
      {reviews && reviews.length > 0 && (
        <div className="office-table-wrap">
          <table className="office-table">
            <caption>{t('reviews.caption', { count: reviews.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('reviews.columns.number')}</th>
                <th scope="col">{t('reviews.columns.name')}</th>
                <th scope="col">{t('reviews.columns.asked')}</th>
                <th scope="col">{t('reviews.columns.documents')}</th>
                <th scope="col">{t('reviews.columns.you')}</th>
              </tr>
            </thead>
            <tbody>
              {reviews.map((r) => (
                <tr key={r.id}>
                  <th scope="row">
                    <Link to={`/reviews/${r.id}`} dir="ltr">
                      {r.applicationNumber}
                    </Link>
                  </th>
                  <td dir="auto">{r.name}</td>
                  <td>{dateTime(r.askedAt, i18n.language)}</td>
                  <td>{r.documents}</td>
                  <td>
                    <YourPart review={r} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Layout>
  );
};
