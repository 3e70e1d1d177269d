// /status: a traveller reads the state of an application with its number, passport number and
// birth date; an approved one links to its document, a refused one says why and what next, and
// one not yet decided can be withdrawn with an e-mailed code.
import { dateFields, type Issue, isoOfBoxes, type StatusAnswer } from '@eta-il/domain';
import { Alert, focusErrorSummary } from '@eta-il/ui';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateField } from '../../components/DateField.tsx';
import { ErrorSummary } from '../../components/ErrorSummary.tsx';
import { NavBar } from '../../components/NavBar.tsx';
import { Page } from '../../components/Page.tsx';
import { registerInState } from '../../components/registerInState.ts';
import { problemForStatus, useServerCall } from '../../components/useServerCall.ts';
import { useFormFilledBeforeHydration, useHydrated } from '../../session/hydration.ts';
import { LookupField, missingFields } from './LookupField.tsx';
import { fetchStatus, type Identity } from './statusApi.ts';

const TEXT_FIELDS = ['applicationNumber', 'passportNumber'] as const;
/** The birth date's boxes, as in the application form; sent as one ISO date. */
const BIRTH = dateFields('BirthDate');
type Problem = 'notFound' | 'tooMany' | 'unavailable';
/** The answer's screens: loaded beside the look-up, never with the form (the page's first load). */
const loadResult = () => import('./StatusResult.tsx');
const StatusResult = lazy(() => loadResult().then((m) => ({ default: m.StatusResult })));

export const StatusPage = () => {
  const { t, i18n } = useTranslation('status');
  const [params] = useSearchParams();
  const [values, setValues] = useState<Record<string, string>>({
    applicationNumber: params.get('applicationNumber') ?? '',
    passportNumber: '',
  });
  const [identity, setIdentity] = useState<Identity>();
  const [errors, setErrors] = useState<Issue[]>([]);
  const [report, setReport] = useState<StatusAnswer>();
  const { busy, problem, setProblem, run } = useServerCall<Problem>();
  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const form = useRef<HTMLFormElement>(null);
  useFormFilledBeforeHydration(form, set);
  const hydrated = useHydrated();

  const check = async (event?: FormEvent) => {
    event?.preventDefault();
    const found: Issue[] = missingFields(values, TEXT_FIELDS);
    const birth = isoOfBoxes(values, BIRTH);
    if ('problem' in birth)
      found.push({ field: BIRTH.day, message: birth.problem, severity: 'error' });
    setErrors(found);
    if (found[0] || !('iso' in birth)) {
      requestAnimationFrame(focusErrorSummary);
      return;
    }
    await ask({
      applicationNumber: values.applicationNumber ?? '',
      passportNumber: values.passportNumber ?? '',
      birthDate: birth.iso,
    });
  };

  const ask = async (asked: Identity) => {
    setIdentity(asked);
    await run(async () => {
      // The fee's texts load beside the look-up: a paid fee is never shown as an empty row.
      const feeTexts = i18n.loadNamespaces('payment').catch(() => undefined);
      const result = loadResult().catch(() => undefined);
      const answer = await fetchStatus(asked);
      if (answer.ok) {
        await result;
        if (answer.body.payment) await feeTexts;
        setReport(answer.body);
      } else {
        setReport(undefined);
        setProblem(problemForStatus(answer.status, { 404: 'notFound', 429: 'tooMany' }));
      }
    });
  };

  // The reasons are the server's words in the language of the request: asked again in a new one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of language counts.
  useEffect(() => {
    if (identity && report?.reasons?.length) void ask(identity);
  }, [i18n.language]);

  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;
  const labelOf = (field: string) => t(`fields.${field === BIRTH.day ? 'birthDate' : field}.label`);

  return (
    <Page title={t('title')} heading={t('heading')}>
      <ErrorSummary errors={errors} labelOf={labelOf} />
      <p className="lead">{t('lead')}</p>
      <form ref={form} noValidate onSubmit={check} aria-busy={busy}>
        {TEXT_FIELDS.map((name) => (
          <LookupField
            key={name}
            name={name}
            label={t(`fields.${name}.label`)}
            hint={t(`fields.${name}.hint`)}
            error={errorOf(name)}
            value={values[name] ?? ''}
            onChange={(value) => set(name, value)}
            autoComplete="off"
            spellCheck="false"
          />
        ))}
        <DateField
          fields={BIRTH}
          legend={t('fields.birthDate.label')}
          hint={t('fields.birthDate.hint')}
          register={registerInState(values, set)}
          errors={{ [BIRTH.day]: errorOf(BIRTH.day) }}
          autoCompleteBirth
        />
        {/* Until the script runs, the button does nothing (no native submission of a passport
            number into the address); what was typed meanwhile is kept. */}
        <NavBar actions={[{ label: t('submit'), busy, disabled: !hydrated }]} />
      </form>
      <div aria-live="polite">
        {problem && (
          <Alert kind="error">
            <p>{t(`problems.${problem}`)}</p>
          </Alert>
        )}
        {report && identity && !problem && (
          <Suspense fallback={null}>
            <StatusResult report={report} identity={identity} onChanged={() => void check()} />
          </Suspense>
        )}
      </div>
    </Page>
  );
};
