// Every answer of the application as the traveller gave it, as text (never as markup), in the
// order stored; a reference pair {id, Description} shows its description.
import { useTranslation } from 'react-i18next';

type Row = [path: string, value: string];

const isPair = (value: object): value is { Description: unknown } =>
  'Description' in value && 'id' in value;

/** The answers flattened to rows: "bearerList 1 · firstName" → "JANE". */
const flatten = (value: unknown, path: string[] = []): Row[] => {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => flatten(item, [...path, String(index + 1)]));
  }
  if (typeof value === 'object') {
    if (isPair(value)) return [[path.join(' · '), String(value.Description)]];
    return Object.entries(value).flatMap(([key, item]) => flatten(item, [...path, key]));
  }
  return [[path.join(' · '), String(value)]];
};

export const Answers = ({ answers }: { answers: unknown }) => {
  const { t } = useTranslation();
  const rows = flatten(answers);
  return (
    <section className="section" aria-labelledby="answers-heading">
      <h2 id="answers-heading">{t('case.answers')}</h2>
      <dl className="summary-list office-answers">
        {rows.map(([path, value]) => (
          <div className="summary-list__row" key={path}>
            <dt className="summary-list__key" dir="ltr">
              {path}
            </dt>
            <dd className="summary-list__value" dir="auto">
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
};
