// A refusal or failure of a call in words (the code the server answered, translated), and what
// went through: banners (@eta-il/ui's Alert) with one paragraph.
import { Alert } from '@eta-il/ui';
import { useTranslation } from 'react-i18next';

export const Problem = ({ text }: { text: string | undefined }) =>
  text ? (
    <Alert kind="error">
      <p>{text}</p>
    </Alert>
  ) : null;

export const Done = ({ text }: { text: string | undefined }) =>
  text ? (
    <Alert kind="success">
      <p>{text}</p>
    </Alert>
  ) : null;

/** The words for a failed call: its code when known, else by status. */
export const useProblemText = () => {
  const { t } = useTranslation();
  return (status: number, code?: string): string => {
    if (code && t(`decide.errors.${code}`, { defaultValue: '' })) return t(`decide.errors.${code}`);
    if (status === 429) return t('problems.tooManyRequests');
    if (status === 503) return t('problems.unavailable');
    return t('problems.failure');
  };
};
