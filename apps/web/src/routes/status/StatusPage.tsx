// /status: a traveller reads the state of an application with its number, passport number and
// birth date; an approved one links to its document, a refused one says why and what next, and
// one not yet decided can be withdrawn with an e-mailed code.
import { type Issue, isIsoDate } from '@eta-il/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/Alert.tsx';
import { ErrorSummary } from '../../components/ErrorSummary.tsx';
import { focusErrorSummary } from '../../components/focusField.ts';
import { NavBar } from '../../components/NavBar.tsx';
import { Page } from '../../components/Page.tsx';
import { problemForStatus, useServerCall } from '../../components/useServerCall.ts';
import { LookupField, missingFields } from './LookupField.tsx';
import { StatusResult } from './StatusResult.tsx';
import { fetchStatus, type Identity, type StatusReport } from './statusApi.ts';

const FIELDS = ['applicationNumber', 'passportNumber', 'birthDate'] as const;
type Problem = 'notFound' | 'tooMany' | 'unavailable';

export const StatusPage = () => {
  const { t } = useTranslation('status');
  const [params] = useSearchParams();
  const [values, setValues] = useState<Identity>({
    applicationNumber: params.get('applicationNumber') ?? '',
    passportNumber: '',
    birthDate: '',
  });
  const [errors, setErrors] = useState<Issue[]>([]);
  const [report, setReport] = useState<StatusReport>();
  const { busy, problem, setProblem, run } = useServerCall<Problem>();

  const check = async (event?: FormEvent) => {
    event?.preventDefault();
    const found: Issue[] = missingFields({ ...values }, FIELDS);
    if (values.birthDate && !isIsoDate(values.birthDate)) {
      found.push({ field: 'birthDate', message: 'dateInvalid', severity: 'error' });
    }
    setErrors(found);
    if (found[0]) {
      requestAnimationFrame(focusErrorSummary);
      return;
    }
    await run(async () => {
      const answer = await fetchStatus(values);
      if (answer.ok) setReport(answer.body);
      else {
        setReport(undefined);
        setProblem(problemForStatus(answer.status, { 404: 'notFound', 429: 'tooMany' }));
      }
    });
  };

  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;
  const field = (name: (typeof FIELDS)[number], extra: Record<string, string> = {}) => (
    <LookupField
      name={name}
      label={t(`fields.${name}.label`)}
      hint={t(`fields.${name}.hint`)}
      error={errorOf(name)}
      value={values[name]}
      onChange={(value) => setValues((v) => ({ ...v, [name]: value }))}
      {...extra}
    />
  );

  return (
    <Page title={t('title')} heading={t('heading')}>
      <ErrorSummary errors={errors} labelOf={(f) => t(`fields.${f}.label`)} />
      <p className="lead">{t('lead')}</p>
      <form noValidate onSubmit={check} aria-busy={busy}>
        {field('applicationNumber', { autoComplete: 'off', spellCheck: 'false' })}
        {field('passportNumber', { autoComplete: 'off', spellCheck: 'false' })}
        {field('birthDate', { type: 'date', autoComplete: 'bday' })}
        <NavBar actions={[{ label: t('submit'), busy }]} />
      </form>
      <div aria-live="polite">
        {problem && (
          <Alert kind="error">
            <p>{t(`problems.${problem}`)}</p>
          </Alert>
        )}
        {report && !problem && (
          <StatusResult report={report} identity={values} onChanged={() => void check()} />
        )}
      </div>
    </Page>
  );
};
