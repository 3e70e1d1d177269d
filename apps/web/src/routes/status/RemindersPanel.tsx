// Withdrawing the consent to reminders before the authorization ends (issue 31): a code is
// e-mailed to the application's address, and entering it stops the reminders (for every
// traveller the consent was given for).
import { Alert } from '@eta-il/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemForStatus, useServerCall } from '../../components/useServerCall.ts';
import { CodeForm, type CodeRefusal, codeRefusalOf } from './CodeForm.tsx';
import { type Identity, sendRemindersCode, withdrawReminders } from './statusApi.ts';

type Sent = { timestamp: number; sentTo: string };

export const RemindersPanel = ({
  identity,
  onStopped,
}: {
  identity: Identity;
  onStopped: () => void;
}) => {
  const { t } = useTranslation('status');
  const [sent, setSent] = useState<Sent>();
  const { busy, problem, setProblem, run } = useServerCall<'tooMany' | 'off'>();

  const askCode = () =>
    run(async () => {
      const answer = await sendRemindersCode(identity);
      if (answer.ok && answer.body?.timestamp) {
        setSent({ timestamp: answer.body.timestamp, sentTo: answer.body.sentTo ?? '' });
      } else setProblem(problemForStatus(answer.status, { 409: 'off', 429: 'tooMany' }));
    });

  const confirm = async (code: string): Promise<true | CodeRefusal> => {
    let accepted: true | CodeRefusal = true;
    await run(async () => {
      const answer = await withdrawReminders(identity, code, sent?.timestamp ?? 0);
      if (answer.ok) onStopped();
      else if (answer.status === 400) accepted = codeRefusalOf(answer.refusal);
      else setProblem(problemForStatus(answer.status, { 409: 'off', 429: 'tooMany' }));
    });
    return accepted;
  };

  return (
    <section className="section" aria-labelledby="reminders-heading">
      <h3 id="reminders-heading">{t('reminders.heading')}</h3>
      <p>{t('reminders.explanation')}</p>
      {problem && (
        <Alert kind="error">
          <p>{t(`reminders.problems.${problem}`)}</p>
        </Alert>
      )}
      {sent ? (
        <CodeForm
          name="remindersCode"
          texts={{
            codeSent: t('reminders.codeSent', { email: sent.sentTo }),
            codeLabel: t('reminders.codeLabel'),
            confirm: t('reminders.confirm'),
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
          {t('reminders.sendCode')}
        </button>
      )}
    </section>
  );
};

/** Said once the reminders are stopped. */
export const RemindersStopped = () => {
  const { t } = useTranslation('status');
  return (
    <Alert kind="success">
      <p>{t('reminders.stopped')}</p>
    </Alert>
  );
};
