// /renew#<token>, the renewal link of the reminder e-mail (issue 31, decision 057): the token is
// read from the fragment (never sent to a server log); a code is e-mailed to the address of the
// last application; with it a new application filled in from the last one becomes this browser's
// session, and the traveller goes through every step to the review. An unknown, used or expired
// link says so, with the way to start a new application.
import { CODE_TTL_MS, isMessageId, type MessageId, ROUTES } from '@eta-il/domain';
import { Alert, focusField } from '@eta-il/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { openRenewal, sendRenewalCode } from '../../api/renewal.ts';
import { Page } from '../../components/Page.tsx';
import { useServerCall } from '../../components/useServerCall.ts';
import { CodeForm, type CodeRefusal, codeRefusalOf } from '../status/CodeForm.tsx';
import { beginRenewalSession } from './renewalSession.ts';

const LINK_PROBLEMS: readonly MessageId[] = ['renewalLinkNotFound', 'renewalLinkExpired'];
const CODE_FIELD = 'renewalCode';

/** The message of a refusal: its own id when the server named one we have words for. */
const problemOf = (code: string | undefined): MessageId | 'unavailable' =>
  code && isMessageId(code) ? code : 'unavailable';

export const RenewPage = () => {
  const { t } = useTranslation(['saveLater', 'messages']);
  const token = useLocation().hash.replace(/^#/, '');
  const navigate = useNavigate();
  const [sent, setSent] = useState<{ timestamp: number; sentTo: string }>();
  const { busy, problem, setProblem, run } = useServerCall<MessageId>();
  const problemRef = useRef<HTMLDivElement>(null);
  const linkRefused =
    token === '' || (problem !== undefined && LINK_PROBLEMS.includes(problem as MessageId));

  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);
  useEffect(() => {
    if (sent) focusField(CODE_FIELD);
  }, [sent]);

  const askCode = () =>
    run(async () => {
      const answer = await sendRenewalCode(token);
      if (!answer.ok) return setProblem(problemOf(answer.refusal.code));
      setSent(answer.body);
    });

  const confirm = async (code: string): Promise<true | CodeRefusal> => {
    let accepted: true | CodeRefusal = true;
    await run(async () => {
      const answer = await openRenewal(token, code, sent?.timestamp ?? 0);
      if (answer.ok) {
        navigate(beginRenewalSession(answer.body), { replace: true });
        return;
      }
      if (answer.refusal.code === 'codeWrong') accepted = codeRefusalOf(answer.refusal);
      else setProblem(problemOf(answer.refusal.code));
    });
    return accepted;
  };

  return (
    <Page heading={t('renew.title')}>
      <div ref={problemRef} tabIndex={-1} aria-live="polite">
        {(problem || token === '') && (
          <Alert kind="error">
            <p>
              {token === ''
                ? t('renew.noToken')
                : problem === 'unavailable'
                  ? t('renew.unavailable')
                  : t(`messages:${problem}`)}
            </p>
            {linkRefused && (
              <p>
                <Link to={ROUTES.applyStart}>{t('renew.startNew')}</Link>
              </p>
            )}
          </Alert>
        )}
      </div>
      {!linkRefused && (
        <>
          <p className="lead">{t('renew.lead')}</p>
          {sent && (
            <CodeForm
              name={CODE_FIELD}
              texts={{
                codeSent: t('renew.codeSent', {
                  email: sent.sentTo,
                  minutes: CODE_TTL_MS / 60_000,
                }),
                codeLabel: t('renew.codeLabel'),
                confirm: t('renew.confirm'),
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
              {t(sent ? 'renew.sendAgain' : 'renew.sendCode')}
            </button>
          </div>
        </>
      )}
    </Page>
  );
};
