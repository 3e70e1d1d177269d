// Account set-up from the one-time link (…/setup#token=…): choose a password; then the TOTP key
// as a QR code (drawn by the server) and as text, to add to an authenticator app.
import {
  isStaffPasswordProblem,
  MAX_STAFF_PASSWORD_LENGTH,
  MIN_STAFF_PASSWORD_LENGTH,
  type SetupAnswer,
  type SetupRequest,
  type StaffPasswordProblem,
  type WeakPasswordAnswer,
} from '@eta-il/domain';
import { Field, FieldErrorSummary, type FieldErrors } from '@eta-il/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../api.ts';
import { Layout } from '../../components/Layout.tsx';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { Problem } from '../../components/Problem.tsx';
import { useCall } from '../../useCall.ts';

/** The text of each reason the server gives for refusing a password. */
const PASSWORD_PROBLEM_KEY: Record<StaffPasswordProblem, string> = {
  tooShort: 'setup.errors.password',
  tooLong: 'setup.errors.passwordTooLong',
  breached: 'setup.errors.passwordBreached',
  guessable: 'setup.errors.passwordGuessable',
};

/** The token travels in the fragment, which browsers never send to a server or a referrer. */
const tokenOf = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';

export const Setup = () => {
  const { t } = useTranslation();
  const [token] = useState(() => tokenOf(window.location.hash));
  const [values, setValues] = useState({ password: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const { busy, problem, setProblem, run } = useCall(token ? undefined : t('setup.errors.noToken'));
  const [secret, setSecret] = useState<Pick<SetupAnswer, 'totpSecret' | 'qrCode'>>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    if (values.password.length < MIN_STAFF_PASSWORD_LENGTH) {
      found.password = t('setup.errors.password');
    } else if (values.password.length > MAX_STAFF_PASSWORD_LENGTH) {
      found.password = t('setup.errors.passwordTooLong');
    } else if (values.confirm !== values.password) found.confirm = t('setup.errors.confirm');
    setErrors(found);
    if (Object.keys(found).length > 0 || !token) return;
    await run(async () => {
      const answer = await call<SetupAnswer & Partial<WeakPasswordAnswer>>('POST', 'setup', {
        token,
        password: values.password,
      } satisfies SetupRequest);
      if (answer.status === 200) {
        setSecret({ totpSecret: answer.data.totpSecret, qrCode: answer.data.qrCode });
        // The link is spent: take it out of the address bar and the history.
        window.history.replaceState(null, '', '/setup');
      } else if (answer.status === 410) setProblem(t('setup.errors.setupLinkInvalid'));
      else if (answer.status === 400 && answer.data.code === 'weakPassword') {
        const { reason } = answer.data;
        const key = PASSWORD_PROBLEM_KEY[isStaffPasswordProblem(reason) ? reason : 'guessable'];
        setErrors({ password: t(key) });
      } else setProblem(t(answer.status === 429 ? 'problems.tooManyRequests' : 'problems.failure'));
    });
  };

  if (secret) {
    return (
      <Layout title={t('setup.qrTitle')}>
        <p className="lead">{t('setup.qrLead')}</p>
        <img src={secret.qrCode} alt={t('setup.qrAlt')} width={220} height={220} />
        <dl className="summary-list">
          <div className="summary-list__row">
            <dt className="summary-list__key">{t('setup.secret')}</dt>
            <dd className="summary-list__value">
              <code dir="ltr" data-testid="totp-secret">
                {secret.totpSecret}
              </code>
            </dd>
          </div>
        </dl>
        <p>
          <Link className="button" to="/">
            {t('setup.toSignIn')}
          </Link>
        </p>
      </Layout>
    );
  }

  const set = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));
  return (
    <Layout title={t('setup.title')}>
      <FieldErrorSummary errors={errors} />
      <Problem text={problem} />
      <p className="lead">{t('setup.lead')}</p>
      <form noValidate onSubmit={submit} aria-busy={busy}>
        <Field
          name="password"
          label={t('setup.password')}
          hint={t('setup.passwordHint')}
          error={errors.password}
        >
          <PasswordInput
            autoComplete="new-password"
            value={values.password}
            onChange={set('password')}
          />
        </Field>
        <Field name="confirm" label={t('setup.confirm')} error={errors.confirm}>
          <PasswordInput
            autoComplete="new-password"
            value={values.confirm}
            onChange={set('confirm')}
          />
        </Field>
        <button type="submit" className="button" disabled={busy || !token}>
          {t('setup.submit')}
        </button>
      </form>
    </Layout>
  );
};
