// The queue of requests to move a lost contact address (decision 047), oldest first: officers and
// supervisors decide them, auditors read them.
import type { ContactRequestsAnswer } from '@eta-il/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Layout } from '../../components/Layout.tsx';
import { OfficeTable } from '../../components/OfficeTable.tsx';
import { Problem } from '../../components/Problem.tsx';
import { dateTime } from '../../format.ts';
import { useLoad } from '../../useLoad.ts';

export const ContactRequests = () => {
  const { t, i18n } = useTranslation();
  const { data, problem } = useLoad<ContactRequestsAnswer>('contact-requests');
  const requests = data?.requests;
  return (
    <Layout title={t('contact.queueTitle')}>
      <p className="lead">{t('contact.queueLead')}</p>
      <Problem text={problem} />
      {requests && requests.length === 0 && <p>{t('contact.empty')}</p>}
      {requests && requests.length > 0 && (
        <OfficeTable
          caption={t('contact.caption', { count: requests.length })}
          columns={[
            t('contact.columns.number'),
            t('contact.columns.name'),
            t('contact.columns.requested'),
          ]}
        >
          {requests.map((r) => (
            <tr key={r.id}>
              <th scope="row">
                <Link to={`/contact-requests/${r.id}`} dir="ltr">
                  {r.applicationNumber}
                </Link>
              </th>
              <td dir="auto">{r.name}</td>
              <td>{dateTime(r.requestedAt, i18n.language)}</td>
            </tr>
          ))}
        </OfficeTable>
      )}
    </Layout>
  );
};
