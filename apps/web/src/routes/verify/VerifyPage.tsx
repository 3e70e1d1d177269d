// /verify: anyone (an airline, a traveller) checks whether an ETA-IL is valid, by application and
// passport numbers or by the QR code of the document (?token=). The page says which site is the
// official one and what the fee is, for travellers who met a look-alike.

import type { VerifyAnswer } from '@eta-il/domain';
import { formatDate, type Issue } from '@eta-il/domain';
import { Alert, focusField } from '@eta-il/ui';
import {
  type FormEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorSummary } from '../../components/ErrorSummary.tsx';
import { useFeeLine } from '../../components/fee.ts';
import { NavBar } from '../../components/NavBar.tsx';
import { Page } from '../../components/Page.tsx';
import { useFormFilledBeforeHydration, useHydrated } from '../../session/hydration.ts';
import { LookupField, missingFields } from '../status/LookupField.tsx';
import { verifyAuthorization } from './verifyApi.ts';

const FIELDS = ['applicationNumber', 'passportNumber'] as const;
type Outcome = { kind: 'answer'; verification: VerifyAnswer } | { kind: 'problem' };

/**
 * This site's host, named as the official one: none while prerendering (the page has no host
 * then). In the browser the prerendered line already holds it (the page's inline script writes it
 * before the first paint, apps/web/scripts/prerender.mjs), so hydration reads it too.
 */
const noChange = () => () => {};
const host = () => (typeof window === 'undefined' ? '' : window.location.host);
const useOfficialSite = () => useSyncExternalStore(noChange, host, host);

export const VerifyPage = () => {
  const { t, i18n } = useTranslation('verify');
  const feeLine = useFeeLine();
  const site = useOfficialSite();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [values, setValues] = useState({ applicationNumber: '', passportNumber: '' });
  const [errors, setErrors] = useState<Issue[]>([]);
  const [outcome, setOutcome] = useState<Outcome>();
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useFormFilledBeforeHydration(form, (name, value) => setValues((v) => ({ ...v, [name]: value })));
  const hydrated = useHydrated();

  const ask = useCallback(async (body: Parameters<typeof verifyAuthorization>[0]) => {
    setBusy(true);
    try {
      const answer = await verifyAuthorization(body);
      setOutcome(answer.ok ? { kind: 'answer', verification: answer.body } : { kind: 'problem' });
    } catch {
      setOutcome({ kind: 'problem' });
    } finally {
      setBusy(false);
    }
  }, []);

  useEffect(() => {
    if (token) void ask({ token });
  }, [token, ask]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = missingFields(values, FIELDS);
    setErrors(found);
    if (found[0]) {
      focusField(found[0].field);
      return;
    }
    void ask(values);
  };

  const verification = outcome?.kind === 'answer' ? outcome.verification : undefined;
  return (
    <Page title={t('title')} heading={t('heading')}>
      <ErrorSummary errors={errors} labelOf={(f) => t(`fields.${f}.label`)} />
      <Alert kind="info">
        {/* Prerendered hidden, with a space for the host: the page's inline script writes the
            host and shows the line before the first paint (without scripts it stays hidden). */}
        <p
          data-host-line=""
          className={site ? undefined : 'is-pending'}
          aria-hidden={site ? undefined : true}
        >
          {t('official', { site: site || '\u2002' })}
        </p>
        <p {...feeLine.held}>{t(feeLine.key, { fee: feeLine.fee })}</p>
      </Alert>
      <p className="lead">{t('lead')}</p>
      <form ref={form} noValidate onSubmit={submit} aria-busy={busy}>
        {FIELDS.map((name) => (
          <LookupField
            key={name}
            name={name}
            label={t(`fields.${name}.label`)}
            hint={t(`fields.${name}.hint`)}
            error={errors.find((e) => e.field === name)?.message}
            value={values[name]}
            onChange={(value) => setValues((v) => ({ ...v, [name]: value }))}
            autoComplete="off"
            spellCheck={false}
          />
        ))}
        <NavBar actions={[{ label: t('submit'), busy, disabled: !hydrated }]} />
      </form>
      <div aria-live="polite">
        {outcome?.kind === 'problem' && (
          <Alert kind="error">
            <p>{t('unavailable')}</p>
          </Alert>
        )}
        {verification?.valid && (
          <Alert kind="success">
            <p>
              <strong>
                {t('valid', { date: formatDate(verification.validUntil, i18n.language) })}
              </strong>
            </p>
            {verification.applicationNumber && (
              <p>
                {t('validFor', {
                  number: verification.applicationNumber,
                  passport: verification.passportNumber,
                })}
              </p>
            )}
          </Alert>
        )}
        {verification && !verification.valid && (
          <Alert kind="error">
            <p>{t(verification.revoked ? 'revoked' : 'notValid')}</p>
          </Alert>
        )}
      </div>
    </Page>
  );
};
