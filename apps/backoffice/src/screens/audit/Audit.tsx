// The audit trail (auditors): every row newest first, a page at a time, each with who, when,
// what, which case and from where; and the walk of the whole chain, which names the first
// broken link. Reading the trail is itself audited on the server.

import type { AuditEventsAnswer, AuditVerifyAnswer } from '@eta-il/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../api.ts';
import { Layout } from '../../components/Layout.tsx';
import { OfficeTable } from '../../components/OfficeTable.tsx';
import { Problem } from '../../components/Problem.tsx';
import { dateTime } from '../../format.ts';
import { useCall } from '../../useCall.ts';
import { useLoad } from '../../useLoad.ts';

const PAGE = 50;
const NEWEST = Number.MAX_SAFE_INTEGER;

export const Audit = () => {
  const { t, i18n } = useTranslation();
  const [before, setBefore] = useState(NEWEST);
  const { data, problem } = useLoad<AuditEventsAnswer>(`audit?before=${before}&limit=${PAGE}`);
  const [report, setReport] = useState<AuditVerifyAnswer['report']>();
  const { busy, problem: verifyProblem, setProblem: setVerifyProblem, run } = useCall();

  const verify = async () => {
    setReport(undefined);
    await run(async () => {
      const answer = await call<AuditVerifyAnswer>('GET', 'audit/verify');
      if (answer.status === 200) setReport(answer.data.report);
      else setVerifyProblem(t('problems.failure'));
    });
  };

  const events = data?.events ?? [];
  const oldest = events.at(-1)?.seq;
  return (
    <Layout title={t('audit.title')}>
      <section className="section" aria-labelledby="chain-heading">
        <h2 id="chain-heading">{t('audit.chain')}</h2>
        <p>{t('audit.chainLead')}</p>
        <button type="button" className="button" disabled={busy} onClick={() => void verify()}>
          {t('audit.verify')}
        </button>
        <Problem text={verifyProblem} />
        {report?.intact && (
          <div className="alert alert--success" role="status">
            <p>{t('audit.intact', { rows: report.rows })}</p>
          </div>
        )}
        {report && !report.intact && (
          <div className="alert alert--error" role="alert">
            <p>
              {report.problem === 'checkpointForged'
                ? t('audit.broken.checkpointForged', { line: report.checkpointLine })
                : t(`audit.broken.${report.problem}`, { seq: report.seq })}
            </p>
          </div>
        )}
      </section>
      <section className="section" aria-labelledby="rows-heading">
        <h2 id="rows-heading">{t('audit.rows')}</h2>
        <Problem text={problem} />
        {data && events.length === 0 && <p>{t('audit.none')}</p>}
        {events.length > 0 && (
          <OfficeTable
            columns={[
              t('audit.columns.seq'),
              t('audit.columns.at'),
              t('audit.columns.actor'),
              t('audit.columns.action'),
              t('audit.columns.case'),
              t('audit.columns.client'),
            ]}
          >
            {events.map((event) => (
              <tr key={event.seq}>
                <th scope="row">{event.seq}</th>
                <td>{dateTime(event.at, i18n.language)}</td>
                <td dir="ltr">{event.actor}</td>
                <td>
                  <code dir="ltr">{event.action}</code>
                </td>
                <td>
                  {event.applicationId && (
                    <Link to={`/cases/${event.applicationId}`}>{t('audit.openCase')}</Link>
                  )}
                </td>
                <td dir="ltr">{event.client}</td>
              </tr>
            ))}
          </OfficeTable>
        )}
        <p className="office-pager">
          {before !== NEWEST && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setBefore(NEWEST)}
            >
              {t('audit.newest')}
            </button>
          )}
          {oldest !== undefined && oldest > 1 && events.length === PAGE && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setBefore(oldest)}
            >
              {t('audit.older')}
            </button>
          )}
        </p>
      </section>
    </Layout>
  );
};
