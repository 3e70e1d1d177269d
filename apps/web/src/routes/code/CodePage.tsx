// /codeMach (SPEC §2 "Code", §4 "Code step"): a code is sent when the screen opens; the traveller
// types the six digits; a confirmed code stores the auth token and goes on to travel information at
// once (decision 038: no 4-second wait). A refusal (400, 429, 500) is shown by the boxes.
import {
  blankCode,
  CODE_FIELDS,
  CODE_TTL_MS,
  type CodeValues,
  type Issue,
  joinCode,
  ROUTES,
  validateCode,
} from '@eta-il/domain';
import { focusField } from '@eta-il/ui';
import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { confirmCode } from '../../api/calls.ts';
import { Spinner } from '../../components/Loader.tsx';
import { NavBar } from '../../components/NavBar.tsx';
import { StepPage, useStepNavigation } from '../../components/StepScreen.tsx';
import { readSession, writeSession } from '../../session/storage.ts';
import { CodeBoxes } from './CodeBoxes.tsx';
import { CodeRefused, useRefusalText } from './CodeOutcome.tsx';
import { useCodeSending } from './useCodeSending.ts';

const MINUTE_MS = 60_000;

export const CodePage = () => {
  const { t } = useTranslation(['code', 'common']);
  const navigate = useNavigate();
  const { step } = useStepNavigation('code');
  // The address this screen was opened for: a session that ends here must not send the traveller
  // to the email step while it restarts at the application start.
  const [email] = useState(() => readSession('emailAddress'));
  const { sending, resent, resend } = useCodeSending(email);
  const refusalText = useRefusalText();
  const [values, setValues] = useState<CodeValues>(blankCode);
  const [errors, setErrors] = useState<Issue[] | undefined>();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [confirmed, setConfirmed] = useState(false);

  if (!email) return <Navigate to={ROUTES.email} replace />;

  const change = (next: CodeValues) => {
    setValues(next);
    if (errors) setErrors(validateCode(next));
  };

  /** A refused code: the message by the boxes, and focus back on the first box to type again. */
  const refuse = (text: string) => {
    setRefusal(text);
    requestAnimationFrame(() => focusField(CODE_FIELDS[0]));
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || confirmed) return;
    const issues = validateCode(values);
    setErrors(issues);
    setRefusal(undefined);
    if (issues[0]) {
      const first = issues[0].field;
      requestAnimationFrame(() => focusField(first));
      return;
    }
    setBusy(true);
    try {
      const timestamp = Number(readSession('timestampcode'));
      const answer = await confirmCode(email, joinCode(values), timestamp);
      if (answer.ok) {
        writeSession('auth-token', answer.idToken);
        // On at once: the API has answered, so there is nothing to wait for (decision 038).
        setConfirmed(true);
        navigate(step.next);
      } else refuse(refusalText(answer.refusal));
    } catch {
      refuse(refusalText());
    } finally {
      setBusy(false);
    }
  };

  const shownErrors = errors ?? [];
  return (
    <StepPage step={step} ns="code" errors={shownErrors.slice(0, 1)} labelOf={() => t('legend')}>
      <p className="lead">
        <Trans
          t={t}
          i18nKey="sent"
          values={{ email }}
          components={{ email: <strong dir="ltr" /> }}
        />
      </p>
      <p>{t('instructions')}</p>
      <form noValidate onSubmit={verify}>
        <CodeBoxes
          values={values}
          onChange={change}
          errors={shownErrors}
          disabled={confirmed}
          hint={t('hint', { minutes: CODE_TTL_MS / MINUTE_MS })}
          refusal={refusal && <CodeRefused text={refusal} />}
        />
        <p className="code__resend">
          <button
            type="button"
            className="link-button"
            onClick={resend}
            disabled={sending || confirmed}
            aria-busy={sending || undefined}
          >
            {t('resend')}
          </button>
          {sending && <Spinner label={t('sending')} />}
          <span role="status">{resent ? t('resent', { email }) : ''}</span>
        </p>
        <NavBar
          back={step.back}
          actions={[{ label: t('verify'), busy, disabled: confirmed }]}
          after={busy && <Spinner label={t('checking')} />}
        />
      </form>
    </StepPage>
  );
};
