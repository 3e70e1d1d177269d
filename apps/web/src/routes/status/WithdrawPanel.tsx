// Withdrawing an application not yet decided: a code is e-mailed to the application's address,
// and entering it withdraws the application.
import { Alert } from '@eta-il/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemForStatus, useServerCall } from '../../components/useServerCall.ts';
import { CodeForm, type CodeRefusal, codeRefusalOf } from './CodeForm.tsx';
import { type Identity, sendWithdrawCode, withdraw } from './statusApi.ts';

type Sent = { timestamp: number; sentTo: string };

export const WithdrawPanel = ({
  identity,
  onWithdrawn,
}: {
  identity: Identity;
  onWithdrawn: () => void;
}) => {
  const { t } = useTranslation('status');
  const [sent, setSent] = useState<Sent>();
  const { busy, problem, setProblem, run } = useServerCall<'tooMany' | 'decided'>();

  const askCode = () =>
    run(async () => {
      const answer = await sendWithdrawCode(identity);
      if (answer.ok && answer.body?.timestamp) {
        setSent({ timestamp: answer.body.timestamp, sentTo: answer.body.sentTo ?? '' });
      } else setProblem(problemForStatus(answer.status, { 429: 'tooMany' }));
    });

  const confirm = async (code: string): Promise<true | CodeRefusal> => {
    let accepted: true | CodeRefusal = true;
    await run(async () => {
      const answer = await withdraw(identity, code, sent?.timestamp ?? 0);
      if (answer.ok) onWithdrawn();
      else if (answer.status === 400) accepted = codeRefusalOf(answer.refusal);
      else setProblem(problemForStatus(answer.status, { 409: 'decided', 429: 'tooMany' }));
    });
    return accepted;
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
      {sent ? (
        <CodeForm
          name="withdrawCode"
          texts={{
            codeSent: t('withdraw.codeSent', { email: sent.sentTo }),
            codeLabel: t('withdraw.codeLabel'),
            confirm: t('withdraw.confirm'),
          }}
          busy={busy}
          onCode={confirm}
        />
      ) : (
        <button
          type="button"
          className="button button--secondary"
          onClick={askCode}
          disabled={busy}
        >
          {t('withdraw.sendCode')}
        </button>
      )}
    </section>
  );
};
