// Withdrawing an application not yet decided: a code is e-mailed to the application's address,
// and entering it withdraws the application.
import { CodeConfirmedChange } from './CodeConfirmedChange.tsx';
import { type Identity, sendWithdrawCode, withdraw } from './statusApi.ts';

export const WithdrawPanel = ({
  identity,
  onWithdrawn,
}: {
  identity: Identity;
  onWithdrawn: () => void;
}) => (
  <CodeConfirmedChange<'tooMany' | 'decided'>
    texts="withdraw"
    sendCode={() => sendWithdrawCode(identity)}
    change={(code, timestamp) => withdraw(identity, code, timestamp)}
    onChanged={onWithdrawn}
    problemsOnSend={{ 429: 'tooMany' }}
    problemsOnChange={{ 409: 'decided', 429: 'tooMany' }}
  />
);
