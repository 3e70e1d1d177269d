// A change confirmed by an e-mailed code, as one step of a panel (correcting details, a lost
// address, a new passport, an answer to an officer, a review asked for): the last call's problem, then the panel's form — its fields and the button that asks
// for the code — or, once the code is sent, the box for it (CodeForm.tsx). Its texts are the
// panel's own, under `texts` in the status namespace: sendCode, codeSent, codeLabel, confirm and
// problems.<problem>.
import { Alert } from '@eta-il/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeForm, type CodeRefusal } from './CodeForm.tsx';

export const CodeStep = ({
  texts,
  codeName,
  problem,
  sentTo,
  busy,
  onAskCode,
  onCode,
  primary = false,
  problemText,
  children,
}: {
  texts: 'correct' | 'lost' | 'newPassport' | 'answer' | 'review';
  /** The code box's name (its id). */
  codeName: string;
  problem: string | undefined;
  /** Where the code went, once it is sent. */
  sentTo: string | undefined;
  busy: boolean;
  onAskCode: () => unknown;
  onCode: (code: string) => Promise<true | CodeRefusal>;
  /** The code is the panel's main action (its button the page's primary one). */
  primary?: boolean;
  /** The problem's words, where they are not the panel's own `problems.<problem>`. */
  problemText?: (problem: string) => string;
  /** The panel's fields. */
  children: ReactNode;
}) => {
  const { t } = useTranslation('status');
  return (
    <>
      {problem && (
        <Alert kind="error">
          <p>{problemText ? problemText(problem) : t(`${texts}.problems.${problem}`)}</p>
        </Alert>
      )}
      {sentTo !== undefined ? (
        <CodeForm
          name={codeName}
          texts={{
            codeSent: t(`${texts}.codeSent`, { email: sentTo }),
            codeLabel: t(`${texts}.codeLabel`),
            confirm: t(`${texts}.confirm`),
          }}
          busy={busy}
          onCode={onCode}
        />
      ) : (
        <form
          noValidate
          aria-busy={busy}
          onSubmit={(event) => {
            event.preventDefault();
            void onAskCode();
          }}
        >
          {children}
          <button
            type="submit"
            className={primary ? 'button' : 'button button--secondary'}
            disabled={busy}
          >
            {t(`${texts}.sendCode`)}
          </button>
        </form>
      )}
    </>
  );
};
