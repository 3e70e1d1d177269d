// SPEC §4 "Terms gate": until the terms are accepted, a 'Terms & Conditions' dialog covers every
// page but the eligibility ones; 'continue' appears once the box is ticked and sets reqDisclaimer.
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useDraft } from './draft.ts';
import { needsTermsGate } from './session.ts';
import { useSessionValue } from './storage.ts';

const TermsDialog = lazy(() =>
  import('./TermsDialog.tsx').then((m) => ({
    default: () => <m.TermsDialog open onAccept={m.acceptTerms} />,
  })),
);

export const TermsGate = () => {
  const { pathname } = useLocation();
  const draft = useDraft();
  // An ended session (storage wiped) shows only its Restart popup; the terms of the next session
  // are asked once it begins.
  const sessionBegun = useSessionValue('sessionStart') !== null;
  const open = sessionBegun && needsTermsGate(pathname) && draft.reqDisclaimer !== 1;
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <TermsDialog />
    </Suspense>
  );
};
