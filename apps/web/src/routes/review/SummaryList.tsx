// A summary list (dl): one row per answer, its label and its value; an empty value reads
// 'Not given'.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface SummaryRow {
  key: string;
  label: string;
  value: ReactNode;
}

export const SummaryList = ({ rows }: { rows: SummaryRow[] }) => {
  const { t } = useTranslation('review');
  return (
    <dl className="summary-list">
      {rows.map((row) => (
        <div className="summary-list__row" key={row.key}>
          <dt className="summary-list__key">{row.label}</dt>
          <dd className="summary-list__value">
            {row.value === '' || row.value === null || row.value === undefined ? (
              <span className="review__muted">{t('notGiven')}</span>
            ) : (
              row.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
};
