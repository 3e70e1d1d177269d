// A refusal or failure of a call in words: the code the server answered, translated.
import { useTranslation } from 'react-i18next';

export const Problem = ({ text }: { text: string | undefined }) =>
  text ? (
    <div className="alert alert--error" role="alert">
      <p>{text}</p>
    </div>
  ) : null;

export const Done = ({ text }: { text: string | undefined }) =>
  text ? (
    <div className="alert alert--success" role="status">
      <p>{text}</p>
    </div>
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
