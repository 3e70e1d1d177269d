// A summary list (dl) of label and value; an empty value reads "Not given".
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface Row {
  key: string;
  label: string;
  value: ReactNode;
}

export const Rows = ({ rows }: { rows: Row[] }) => {
  const { t } = useTranslation();
  return (
    <dl className="summary-list">
      {rows.map((row) => (
        <div className="summary-list__row" key={row.key}>
          <dt className="summary-list__key">{row.label}</dt>
          <dd className="summary-list__value">
            {row.value === '' || row.value === null ? (
              <span className="office-muted">{t('application.notGiven')}</span>
            ) : (
              row.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
};
