// The queue: cases in review and waiting for the traveller, oldest first, with the time left of
// the 72-hour promise; filters by nationality, kind of hit and arrival.
import {
  nationalityOptions,
  QUEUE_SORTS,
  type QueueAnswer,
  type QueueSort,
  REASON_CODES,
} from '@eta-il/domain';
import { referenceData } from '@eta-il/domain/reference-data';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Layout } from '../../components/Layout.tsx';
import { OfficeTable } from '../../components/OfficeTable.tsx';
import { Problem } from '../../components/Problem.tsx';
import { hours } from '../../format.ts';
import { useNames } from '../../names.ts';
import { useLoad } from '../../useLoad.ts';
import { FilterSelect } from './FilterSelect.tsx';

interface Filters {
  nationality: string;
  hit: string;
  sort: QueueSort;
}

const query = (f: Filters) => {
  const params = new URLSearchParams();
  if (f.nationality.trim()) params.set('nationality', f.nationality.trim());
  if (f.hit) params.set('hit', f.hit);
  if (f.sort !== QUEUE_SORTS[0]) params.set('sort', f.sort);
  const text = params.toString();
  return text ? `queue?${text}` : 'queue';
};

export const Queue = () => {
  const { t, i18n } = useTranslation();
  const names = useNames();
  // The nationalities a traveller can give (the domain's list), by name in the reader's language.
  const countries = useMemo(
    () =>
      nationalityOptions(referenceData.allcountry)
        .map((c) => ({ value: String(c.EXT_COUNTRY_ID), label: names.countryName(c) }))
        .sort((a, b) => a.label.localeCompare(b.label, i18n.language)),
    [names, i18n.language],
  );
  const [filters, setFilters] = useState<Filters>({
    nationality: '',
    hit: '',
    sort: QUEUE_SORTS[0],
  });
  const [applied, setApplied] = useState(filters);
  const { data, problem } = useLoad<QueueAnswer>(query(applied));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setApplied(filters);
  };
  const cases = data?.cases;
  return (
    <Layout title={t('queue.title')}>
      <p className="lead">{t('queue.lead')}</p>
      <form className="office-filters" onSubmit={apply} aria-label={t('queue.filters')}>
        <FilterSelect
          id="nationality"
          label={t('queue.nationality')}
          value={filters.nationality}
          options={[{ value: '', label: t('queue.anyNationality') }, ...countries]}
          onChange={(nationality) => setFilters((f) => ({ ...f, nationality }))}
        />
        <FilterSelect
          id="hit"
          label={t('queue.hit')}
          value={filters.hit}
          options={[
            { value: '', label: t('queue.anyHit') },
            ...REASON_CODES.map((code) => ({ value: code, label: t(`hits.titles.${code}`) })),
          ]}
          onChange={(hit) => setFilters((f) => ({ ...f, hit }))}
        />
        <FilterSelect
          id="sort"
          label={t('queue.sort')}
          value={filters.sort}
          options={QUEUE_SORTS.map((sort) => ({ value: sort, label: t(`queue.sorts.${sort}`) }))}
          onChange={(sort) => setFilters((f) => ({ ...f, sort }))}
        />
        <button type="submit" className="button button--secondary">
          {t('queue.apply')}
        </button>
      </form>
      <Problem text={problem} />
      {cases && cases.length === 0 && <p>{t('queue.empty')}</p>}
      {cases && cases.length > 0 && (
        <OfficeTable
          caption={t('queue.caption', { count: cases.length })}
          columns={[
            t('queue.columns.number'),
            t('queue.columns.name'),
            t('queue.columns.state'),
            t('queue.columns.hits'),
            t('queue.columns.arrival'),
            t('queue.columns.timeLeft'),
            t('queue.columns.claim'),
          ]}
        >
          {cases.map((c) => (
            <tr key={c.id}>
              <th scope="row">
                <Link to={`/cases/${c.id}`} dir="ltr">
                  {c.applicationNumber}
                </Link>
              </th>
              <td dir="auto">{c.name}</td>
              <td>
                {t(`states.${c.state}`)}
                {c.refusalPending && <span className="tag">{t('queue.refusalPending')}</span>}
              </td>
              <td>{c.hits.map((code) => t(`hits.titles.${code}`)).join(', ')}</td>
              <td>{c.arrivalDate}</td>
              <td className={c.timeLeftMs < 0 ? 'office-late' : undefined}>
                {t(c.timeLeftMs < 0 ? 'queue.late' : 'queue.left', {
                  hours: hours(c.timeLeftMs),
                })}
              </td>
              <td>{c.claimedBy ?? t('queue.unclaimed')}</td>
            </tr>
          ))}
        </OfficeTable>
      )}
    </Layout>
  );
};
