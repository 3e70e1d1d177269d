// Blocking banners: a message that ends the application links to the visa options (SPEC §8).
import { type MessageId, ROUTES, VISA_OPTION_MESSAGES } from '@eta-il/domain';
import { Alert } from '@eta-il/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

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
