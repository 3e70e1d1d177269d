// /payment/return (issue 27): where the payment provider sends the browser back. The URL only
// names the payment; what happened is read from the server (GET /api/payment/:id), never from
// the URL. Paid → the acknowledgement with "Paid 25 NIS on …"; still open (the provider's
// confirmation may lag) → "We are confirming your payment", asked again a few times, then a
// plain fallback; expired → nothing was charged, pay again.
import { type PaymentResult, STATUS_ROUTE } from '@eta-il/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { readPayment, readPaymentProof } from '../../api/payment.ts';
import { FeeDue, usePaidText, usePay } from '../../components/FeeNotice.tsx';
import { Page } from '../../components/Page.tsx';
import { AcknowledgementView } from '../thank-you/AcknowledgementView.tsx';
import { readAcknowledgement } from '../thank-you/submission.ts';

/** How many times an open payment is asked again, and how long apart. */
export const CONFIRM_TRIES = 5;
export const CONFIRM_EVERY_MS = 2000;

const StatusLink = () => {
  const { t } = useTranslation('payment');
  return (
    <p>
      <Link to={STATUS_ROUTE}>{t('statusLink')}</Link>
    </p>
  );
};

const Paid = ({ result }: { result: PaymentResult }) => {
  const { t } = useTranslation('payment');
  const paid = usePaidText()(result);
  const acknowledgement = useMemo(readAcknowledgement, []);
  if (acknowledgement) return <AcknowledgementView acknowledgement={acknowledgement} paid={paid} />;
  return (
    <Page heading={t('return.paidHeading')}>
      <p className="lead">{paid}</p>
      <p>{t('return.paidText')}</p>
      <StatusLink />
    </Page>
  );
};

const Expired = ({ amount }: { amount: number }) => {
  const { t } = useTranslation('payment');
  const proof = useMemo(readPaymentProof, []);
  const { busy, problem, pay } = usePay();
  return (
    <Page heading={t('return.expiredHeading')}>
      <p>{t('return.expiredText')}</p>
      <FeeDue
        amount={amount}
        submittedAt={proof?.submittedAt}
        busy={busy}
        problem={problem}
        onPay={proof && (() => void pay(proof))}
      />
    </Page>
  );
};

/** A heading and a text, with the way to /status; `live` announces the text as it changes. */
const Plain = ({ view, live }: { view: string; live?: boolean }) => {
  const { t } = useTranslation('payment');
  return (
    <Page heading={t(`return.${view}.heading`)}>
      {live ? (
        <p className="loading-line" role="status">
          <span className="spinner__wheel" aria-hidden="true" />
          {t(`return.${view}.text`)}
        </p>
      ) : (
        <p>{t(`return.${view}.text`)}</p>
      )}
      <StatusLink />
    </Page>
  );
};

export const PaymentReturnPage = () => {
  const [params] = useSearchParams();
  const paymentId = params.get('payment') ?? '';
  /** undefined while the first answer is awaited; null when the payment cannot be read. */
  const [result, setResult] = useState<PaymentResult | null>();
  const [asked, setAsked] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new try (`asked`) asks again.
  useEffect(() => {
    if (!paymentId) {
      setResult(null);
      return;
    }
    let current = true;
    void readPayment(paymentId).then((answer) => {
      // A failed read while confirming keeps saying "confirming" until the tries run out.
      if (current) setResult((before) => answer ?? (before?.status === 'open' ? before : null));
    });
    return () => {
      current = false;
    };
  }, [paymentId, asked]);

  const confirming = result?.status === 'open';
  useEffect(() => {
    if (!confirming || asked >= CONFIRM_TRIES) return;
    const timer = setTimeout(() => setAsked((n) => n + 1), CONFIRM_EVERY_MS);
    return () => clearTimeout(timer);
  }, [confirming, asked]);

  // Each view is its own page: its heading takes focus as it appears.
  if (result === undefined) return <Plain key="checking" view="checking" live />;
  if (result === null) return <Plain key="unknown" view="unknown" />;
  switch (result.status) {
    case 'paid':
      return <Paid key="paid" result={result} />;
    case 'open':
      return asked < CONFIRM_TRIES ? (
        <Plain key="confirming" view="confirming" live />
      ) : (
        <Plain key="slow" view="slow" />
      );
    case 'expired':
      return <Expired key="expired" amount={result.amount} />;
    case 'refunded':
      return <Plain key="refunded" view="refunded" />;
  }
};
