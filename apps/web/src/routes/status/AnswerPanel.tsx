// The answer to an officer's question: the question as the officer wrote it (text only), a box
// for the answer, checked by the domain's rule; then a code e-mailed to the application's current
// address confirms it is the traveller who answers (decision 048). Sent, the case goes back to the
// officer, and the page confirms it with the text that was sent, focused (issue 25 item 7).
import { INFO_ANSWER_MAX_LENGTH, type InfoAnswerProblem, infoAnswerProblem } from '@eta-il/domain';
import { Alert, focusField } from '@eta-il/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field.tsx';
import { problemForStatus, useServerCall } from '../../components/useServerCall.ts';
import { type CodeRefusal, codeRefusalOf } from './CodeForm.tsx';
import { CodeStep } from './CodeStep.tsx';
import { answerQuestion, type Identity, sendAnswerCode } from './statusApi.ts';

const FIELD = 'infoAnswer';

type Sent = { timestamp: number; sentTo: string; answer: string };

export const AnswerPanel = ({
  question,
  identity,
  onAnswered,
}: {
  question: string;
  identity: Identity;
  /** The answer was taken: its text, as sent. */
  onAnswered: (answer: string) => void;
}) => {
  const { t } = useTranslation('status');
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<InfoAnswerProblem>();
  const [sent, setSent] = useState<Sent>();
  const { busy, problem, setProblem, run } = useServerCall<'tooMany' | 'answered'>();

  /** The server refused the answer's text: back to the box, the message at it. */
  const refuseText = (code: InfoAnswerProblem) => {
    setSent(undefined);
    setError(code);
    requestAnimationFrame(() => focusField(FIELD));
  };

  const askCode = async () => {
    const found = infoAnswerProblem(answer);
    setError(found);
    if (found) {
      focusField(FIELD);
      return;
    }
    await run(async () => {
      const code = await sendAnswerCode(identity);
      if (code.ok && code.body?.timestamp) {
        setSent({ timestamp: code.body.timestamp, sentTo: code.body.sentTo ?? '', answer });
      } else setProblem(problemForStatus(code.status, { 429: 'tooMany' }));
    });
  };

  const confirm = async (code: string): Promise<true | CodeRefusal> => {
    let accepted: true | CodeRefusal = true;
    await run(async () => {
      if (!sent) return;
      const text = sent.answer.trim();
      const answered = await answerQuestion(identity, text, code, sent.timestamp);
      if (answered.ok) onAnswered(text);
      else if (answered.status === 400 && answered.refusal.field === 'answer') {
        refuseText(answered.refusal.code as InfoAnswerProblem);
      } else if (answered.status === 400) accepted = codeRefusalOf(answered.refusal);
      else setProblem(problemForStatus(answered.status, { 409: 'answered', 429: 'tooMany' }));
    });
    return accepted;
  };

  return (
    <section className="section" aria-labelledby="answer-heading">
      <h3 id="answer-heading">{t('answer.heading')}</h3>
      <p>{t('answer.questionIntro')}</p>
      <blockquote className="quote" dir="auto">
        {question}
      </blockquote>
      <CodeStep
        texts="answer"
        codeName="answerCode"
        problem={problem}
        sentTo={sent?.sentTo}
        busy={busy}
        onAskCode={askCode}
        onCode={confirm}
        primary
      >
        <Field
          name={FIELD}
          label={t('answer.label')}
          hint={t('answer.hint', { max: INFO_ANSWER_MAX_LENGTH })}
          error={error}
        >
          <textarea
            name={FIELD}
            className="textarea"
            rows={6}
            dir="auto"
            value={answer}
            onChange={(event) => setAnswer(event.target.value)}
          />
        </Field>
        <p>{t('answer.codeExplanation')}</p>
      </CodeStep>
    </section>
  );
};

/** The confirmation of an answer taken: what was sent, focused when it appears. */
export const AnswerSent = ({ answer }: { answer: string }) => {
  const { t } = useTranslation('status');
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <section className="section" tabIndex={-1} ref={ref} aria-labelledby="answer-sent-heading">
      <Alert kind="success">
        <h3 id="answer-sent-heading">{t('answer.sentHeading')}</h3>
        <p>{t('answer.sentIntro')}</p>
        <blockquote className="quote" dir="auto" data-testid="answer-sent">
          {answer}
        </blockquote>
      </Alert>
    </section>
  );
};
