// A change the status page makes once a code e-mailed to the application's address confirms it
// (withdrawing the application, stopping the reminders): its heading and explanation, the button
// that sends the code, then the code form. Its texts are status.json's `<texts>.*`: heading,
// explanation, sendCode, codeSent, codeLabel, confirm and problems.<problem>.
import { Alert } from '@eta-il/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Answer } from '../../api/client.ts';
import { problemForStatus, useServerCall } from '../../components/useServerCall.ts';
import { CodeForm, type CodeRefusal, codeRefusalOf } from './CodeForm.tsx';
import type { CodeAnswer } from './statusApi.ts';

type Sent = { timestamp: number; sentTo: string };

export const CodeConfirmedChange = <Problem extends string>({
  texts,
  sendCode,
  change,
  onChanged,
  problemsOnSend,
  problemsOnChange,
}: {
  texts: 'withdraw' | 'reminders';
  sendCode: () => Promise<CodeAnswer>;
  change: (code: string, timestamp: number) => Promise<Answer<unknown>>;
  onChanged: () => void;
  /** What a refusal's status means when the code is asked for, and when it is used. */
  problemsOnSend: Readonly<Record<number, Problem>>;
  problemsOnChange: Readonly<Record<number, Problem>>;
}) => {
  const { t } = useTranslation('status');
  const [sent, setSent] = useState<Sent>();
  const { busy, problem, setProblem, run } = useServerCall<Problem>();

  const askCode = () =>
    run(async () => {
      const answer = await sendCode();
      if (answer.ok && answer.body?.timestamp) {
        setSent({ timestamp: answer.body.timestamp, sentTo: answer.body.sentTo ?? '' });
      } else setProblem(problemForStatus(answer.status, problemsOnSend));
    });

  const confirm = async (code: string): Promise<true | CodeRefusal> => {
    let accepted: true | CodeRefusal = true;
    await run(async () => {
      const answer = await change(code, sent?.timestamp ?? 0);
      if (answer.ok) onChanged();
      else if (answer.status === 400) accepted = codeRefusalOf(answer.refusal);
      else setProblem(problemForStatus(answer.status, problemsOnChange));
    });
    return accepted;
  };

  return (
    <section className="section" aria-labelledby={`${texts}-heading`}>
      <h3 id={`${texts}-heading`}>{t(`${texts}.heading`)}</h3>
      <p>{t(`${texts}.explanation`)}</p>
      {problem && (
        <Alert kind="error">
          <p>{t(`${texts}.problems.${problem}`)}</p>
        </Alert>
      )}
      {sent ? (
        <CodeForm
          name={`${texts}Code`}
          texts={{
            codeSent: t(`${texts}.codeSent`, { email: sent.sentTo }),
            codeLabel: t(`${texts}.codeLabel`),
            confirm: t(`${texts}.confirm`),
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
          {t(`${texts}.sendCode`)}
        </button>
      )}
    </section>
  );
};
