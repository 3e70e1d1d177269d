// Withdrawing the consent to reminders before the authorization ends (issue 31): a code is
// e-mailed to the application's address, and entering it stops the reminders (for every
// traveller the consent was given for).
import { Alert } from '@eta-il/ui';
import { useTranslation } from 'react-i18next';
import { CodeConfirmedChange } from './CodeConfirmedChange.tsx';
import { type Identity, sendRemindersCode, withdrawReminders } from './statusApi.ts';

export const RemindersPanel = ({
  identity,
  onStopped,
}: {
  identity: Identity;
  onStopped: () => void;
}) => (
  <CodeConfirmedChange<'tooMany' | 'off'>
    texts="reminders"
    sendCode={() => sendRemindersCode(identity)}
    change={(code, timestamp) => withdrawReminders(identity, code, timestamp)}
    onChanged={onStopped}
    problemsOnSend={{ 409: 'off', 429: 'tooMany' }}
    problemsOnChange={{ 409: 'off', 429: 'tooMany' }}
  />
);

/** Said once the reminders are stopped. */
export const RemindersStopped = () => {
  const { t } = useTranslation('status');
  return (
    <Alert kind="success">
      <p>{t('reminders.stopped')}</p>
    </Alert>
  );
};
