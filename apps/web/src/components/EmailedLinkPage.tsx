// A page that an e-mailed link opens (a saved application to continue, decision 033; a renewal,
// decision 057): a code is e-mailed to the address the link went to, and with it what the link
// holds becomes this browser's session, at its first unfinished step. An unknown, used or expired
// link says so, with the way to start a new application. Its texts are saveLater.json's
// `<texts>.*`: title, lead, sendCode, sendAgain, codeSent, codeLabel, confirm, startNew,
// unavailable and noToken.
import { CODE_TTL_MS, type CodeSentTo, isMessageId, type MessageId, ROUTES } from '@eta-il/domain';
import { Alert, focusField } from '@eta-il/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Answer } from '../api/client.ts';
import { CodeForm, type CodeRefusal, codeRefusalOf } from '../routes/status/CodeForm.tsx';
import { Page } from './Page.tsx';
import { useServerCall } from './useServerCall.ts';

/** The message of a refusal: its own id when the server named one we have words for. */
const problemOf = (code: string | undefined): MessageId | 'unavailable' =>
  code && isMessageId(code) ? code : 'unavailable';

export const EmailedLinkPage = <Opened,>({
  texts,
  token,
  linkProblems,
  codeField,
  sendCode,
  open,
  begin,
}: {
  texts: 'resume' | 'renew';
  /** The link's token ('' when the page was opened without one). */
  token: string;
  /** The refusals that mean the link itself cannot be used (unknown, used, expired). */
  linkProblems: readonly MessageId[];
  codeField: string;
  sendCode: (token: string) => Promise<Answer<CodeSentTo>>;
  open: (token: string, code: string, timestamp: number) => Promise<Answer<Opened>>;
  /** Makes what was opened this browser's session; answers where the traveller continues. */
  begin: (opened: Opened) => string;
}) => {
  const { t } = useTranslation(['saveLater', 'messages']);
  const navigate = useNavigate();
  const [sent, setSent] = useState<CodeSentTo>();
  const { busy, problem, setProblem, run } = useServerCall<MessageId>();
  const problemRef = useRef<HTMLDivElement>(null);
  const linkRefused =
    token === '' || (problem !== undefined && linkProblems.includes(problem as MessageId));

  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);
  // A code sent: its box takes focus (each time one is sent).
  useEffect(() => {
    if (sent) focusField(codeField);
  }, [sent, codeField]);

  const askCode = () =>
    run(async () => {
      const answer = await sendCode(token);
      if (!answer.ok) return setProblem(problemOf(answer.refusal.code));
      setSent(answer.body);
    });

  const confirm = async (code: string): Promise<true | CodeRefusal> => {
    let accepted: true | CodeRefusal = true;
    await run(async () => {
      const answer = await open(token, code, sent?.timestamp ?? 0);
      if (answer.ok) {
        navigate(begin(answer.body), { replace: true });
        return;
      }
      if (answer.refusal.code === 'codeWrong') accepted = codeRefusalOf(answer.refusal);
      else setProblem(problemOf(answer.refusal.code));
    });
    return accepted;
  };

  return (
    <Page heading={t(`${texts}.title`)}>
      <div ref={problemRef} tabIndex={-1} aria-live="polite">
        {(problem || token === '') && (
          <Alert kind="error">
            <p>
              {token === ''
                ? t(`${texts}.noToken`)
                : problem === 'unavailable'
                  ? t(`${texts}.unavailable`)
                  : t(`messages:${problem}`)}
            </p>
            {linkRefused && (
              <p>
                <Link to={ROUTES.applyStart}>{t(`${texts}.startNew`)}</Link>
              </p>
            )}
          </Alert>
        )}
      </div>
      {!linkRefused && (
        <>
          <p className="lead">{t(`${texts}.lead`)}</p>
          {sent && (
            <CodeForm
              name={codeField}
              texts={{
                codeSent: t(`${texts}.codeSent`, {
                  email: sent.sentTo,
                  minutes: CODE_TTL_MS / 60_000,
                }),
                codeLabel: t(`${texts}.codeLabel`),
                confirm: t(`${texts}.confirm`),
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
              {t(sent ? `${texts}.sendAgain` : `${texts}.sendCode`)}
            </button>
          </div>
        </>
      )}
    </Page>
  );
};
