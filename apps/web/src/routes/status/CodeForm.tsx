// The second half of a change confirmed by an e-mailed code (withdrawing, correcting): where the
// code went, the box for it, checked for its form before it is sent; a code the server refuses
// is shown at the box.
import { CONFIRMATION_CODE_PATTERN, type MessageId } from '@eta-il/domain';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/Alert.tsx';
import { focusField } from '../../components/focusField.ts';
import { LookupField } from './LookupField.tsx';

export const CodeForm = ({
  name,
  texts,
  busy,
  onCode,
}: {
  name: string;
  texts: { codeSent: string; codeLabel: string; confirm: string };
  busy: boolean;
  /** Sends the code; answers false when the server refused it as wrong. */
  onCode: (code: string) => Promise<boolean>;
}) => {
  const [code, setCode] = useState('');
  const [error, setError] = useState<MessageId>();
  const refuse = (message: MessageId) => {
    setError(message);
    focusField(name);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!CONFIRMATION_CODE_PATTERN.test(typed))
      return refuse(typed === '' ? 'required' : 'codeWrong');
    setError(undefined);
    if (!(await onCode(typed))) refuse('codeWrong');
  };
  return (
    <form noValidate onSubmit={submit}>
      <Alert kind="info">
        <p>{texts.codeSent}</p>
      </Alert>
      <LookupField
        name={name}
        label={texts.codeLabel}
        error={error}
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
