// Withdrawing an application not yet decided: a code is e-mailed to the application's address,
// and entering it withdraws the application.
import { CONFIRMATION_CODE_PATTERN, type Issue } from '@eta-il/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert.tsx';
import { focusField } from '../../components/focusField.ts';
import { LookupField } from './LookupField.tsx';
import { type Identity, sendWithdrawCode, withdraw } from './statusApi.ts';

type Stage = { step: 'start' } | { step: 'code'; timestamp: number; sentTo: string };

export const WithdrawPanel = ({
  identity,
  onWithdrawn,
}: {
  identity: Identity;
  onWithdrawn: () => void;
}) => {
  const { t } = useTranslation('status');
  const [stage, setStage] = useState<Stage>({ step: 'start' });
  const [code, setCode] = useState('');
  const [error, setError] = useState<Issue['message']>();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setProblem(undefined);
    try {
      await action();
    } catch {
      setProblem('unavailable');
    } finally {
      setBusy(false);
    }
  };

  const askCode = () =>
    run(async () => {
      const answer = await sendWithdrawCode(identity);
      if (answer.ok && answer.body?.timestamp) {
        setStage({
          step: 'code',
          timestamp: answer.body.timestamp,
          sentTo: answer.body.sentTo ?? '',
        });
      } else setProblem(answer.status === 429 ? 'tooMany' : 'unavailable');
    });

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (stage.step !== 'code') return;
    if (!CONFIRMATION_CODE_PATTERN.test(code.trim())) {
      setError(code.trim() === '' ? 'required' : 'codeWrong');
      focusField('withdrawCode');
      return;
    }
    setError(undefined);
    void run(async () => {
      const answer = await withdraw(identity, code.trim(), stage.timestamp);
      if (answer.ok) onWithdrawn();
      else if (answer.status === 400) {
        setError('codeWrong');
        focusField('withdrawCode');
      } else
        setProblem(
          answer.status === 409 ? 'decided' : answer.status === 429 ? 'tooMany' : 'unavailable',
        );
    });
  };

  return (
    <section className="section" aria-labelledby="withdraw-heading">
      <h3 id="withdraw-heading">{t('withdraw.heading')}</h3>
      <p>{t('withdraw.explanation')}</p>
      {problem && (
        <Alert kind="error">
          <p>{t(`withdraw.problems.${problem}`)}</p>
        </Alert>
      )}
      {stage.step === 'start' ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={askCode}
          disabled={busy}
        >
          {t('withdraw.sendCode')}
        </button>
      ) : (
        <form noValidate onSubmit={confirm}>
          <Alert kind="info">
            <p>{t('withdraw.codeSent', { email: stage.sentTo })}</p>
          </Alert>
          <LookupField
            name="withdrawCode"
            label={t('withdraw.codeLabel')}
            error={error}
            value={code}
            onChange={setCode}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
          />
          <button type="submit" className="button" disabled={busy}>
            {t('withdraw.confirm')}
          </button>
        </form>
      )}
    </section>
  );
};
