// The dashboard's false-hit figures (issue 30 item 4): the marks by state, the referrals they
// spared, and the median time to decision of the cases screening referred.
import type { OfficeDashboard } from '@eta-il/domain';
import { useTranslation } from 'react-i18next';

export const FalseHitFigures = ({ d }: { d: OfficeDashboard }) => {
  const { t } = useTranslation();
  const minutes = (s: number | null) =>
    s === null ? t('dashboard.none') : t('dashboard.minutes', { value: Math.round(s / 60) });
  const rows: [string, string | number][] = [
    [t('falseHits.dashboard.proposed'), d.falseHitMarks.proposed],
    [t('falseHits.dashboard.confirmed'), d.falseHitMarks.confirmed],
    [t('falseHits.dashboard.withdrawn'), d.falseHitMarks.withdrawn],
    [t('falseHits.dashboard.rejected'), d.falseHitMarks.rejected],
    [t('falseHits.dashboard.sparedWeek'), d.referralsSpared.thisWeek],
    [t('falseHits.dashboard.sparedTotal'), d.referralsSpared.total],
    [t('falseHits.dashboard.referredMedian'), minutes(d.medianSecondsToDecisionReferred)],
  ];
  return (
    <section aria-labelledby="false-hit-figures">
      <h2 id="false-hit-figures">{t('falseHits.dashboard.title')}</h2>
      <dl className="summary-list">
        {rows.map(([label, value]) => (
          <div className="summary-list__row" key={label}>
            <dt className="summary-list__key">{label}</dt>
            <dd className="summary-list__value">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
};
