// /thankyou (SPEC §2 "Thank you", §4 "Terms gate", "Submission result"): sends the application
// once (after the terms, if they are not yet accepted) and shows the acknowledgement, which a
// reload keeps showing; when the fee is due, the payment page follows at once (issue 27). Exempt from the session guard: without a verified draft or a stored
// acknowledgement the traveller goes to the application start.
import { allowedRoute, ROUTES } from '@eta-il/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ErrorScreen } from '../../components/ErrorScreen.tsx';
import { FullScreenLoader } from '../../components/Loader.tsx';
import { Page } from '../../components/Page.tsx';
import { readGroup, useDraft, useVerified } from '../../session/draft.ts';
import { useSessionValue } from '../../session/storage.ts';
import { acceptTerms, TermsDialog } from '../../session/TermsDialog.tsx';
import { AcknowledgementWithFee } from './AcknowledgementWithFee.tsx';
import { ForbiddenView, NetworkView, RefusedView } from './ProblemViews.tsx';
import { type Outcome, readAcknowledgement, sendApplication } from './submission.ts';

export const ThankYouPage = () => {
  const { t } = useTranslation('thankyou');
  const stored = useSessionValue('acknowledgement');
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read when the stored text changes.
  const acknowledgement = useMemo(readAcknowledgement, [stored]);
  const draft = useDraft();
  const verified = useVerified();
  const missingStep = verified
    ? allowedRoute(ROUTES.thankyou, { draft, verified })
    : ROUTES.applyStart;
  const ready = !acknowledgement && missingStep === ROUTES.thankyou;
  const termsAccepted = draft.reqDisclaimer === 1;
  const [outcome, setOutcome] = useState<Outcome>();
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt ('Try again') sends again.
  useEffect(() => {
    if (!ready || !termsAccepted) return;
    let current = true;
    setOutcome(undefined);
    sendApplication(readGroup()).then((result) => {
      if (current) setOutcome(result);
    });
    return () => {
      current = false;
    };
  }, [ready, termsAccepted, attempt]);

  const accepted =
    acknowledgement ?? (outcome?.kind === 'accepted' ? outcome.acknowledgement : undefined);
  if (accepted) return <AcknowledgementWithFee acknowledgement={accepted} />;
  if (!ready) return <Navigate to={missingStep} replace />;
  if (!termsAccepted) {
    return (
      <Page heading={t('sending')}>
        <TermsDialog open onAccept={acceptTerms} />
      </Page>
    );
  }
  switch (outcome?.kind) {
    case undefined:
      return (
        <Page heading={t('sending')}>
          <FullScreenLoader />
        </Page>
      );
    case 'refused':
      return <RefusedView error={outcome.error} issues={outcome.issues} />;
    case 'forbidden':
      return <ForbiddenView message={outcome.message} />;
    case 'network':
      return <NetworkView onRetry={() => setAttempt((n) => n + 1)} />;
    default:
      return <ErrorScreen />;
  }
};
