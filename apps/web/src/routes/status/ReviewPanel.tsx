// Asking for the review of a refusal (issue 30): until the last day the server gave, the traveller
// writes why the decision should change (checked by the domain's rule, with a count of the
// characters left) and may attach up to REVIEW_DOCUMENTS_MAX documents; a code e-mailed to the
// application's current address confirms it is the traveller (decision 048), and the request goes
// as a multipart form. Every problem is listed in the error summary and shown at its field; a
// refusal of the server (a file that is not what it claims, too late, asked already) too.
import {
  formatDate,
  isMessageId,
  type MessageId,
  REVIEW_DOCUMENT_BYTES_MAX,
  REVIEW_DOCUMENTS_MAX,
  REVIEW_STATEMENT_MAX,
  reviewStatementProblem,
} from '@eta-il/domain';
import { Alert, focusErrorSummary, focusField } from '@eta-il/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProblemSummary } from '../../components/ErrorSummary.tsx';
import { Field } from '../../components/Field.tsx';
import { fieldMessageText } from '../../components/issueText.ts';
import { problemForStatus, useServerCall } from '../../components/useServerCall.ts';
import { type CodeRefusal, codeRefusalOf } from './CodeForm.tsx';
import { CodeStep } from './CodeStep.tsx';
import { fileKey, ReviewDocuments } from './ReviewDocuments.tsx';
import { type Identity, requestReview, sendReviewCode } from './statusApi.ts';

const STATEMENT = 'reviewStatement';
const DOCUMENTS = 'reviewDocuments';
type ReviewField = typeof STATEMENT | typeof DOCUMENTS;
type Errors = Partial<Record<ReviewField, MessageId>>;
type Sent = { timestamp: number; sentTo: string };
/** The refusals that end the request (409), by their message id, and the call's own problems. */
type Problem = 'tooMany' | 'reviewTooLate' | 'reviewAlreadyAsked' | 'reviewNotRefused';
const ENDING: readonly string[] = ['reviewTooLate', 'reviewAlreadyAsked', 'reviewNotRefused'];

/** By name only: the server reads each file's content and refuses what it is not. */
const LOOKS_ACCEPTED = /\.(pdf|jpe?g|png)$/i;

/** The browser's check of the files: how many, how large, and named as one of the types. */
const documentsProblem = (files: readonly File[]): MessageId | undefined => {
  if (files.length > REVIEW_DOCUMENTS_MAX) return 'reviewTooManyDocuments';
  if (files.some((f) => f.size > REVIEW_DOCUMENT_BYTES_MAX)) return 'reviewDocumentTooLarge';
  if (files.some((f) => !LOOKS_ACCEPTED.test(f.name))) return 'reviewDocumentType';
  return undefined;
};

/** How many characters are left (or too many): shown as typed, read out once typing pauses. */
const CharacterCount = ({ left }: { left: number }) => {
  const { t } = useTranslation('status');
  const text =
    left >= 0 ? t('review.charactersLeft', { n: left }) : t('review.charactersOver', { n: -left });
  const [announced, setAnnounced] = useState(text);
  useEffect(() => {
    const pause = setTimeout(() => setAnnounced(text), 1000);
    return () => clearTimeout(pause);
  }, [text]);
  return (
    <>
      <p data-testid="review-count" aria-hidden="true">
        {text}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {announced}
      </p>
    </>
  );
};

export const ReviewPanel = ({
  identity,
  reviewUntil,
  onRequested,
}: {
  identity: Identity;
  /** The last day to ask (YYYY-MM-DD), as the server answered it. */
  reviewUntil: string;
  onRequested: () => void;
}) => {
  const { t, i18n } = useTranslation('status');
  const messages = useTranslation('messages');
  const [statement, setStatement] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [attempt, setAttempt] = useState(0);
  const [sent, setSent] = useState<Sent>();
  const { busy, problem, setProblem, run } = useServerCall<Problem>();

  /** Shows `found` at their fields and in the summary, which takes focus. */
  const show = (found: Errors) => {
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setAttempt((n) => n + 1);
      requestAnimationFrame(focusErrorSummary);
    }
  };

  const askCode = async () => {
    const found: Errors = {};
    const statementProblem = reviewStatementProblem(statement);
    if (statementProblem) found[STATEMENT] = statementProblem;
    const filesProblem = documentsProblem(files);
    if (filesProblem) found[DOCUMENTS] = filesProblem;
    show(found);
    if (Object.keys(found).length > 0) return;
    await run(async () => {
      const answer = await sendReviewCode(identity);
      if (answer.ok && answer.body?.timestamp) {
        setSent({ timestamp: answer.body.timestamp, sentTo: answer.body.sentTo ?? '' });
      } else if (
        !answer.ok &&
        answer.status === 409 &&
        ENDING.includes(answer.refusal.code ?? '')
      ) {
        setProblem(answer.refusal.code as Problem);
      } else setProblem(problemForStatus(answer.status, { 429: 'tooMany' }));
    });
  };

  const confirm = async (code: string): Promise<true | CodeRefusal> => {
    let accepted: true | CodeRefusal = true;
    await run(async () => {
      if (!sent) return;
      const answer = await requestReview(
        identity,
        { statement: statement.trim(), files },
        code,
        sent.timestamp,
      );
      const { refusal } = answer.ok ? { refusal: undefined } : answer;
      const refused = refusal?.code && isMessageId(refusal.code) ? refusal.code : undefined;
      if (answer.ok) onRequested();
      else if (refused && (refusal?.field === 'statement' || refusal?.field === 'documents')) {
        // Back to the form, the problem at its field (the code is still good).
        setSent(undefined);
        show({ [refusal.field === 'statement' ? STATEMENT : DOCUMENTS]: refused });
      } else if (answer.status === 409 && refused && ENDING.includes(refused)) {
        setProblem(refused as Problem);
      } else if (answer.status === 400) accepted = codeRefusalOf(answer.refusal);
      else setProblem(problemForStatus(answer.status, { 429: 'tooMany' }));
    });
    return accepted;
  };

  const left = REVIEW_STATEMENT_MAX - statement.trim().length;
  const summary = (Object.entries(errors) as [ReviewField, MessageId][]).map(([field, id]) => ({
    target: field,
    text: fieldMessageText(messages, id, field),
  }));
  return (
    <section className="section" aria-labelledby="review-heading">
      <ProblemSummary items={summary} attempt={attempt} />
      <h3 id="review-heading">{t('review.heading')}</h3>
      <p>{t('review.explanation', { date: formatDate(reviewUntil, i18n.language) })}</p>
      <CodeStep
        texts="review"
        codeName="reviewCode"
        problem={problem}
        sentTo={sent?.sentTo}
        busy={busy}
        onAskCode={askCode}
        onCode={confirm}
        primary
        problemText={(found) =>
          ENDING.includes(found) ? messages.t(found) : t(`review.problems.${found}`)
        }
      >
        <Field
          name={STATEMENT}
          label={t('review.statementLabel')}
          hint={t('review.statementHint', { max: REVIEW_STATEMENT_MAX })}
          error={errors[STATEMENT]}
        >
          <textarea
            name={STATEMENT}
            className="textarea"
            rows={8}
            dir="auto"
            value={statement}
            onChange={(event) => setStatement(event.target.value)}
          />
        </Field>
        <CharacterCount left={left} />
        <Field
          name={DOCUMENTS}
          label={t('review.documentsLabel')}
          hint={t('review.documentsHint')}
          error={errors[DOCUMENTS]}
        >
          <ReviewDocuments
            name={DOCUMENTS}
            files={files}
            language={i18n.language}
            onAdd={(added) =>
              setFiles((current) => {
                const known = new Set(current.map(fileKey));
                return [...current, ...added.filter((f) => !known.has(fileKey(f)))];
              })
            }
            onRemove={(index) => {
              setFiles((current) => current.filter((_, i) => i !== index));
              focusField(DOCUMENTS);
            }}
            texts={{
              listHeading: t('review.chosen'),
              remove: (name) => t('review.remove', { name }),
            }}
          />
        </Field>
        <p>{t('review.codeExplanation')}</p>
      </CodeStep>
    </section>
  );
};

/** The confirmation of a request taken, focused when it appears. */
export const ReviewSent = () => {
  const { t } = useTranslation('status');
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <section className="section" tabIndex={-1} ref={ref} aria-labelledby="review-sent-heading">
      <Alert kind="success">
        <h3 id="review-sent-heading">{t('review.sentHeading')}</h3>
        <p>{t('review.sentIntro')}</p>
      </Alert>
    </section>
  );
};
