// What the code boxes answer: the green tick of a confirmed code, or the server's refusal with a
// red icon (SPEC §2, §8). A refusal's message id is translated when the catalogue knows it.
import { isMessageId } from '@eta-il/domain';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Refusal } from '../../api/client.ts';

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

export const CodeConfirmed = ({
  ref,
  children,
}: {
  ref: Ref<HTMLDivElement>;
  children: ReactNode;
}) => {
  const { t } = useTranslation('code');
  return (
    <div className="code__confirmed" role="status" tabIndex={-1} ref={ref}>
      <p className="code__confirmed-title">
        <svg className="code__icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <circle cx="10" cy="10" r="10" fill="currentColor" />
          <path
            d="M5.5 10.5l3 3 6-7"
            fill="none"
            stroke="#fff"
            strokeWidth="2.2"
            strokeLinecap="round"
          />
        </svg>
        <span>{t('confirmed')}</span>
      </p>
      <p>
        {t('redirecting')} {children}
      </p>
    </div>
  );
};
