// The record of carriers' boarding checks (auditors, issue 28): the newest checks, each with the
// carrier, the flight, when, and each passenger's answer (document numbers are never shown: the
// server keeps only keyed hashes). Reading it is audited on the server.
import type { CarrierChecksAnswer } from '@eta-il/domain';
import { useTranslation } from 'react-i18next';
import { Layout } from '../../components/Layout.tsx';
import { OfficeTable } from '../../components/OfficeTable.tsx';
import { Problem } from '../../components/Problem.tsx';
import { dateTime } from '../../format.ts';
import { useLoad } from '../../useLoad.ts';

export const CarrierChecks = () => {
  const { t, i18n } = useTranslation();
  const { data, problem } = useLoad<CarrierChecksAnswer>('carrier-checks?limit=100');
  return (
    <Layout title={t('carrierChecks.title')}>
      <p>{t('carrierChecks.lead')}</p>
      <Problem text={problem} />
      {data && data.checks.length === 0 && <p>{t('carrierChecks.none')}</p>}
      {data && data.checks.length > 0 && (
        <OfficeTable
          columns={[
            t('carrierChecks.checkedAt'),
            t('carrierChecks.carrier'),
            t('carrierChecks.flight'),
            t('carrierChecks.answers'),
          ]}
        >
          {data.checks.map((check) => (
            <tr key={check.id}>
              <th scope="row">{dateTime(check.checkedAt, i18n.language)}</th>
              <td dir="auto">
                {check.carrierName} (<span dir="ltr">{check.carrierCode}</span>)
              </td>
              <td dir="ltr">
                {check.flightCarrier} {check.flightNumber} {check.from} {check.departureDate}
              </td>
              <td>
                {check.results
                  .map((r) => `${r.reference}: ${r.answer}${r.reason ? ` (${r.reason})` : ''}`)
                  .join('; ')}
              </td>
            </tr>
          ))}
        </OfficeTable>
      )}
    </Layout>
  );
};
