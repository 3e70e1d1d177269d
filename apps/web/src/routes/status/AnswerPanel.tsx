// The answer to an officer's question: the question as the officer wrote it (text only), a box
// for the answer, checked by the domain's rule before it is sent; sent, the case goes back to the
// officer and the page shows the new state.
import { INFO_ANSWER_MAX_LENGTH, type InfoAnswerProblem, infoAnswerProblem } from '@eta-il/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert.tsx';
import { Field } from '../../components/Field.tsx';
import { focusField } from '../../components/focusField.ts';
import { problemForStatus, useServerCall } from '../../components/useServerCall.ts';
import { answerQuestion, type Identity } from './statusApi.ts';

const FIELD = 'infoAnswer';

export const AnswerPanel = ({
  question,
  identity,
  onAnswered,
}: {
  question: string;
  identity: Identity;
  onAnswered: () => void;
}) => {
  const { t } = useTranslation('status');
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<InfoAnswerProblem>();
  const { busy, problem, setProblem, run } = useServerCall<'tooMany' | 'answered'>();

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const found = infoAnswerProblem(answer);
    setError(found);
    if (found) {
      focusField(FIELD);
      return;
    }
    await run(async () => {
      const sent = await answerQuestion(identity, answer.trim());
      if (sent.ok) onAnswered();
      else if (sent.status === 400 && sent.refusal.code) {
        setError(sent.refusal.code as InfoAnswerProblem);
        focusField(FIELD);
      } else setProblem(problemForStatus(sent.status, { 409: 'answered', 429: 'tooMany' }));
    });
  };

  return (
    <section className="section" aria-labelledby="answer-heading">
      <h3 id="answer-heading">{t('answer.heading')}</h3>
      <p>{t('answer.questionIntro')}</p>
      <blockquote className="quote" dir="auto">
        {question}
      </blockquote>
      {problem && (
        <Alert kind="error">
          <p>{t(`answer.problems.${problem}`)}</p>
        </Alert>
      )}
      <form noValidate onSubmit={send} aria-busy={busy}>
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
        <button type="submit" className="button" disabled={busy}>
          {t('answer.send')}
        </button>
      </form>
    </section>
  );
};
