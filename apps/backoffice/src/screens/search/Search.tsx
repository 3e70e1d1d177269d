// Search by application number, passport number or a part of the name (supervisors and
// auditors); each search is audited on the server.
import type { SearchAnswer } from '@eta-il/domain';
import { Field, FieldErrorSummary, type FieldErrors } from '@eta-il/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Layout } from '../../components/Layout.tsx';
import { OfficeTable } from '../../components/OfficeTable.tsx';
import { Problem } from '../../components/Problem.tsx';
import { dateTime } from '../../format.ts';
import { useLoad } from '../../useLoad.ts';

export const Search = () => {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const [query, setQuery] = useState<string>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const { data, problem } = useLoad<SearchAnswer>(
    query ? `search?q=${encodeURIComponent(query)}` : undefined,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    setErrors(q.length < 2 ? { q: t('search.tooShort') } : {});
    if (q.length >= 2) setQuery(q);
  };
  const results = query ? data?.results : undefined;
  return (
    <Layout title={t('search.title')}>
      <FieldErrorSummary errors={errors} />
      <search>
        <form noValidate onSubmit={submit}>
          <Field name="q" label={t('search.label')} error={errors.q}>
            <input
              className="input"
              type="search"
              dir="auto"
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </Field>
          <button type="submit" className="button">
            {t('search.submit')}
          </button>
        </form>
      </search>
      <Problem text={problem} />
      <div aria-live="polite">
        {results && results.length === 0 && <p>{t('search.none')}</p>}
        {results && results.length > 0 && (
          <OfficeTable
            columns={[
              t('search.columns.number'),
              t('search.columns.name'),
              t('search.columns.passport'),
              t('search.columns.state'),
              t('search.columns.submitted'),
            ]}
          >
            {results.map((r) => (
              <tr key={r.id}>
                <th scope="row">
                  <Link to={`/cases/${r.id}`} dir="ltr">
                    {r.applicationNumber}
                  </Link>
                </th>
                <td dir="auto">{r.name}</td>
                <td dir="ltr">{r.passportNumber}</td>
                <td>{t(`states.${r.state}`)}</td>
                <td>{dateTime(r.submittedAt, i18n.language)}</td>
              </tr>
            ))}
          </OfficeTable>
        )}
      </div>
    </Layout>
  );
};
