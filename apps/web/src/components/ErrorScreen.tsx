// The generic error screen (SPEC §2 "Other screens"): 'Back to Home' ends the session, starts a
// new one and goes to the application start.
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { forgetReferenceData } from '../session/reference.ts';
import { RESTART_ROUTE, restartSession } from '../session/session.ts';
import { Page } from './Page.tsx';

/** The route of the generic error screen (not a SPEC §2 route: where failures lead). */
export const ERROR_ROUTE = '/error';

export const ErrorScreen = () => {
  const { t } = useTranslation('common');
  return (
    <Page heading={t('error.heading')}>
      <p className="lead">{t('error.text')}</p>
      <button
        type="button"
        className="button"
        onClick={() => {
          restartSession();
          forgetReferenceData();
          // A full load: whatever failed starts again from a clean state.
          window.location.assign(RESTART_ROUTE);
        }}
      >
        {t('error.backToHome')}
      </button>
    </Page>
  );
};

/** Shows the error screen when a screen fails to render or its data fails to load. */
export class ErrorBoundary extends Component<
  { children: ReactNode; resetKey: string },
  { failed: boolean; key: string }
> {
  override state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: { resetKey: string },
    state: { failed: boolean; key: string },
  ) {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
