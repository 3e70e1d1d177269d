// Banners: a blocking alert links to the visa options (SPEC §8); warnings begin 'Please note:'.
import { type MessageId, ROUTES, VISA_OPTION_MESSAGES } from '@eta-il/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export const Alert = ({
  kind,
  children,
  id,
}: {
  kind: 'error' | 'warning' | 'success' | 'info';
  children: ReactNode;
  id?: string;
}) => (
  <div id={id} className={`alert alert--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
    {children}
  </div>
);

/** A blocking message with the link to /visa-option. */
export const BlockingAlert = ({ message }: { message: MessageId }) => {
  const { t } = useTranslation(['messages', 'common']);
  return (
    <Alert kind="error">
      <p>{t(`messages:${message}`)}</p>
      <p>
        <Link to={ROUTES.visaOption}>{t('common:visaOptionsLink')}</Link>
      </p>
    </Alert>
  );
};

/** The blocking banners among a form's errors (each once), above the form. */
export const BlockingAlerts = ({ errors }: { errors: { message: MessageId }[] }) => {
  const blocking = [...new Set(errors.map((e) => e.message))].filter((m) =>
    VISA_OPTION_MESSAGES.includes(m),
  );
  return (
    <>
      {blocking.map((message) => (
        <BlockingAlert key={message} message={message} />
      ))}
    </>
  );
};
