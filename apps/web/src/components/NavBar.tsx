// The shared navigation bar (SPEC §2): Back, and Next whose label the screen supplies.
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Back: to a route, or by a handler. */
export const BackButton = ({ back }: { back: string | (() => void) }) => {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="button button--secondary"
      onClick={() => (typeof back === 'string' ? navigate(back) : back())}
    >
      {t('back')}
    </button>
  );
};

export const NavBar = ({
  back,
  nextLabel,
  busy = false,
  extra,
}: {
  /** Route Back leads to, or a handler. */
  back?: string | (() => void) | undefined;
  nextLabel?: string;
  busy?: boolean;
  extra?: React.ReactNode;
}) => {
  const { t } = useTranslation('common');
  return (
    <div className="navbar">
      {back !== undefined && <BackButton back={back} />}
      {extra}
      <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
        {nextLabel ?? t('next')}
      </button>
    </div>
  );
};
