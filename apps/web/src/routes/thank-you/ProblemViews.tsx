// What the thank-you page shows when the application was not accepted (SPEC §4): a 400 with the
// server's error and its issues, a 403 with its message, or a network failure with 'Try again'.
import {
  isMessageId,
  type MessageId,
  messages,
  messageText,
  type RefusalIssue,
  ROUTES,
} from '@eta-il/domain';
import { Alert } from '@eta-il/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/Page.tsx';

/** The id of a message the server sent as English text, so it can be shown translated. */
const idOfText = (text: string | undefined): MessageId | undefined =>
  (Object.keys(messages) as MessageId[]).find((id) => messageText(id) === text);

const useServerText = () => {
  const { t } = useTranslation('messages');
  return (id: string | undefined, text: string | undefined) => {
    const known = id && isMessageId(id) ? id : idOfText(text);
    return known ? t(known) : (text ?? '');
  };
};

export const RefusedView = ({ error, issues }: { error: string; issues: RefusalIssue[] }) => {
  const { t } = useTranslation('thankyou');
  const serverText = useServerText();
  const errorText = serverText(undefined, error);
  // The server's error repeats its first issue: each text is shown once.
  const texts = [...new Set(issues.map((i) => serverText(i.message, i.text)))].filter(
    (text) => text && text !== errorText,
  );
  return (
    <Page heading={t('refused.heading')}>
      <Alert kind="error">
        <p>{errorText}</p>
        {texts.length > 0 && (
          <>
            <p>{t('refused.issues')}</p>
            <ul>
              {texts.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </>
        )}
      </Alert>
      <Link className="button" to={ROUTES.review}>
        {t('refused.backToReview')}
      </Link>
    </Page>
  );
};

export const ForbiddenView = ({ message }: { message: string | undefined }) => {
  const { t } = useTranslation('thankyou');
  const serverText = useServerText();
  return (
    <Page heading={t('forbidden.heading')}>
      <Alert kind="error">
        <p>{message ? serverText(undefined, message) : serverText('dataRequired', undefined)}</p>
      </Alert>
    </Page>
  );
};

export const NetworkView = ({ onRetry }: { onRetry: () => void }) => {
  const { t } = useTranslation('thankyou');
  return (
    <Page heading={t('network.heading')}>
      <p>{t('network.text')}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('network.retry')}
      </button>
    </Page>
  );
};
