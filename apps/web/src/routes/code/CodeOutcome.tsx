// What the code boxes answer when the server refuses a code: its message with a red icon (SPEC §2,
// §8), its message id translated when the catalogue knows it. A confirmed code goes straight on to
// the next step (decision 038).
import { isMessageId, type Refusal } from '@eta-il/domain';
import { useTranslation } from 'react-i18next';

/**
 * The text of a refusal: its message id translated, else its own text, else the general error;
 * a wrong code adds how many tries it has left.
 */
export const useRefusalText = () => {
  const { t } = useTranslation(['messages', 'common']);
  return (refusal?: Refusal) => {
    const text =
      refusal?.code && isMessageId(refusal.code)
        ? t(`messages:${refusal.code}`)
        : refusal?.message || t('common:error.text');
    if (refusal?.triesLeft === undefined || refusal.code !== 'codeWrong') return text;
    return `${text} ${t('common:codeTriesLeft', { count: refusal.triesLeft })}`;
  };
};

export const CodeRefused = ({ text }: { text: string }) => (
  <p id="code-refusal" className="code__refusal" role="alert">
    <svg className="code__icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="10" fill="currentColor" />
      <path d="M6.5 6.5l7 7m0-7l-7 7" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
    <span>{text}</span>
  </p>
);
