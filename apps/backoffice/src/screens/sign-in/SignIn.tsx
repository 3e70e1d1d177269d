// Sign-in: e-mail, password and the authenticator's code together; one message for any wrong
// part (no hint which), the lock-out with its end; the organisation's sign-in when configured.
import type { AuthMethods, OfficeSession, SignInLocked, SignInRequest } from '@eta-il/domain';
import { Field, FieldErrorSummary, type FieldErrors } from '@eta-il/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api.ts';
import { Layout } from '../../components/Layout.tsx';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { Problem } from '../../components/Problem.tsx';
import { useSession } from '../../session.tsx';
import { useCall } from '../../useCall.ts';

const CODE = /^\d{6}$/;

/** Why the organisation's sign-in sent the browser back (`?signIn=` from the server). */
const OIDC_PROBLEMS = [
  'oidcFailed',
  'oidcNoRole',
  'oidcNoEmail',
  'oidcDisabled',
  'oidcConflict',
  'oidcUnavailable',
] as const;

const oidcProblemInAddress = () => {
  const given = new URLSearchParams(window.location.search).get('signIn');
  return OIDC_PROBLEMS.find((problem) => problem === given);
};

export const SignIn = () => {
  const { t, i18n } = useTranslation();
  const { setStaff } = useSession();
  const [values, setValues] = useState({ email: '', password: '', code: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const { busy, problem, setProblem, run } = useCall();
  const [oidc, setOidc] = useState(false);

  useEffect(() => {
    const returned = oidcProblemInAddress();
    if (!returned) return;
    setProblem(t(`signIn.errors.${returned}`));
    // The reason is shown once; a reload shows a clean sign-in.
    window.history.replaceState(null, '', window.location.pathname);
  }, [t, setProblem]);

  useEffect(() => {
    call<Partial<AuthMethods>>('GET', 'auth-methods')
      .then((answer) => setOidc(answer.status === 200 && answer.data.oidc === true))
      .catch(() => setOidc(false));
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    if (values.email.trim() === '') found.email = t('signIn.errors.email');
    if (values.password === '') found.password = t('signIn.errors.password');
    if (!CODE.test(values.code.trim())) found.code = t('signIn.errors.code');
    setErrors(found);
    setProblem(undefined);
    if (Object.keys(found).length > 0) return;
    await run(async () => {
      const answer = await call<OfficeSession & Partial<SignInLocked>>('POST', 'sign-in', {
        email: values.email.trim(),
        password: values.password,
        code: values.code.trim(),
      } satisfies SignInRequest);
      if (answer.status === 200) setStaff(answer.data.staff);
      else if (answer.status === 401) setProblem(t('signIn.errors.wrongCredentials'));
      else if (answer.status === 423) {
        const until = answer.data.lockedUntil ? new Date(answer.data.lockedUntil) : new Date();
        const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(until);
        setProblem(t('signIn.errors.accountLocked', { time }));
      } else setProblem(t(answer.status === 429 ? 'problems.tooManyRequests' : 'problems.failure'));
    });
  };

  const set = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));

  return (
    <Layout title={t('signIn.title')}>
      <FieldErrorSummary errors={errors} />
      <Problem text={problem} />
      {oidc && (
        <>
          <p>
            <a className="button" href="/office/api/oidc/start">
              {t('signIn.oidc')}
            </a>
          </p>
          <h2>{t('signIn.or')}</h2>
        </>
      )}
      <p className="lead">{t('signIn.lead')}</p>
      <form noValidate onSubmit={submit} aria-busy={busy}>
        <Field name="email" label={t('signIn.email')} error={errors.email}>
          <input
            className="input"
            type="email"
            autoComplete="username"
            spellCheck={false}
            dir="ltr"
            value={values.email}
            onChange={set('email')}
          />
        </Field>
        <Field name="password" label={t('signIn.password')} error={errors.password}>
          <PasswordInput
            autoComplete="current-password"
            value={values.password}
            onChange={set('password')}
          />
        </Field>
        <Field name="code" label={t('signIn.code')} hint={t('signIn.codeHint')} error={errors.code}>
          <input
            className="input input--code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            dir="ltr"
            value={values.code}
            onChange={set('code')}
          />
        </Field>
        <button type="submit" className="button" disabled={busy}>
          {t('signIn.submit')}
        </button>
      </form>
    </Layout>
  );
};
