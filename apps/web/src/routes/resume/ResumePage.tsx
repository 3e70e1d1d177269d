// /resume/:token, the link e-mailed when an application is saved to continue later (issue 13,
// decision 033): a code is e-mailed to the address the draft was saved from; with it the draft
// becomes this browser's session, at its first unfinished step. An unknown, used or expired link
// says so, with the way to start a new application.
import { CODE_TTL_MS, isMessageId, type MessageId, ROUTES } from '@eta-il/domain';
import { Alert, focusField } from '@eta-il/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { resumeApplication, sendResumeCode } from '../../api/savedApplication.ts';
import { Page } from '../../components/Page.tsx';
import { useServerCall } from '../../components/useServerCall.ts';
import { CodeForm, type CodeRefusal, codeRefusalOf } from '../status/CodeForm.tsx';
import { beginResumedSession } from './resumeSession.ts';

const LINK_PROBLEMS: readonly MessageId[] = ['savedApplicationNotFound', 'savedApplicationExpired'];
const CODE_FIELD = 'resumeCode';

/** The message of a refusal: its own id when the server named one we have words for. */
const problemOf = (code: string | undefined): MessageId | 'unavailable' =>
  code && isMessageId(code) ? code : 'unavailable';

export const ResumePage = () => {
  const { t } = useTranslation(['saveLater', 'messages']);
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [sent, setSent] = useState<{ timestamp: number; sentTo: string }>();
  const { busy, problem, setProblem, run } = useServerCall<MessageId>();
  const problemRef = useRef<HTMLDivElement>(null);
  const linkRefused = problem !== undefined && LINK_PROBLEMS.includes(problem as MessageId);

  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);
  // A code sent: its box takes focus (each time one is sent).
  useEffect(() => {
    if (sent) focusField(CODE_FIELD);
  }, [sent]);

  const askCode = () =>
    run(async () => {
      const answer = await sendResumeCode(token);
      if (!answer.ok) return setProblem(problemOf(answer.refusal.code));
      setSent(answer.body);
    });

  const confirm = async (code: string): Promise<true | CodeRefusal> => {
    let accepted: true | CodeRefusal = true;
    await run(async () => {
      const answer = await resumeApplication(token, code, sent?.timestamp ?? 0);
      if (answer.ok) {
        navigate(beginResumedSession(answer.body), { replace: true });
        return;
      }
      if (answer.refusal.code === 'codeWrong') accepted = codeRefusalOf(answer.refusal);
      else setProblem(problemOf(answer.refusal.code));
    });
    return accepted;
  };

  return (
    <Page heading={t('resume.title')}>
      <div ref={problemRef} tabIndex={-1} aria-live="polite">
        {problem && (
          <Alert kind="error">
            <p>{problem === 'unavailable' ? t('resume.unavailable') : t(`messages:${problem}`)}</p>
            {linkRefused && (
              <p>
                <Link to={ROUTES.applyStart}>{t('resume.startNew')}</Link>
              </p>
            )}
          </Alert>
        )}
      </div>
      {!linkRefused && (
        <>
          <p className="lead">{t('resume.lead')}</p>
          {sent && (
            <CodeForm
              name={CODE_FIELD}
              texts={{
                codeSent: t('resume.codeSent', {
                  email: sent.sentTo,
                  minutes: CODE_TTL_MS / 60_000,
                }),
                codeLabel: t('resume.codeLabel'),
                confirm: t('resume.confirm'),
              }}
              busy={busy}
              onCode={confirm}
            />
          )}
          <div className="navbar">
            <button
              type="button"
              className={`button${sent ? ' button--secondary' : ''}`}
              onClick={askCode}
              disabled={busy}
            >
              {t(sent ? 'resume.sendAgain' : 'resume.sendCode')}
            </button>
          </div>
        </>
      )}
    </Page>
  );
};
