// The acknowledgement of an application just sent, and its fee (issue 27). When the fee is due the
// browser goes straight to the provider's payment page (POST /api/payment with the first
// traveller's proof); if that page cannot be opened, the acknowledgement says the application is
// saved and waits for payment, with "Pay the fee" to try again. Opened again later (a reload, Back
// from the provider), it shows the button rather than leaving on its own. When the fee is waived
// the acknowledgement is as it always was.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPaymentProof, readPaymentProof } from '../../api/payment.ts';
import { FeeDue, usePay } from '../../components/FeeNotice.tsx';
import { loadFee, useFee } from '../../components/fee.ts';
import { FullScreenLoader } from '../../components/Loader.tsx';
import { Page } from '../../components/Page.tsx';
import { AcknowledgementView } from './AcknowledgementView.tsx';
import type { Acknowledgement } from './submission.ts';

export const AcknowledgementWithFee = ({
  acknowledgement,
}: {
  acknowledgement: Acknowledgement;
}) => {
  const { t } = useTranslation('payment');
  const { t: tSent } = useTranslation('thankyou');
  const fee = useFee();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the proof of this acknowledgement.
  const proof = useMemo(readPaymentProof, [acknowledgement.ReqNum]);
  const { busy, problem, pay } = usePay();
  // Just sent: the payment page has not been offered yet.
  const [leaving, setLeaving] = useState(proof !== undefined && !proof.offered);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival.
  useEffect(() => {
    if (!leaving || !proof || readPaymentProof()?.offered) return;
    keepPaymentProof({ ...proof, offered: true });
    void loadFee().then(async (terms) => {
      // Unknown terms: the server's answer to POST /api/payment decides.
      if (terms?.charged === false) setLeaving(false);
      else if (await pay(proof)) setLeaving(false);
    });
  }, []);

  if (leaving && !fee?.charged) {
    // The fee's terms are not known yet: still "sending", as before the answer.
    return (
      <Page heading={tSent('sending')}>
        <FullScreenLoader />
      </Page>
    );
  }
  if (leaving) {
    return (
      <Page heading={t('opening.heading')}>
        <p className="loading-line" role="status">
          <span className="spinner__wheel" aria-hidden="true" />
          {t('opening.text')}
        </p>
      </Page>
    );
  }
  const travellers = acknowledgement.applications?.length ?? 1;
  const due =
    proof !== undefined &&
    problem !== 'paid' &&
    problem !== 'notFound' &&
    problem !== 'notDue' &&
    (fee?.charged === true || problem === 'unavailable');
  return (
    <AcknowledgementView
      acknowledgement={acknowledgement}
      feeDue={
        due && (
          <FeeDue
            amount={fee ? fee.fee * travellers : undefined}
            submittedAt={proof.submittedAt}
            busy={busy}
            problem={problem}
            onPay={() => void pay(proof)}
          />
        )
      }
    />
  );
};
