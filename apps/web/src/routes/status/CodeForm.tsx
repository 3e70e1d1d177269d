// The second half of a change confirmed by an e-mailed code (withdrawing, correcting, answering):
// where the code went, the box for it, checked for its form before it is sent; a code the server
// refuses is shown at the box, with the tries it has left.
import { CONFIRMATION_CODE_PATTERN, isMessageId, type MessageId } from '@eta-il/domain';
import { Alert, focusField } from '@eta-il/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LookupField } from './LookupField.tsx';

/** A code the server did not take: why, and how many tries it has left when it said. */
export interface CodeRefusal {
  message: MessageId;
  triesLeft?: number | undefined;
}

/** The refusal of a code answered by the server, for the box (a wrong code by default). */
export const codeRefusalOf = (refusal: { code?: string; triesLeft?: number }): CodeRefusal => ({
  message: refusal.code && isMessageId(refusal.code) ? refusal.code : 'codeWrong',
  triesLeft: refusal.triesLeft,
});

export const CodeForm = ({
  name,
  texts,
  busy,
  onCode,
}: {
  name: string;
  texts: { codeSent: string; codeLabel: string; confirm: string };
  busy: boolean;
  /**
   * Sends the code; answers true when it was not refused as wrong, else the refusal (its message
   * and the tries left, when the server said).
   */
  onCode: (code: string) => Promise<true | CodeRefusal>;
}) => {
  const { t } = useTranslation('common');
  const [code, setCode] = useState('');
  const [error, setError] = useState<CodeRefusal>();
  const refuse = (refusal: CodeRefusal) => {
    setError(refusal);
    focusField(name);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!CONFIRMATION_CODE_PATTERN.test(typed))
      return refuse({ message: typed === '' ? 'required' : 'codeWrong' });
    setError(undefined);
    const answer = await onCode(typed);
    if (answer !== true) refuse(answer);
  };
  const triesLeft =
    error?.triesLeft === undefined ? undefined : t('codeTriesLeft', { count: error.triesLeft });
  return (
    <form noValidate onSubmit={submit}>
      <Alert kind="info">
        <p>{texts.codeSent}</p>
      </Alert>
      <LookupField
        name={name}
        label={texts.codeLabel}
        error={error?.message}
        hint={triesLeft}
        value={code}
        onChange={setCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
      />
      <button type="submit" className="button" disabled={busy}>
        {texts.confirm}
      </button>
    </form>
  );
};
