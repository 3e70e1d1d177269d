// Loading views: a full-screen 'Loading...' and an inline spinner.
import { useTranslation } from 'react-i18next';

export const Spinner = ({ label }: { label?: string }) => (
  <span className="spinner" role="status">
    <span className="spinner__wheel" aria-hidden="true" />
    {label && <span className="visually-hidden">{label}</span>}
  </span>
);

export const FullScreenLoader = () => {
  const { t } = useTranslation('common');
  return (
    <div className="loader-screen centred-column" role="status" aria-live="polite">
      <span className="spinner__wheel spinner__wheel--large" aria-hidden="true" />
      <p>{t('loading')}</p>
    </div>
  );
};

/** Shown while a route's code or texts load (before any translation may exist). */
export const RouteFallback = () => (
  <div className="loader-screen centred-column" role="status" aria-live="polite">
    <span className="spinner__wheel spinner__wheel--large" aria-hidden="true" />
  </div>
);
