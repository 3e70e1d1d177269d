// The one navigation bar (SPEC §2) under every screen's content: Back (to a route, or by a
// handler), then the screen's actions in order — by default the form's Next. An action submits the
// form (optionally naming its intent), follows a link, or runs a handler; the first is the primary
// style unless it says otherwise.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

export type NavAction = {
  label: string;
  /** The secondary style (the primary is the first action's). */
  secondary?: boolean;
  /** The service's start button. */
  start?: boolean;
  icon?: ReactNode;
} & (
  | { to: string }
  | { onClick: () => void }
  | {
      /** Submits the form; while busy it is disabled and announced busy. */
      busy?: boolean;
      disabled?: boolean;
      /** The submitter's `intent` (edit mode's 'review' or 'editNext'). */
      intent?: string;
    }
);

const classOf = (action: NavAction) =>
  action.start ? 'button button--start' : `button${action.secondary ? ' button--secondary' : ''}`;

const Action = ({ action }: { action: NavAction }) => {
  const className = classOf(action);
  const content = (
    <>
      {action.icon}
      {action.label}
    </>
  );
  if ('to' in action)
    return (
      <Link className={className} to={action.to}>
        {content}
      </Link>
    );
  if ('onClick' in action)
    return (
      <button type="button" className={className} onClick={action.onClick}>
        {content}
      </button>
    );
  return (
    <button
      type="submit"
      className={className}
      disabled={action.busy || action.disabled}
      aria-busy={action.busy || undefined}
      {...(action.intent ? { name: 'intent', value: action.intent } : {})}
    >
      {content}
    </button>
  );
};

/** Back: to a route, or by a handler. */
const BackButton = ({ back }: { back: string | (() => void) }) => {
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
  actions,
  after,
}: {
  /** Route Back leads to, or a handler; no Back without one. */
  back?: string | (() => void) | undefined;
  /** The screen's actions; by default the form's Next. */
  actions?: readonly NavAction[];
  /** Shown after the actions (a spinner while the screen works). */
  after?: ReactNode;
}) => {
  const { t } = useTranslation('common');
  return (
    <div className="navbar">
      {back !== undefined && <BackButton back={back} />}
      {(actions ?? [{ label: t('next') }]).map((action) => (
        <Action key={action.label} action={action} />
      ))}
      {after}
    </div>
  );
};
