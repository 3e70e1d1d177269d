// /payment/cancelled (issue 27): the traveller left the provider's page without paying. Nothing
// was charged; the application is saved and waits for the fee until its 7 days run out. "Pay the
// fee" reopens the same payment page while it is open (GET /api/payment/:id's url), else asks for
// a new one with the proof this browser kept, else leads to /status, which asks for the proof.
import type { PaymentResult } from '@eta-il/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { readPayment, readPaymentProof } from '../../api/payment.ts';
import { FeeDue, usePay } from '../../components/FeeNotice.tsx';
import { useFee } from '../../components/fee.ts';
import { Page } from '../../components/Page.tsx';
import { readAcknowledgement } from '../thank-you/submission.ts';

export const PaymentCancelledPage = () => {
  const { t } = useTranslation('payment');
  const [params] = useSearchParams();
  const paymentId = params.get('payment') ?? '';
  const [result, setResult] = useState<PaymentResult>();
  const proof = useMemo(readPaymentProof, []);
  const fee = useFee();
  const { busy, problem, pay } = usePay();

  useEffect(() => {
    if (!paymentId) return;
    let current = true;
    void readPayment(paymentId).then((answer) => {
      if (current) setResult(answer);
    });
    return () => {
      current = false;
    };
  }, [paymentId]);

  const travellers = readAcknowledgement()?.applications?.length ?? 1;
  const amount = result?.amount ?? (fee && proof ? fee.fee * travellers : undefined);
  const reopen = result?.status === 'open' ? result.url : undefined;
  const onPay = reopen
    ? () => window.location.assign(reopen)
    : proof
      ? () => void pay(proof)
      : undefined;
  return (
    <Page heading={t('cancelled.heading')}>
      <p className="lead">{t('cancelled.text')}</p>
      <FeeDue
        amount={amount}
        submittedAt={proof?.submittedAt}
        busy={busy}
        problem={result?.status === 'paid' ? 'paid' : problem}
        onPay={onPay}
      />
    </Page>
  );
};
