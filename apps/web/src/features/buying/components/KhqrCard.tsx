import { checkKhqrPayment } from '@shop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../shared/api/index.ts';
import { formatDateTime } from '../../../shared/i18n/dates.ts';
import { paymentSettled } from '../../../shared/payments/outcome.ts';
import { usePriceFormat } from '../../../shared/price/Price.tsx';
import { showToast } from '../../../shared/ui/feedback.ts';
import { useKhqrWatch } from '../api/buying.ts';

const KhqrImage = lazy(() => import('./KhqrImage.tsx'));

export type KhqrShown = {
  payload: string;
  paymentId: string;
  /** Until when it can be paid. */
  expiresAt: string | null;
  /** Outside production: the shop's Bakong stand-in, which "scans and pays" it. */
  simulatorUrl: string | null;
  /** A code in riel: the amount it carries and the rate it was locked at (issue 47). */
  riel?: { amountRiel: number; khrPerUsd: number } | null;
};

/**
 * The KHQR to scan. The shop asks Bakong whether it was paid by itself; this card watches the
 * payable and goes on to the paid result once it is. "I have paid" makes the shop ask Bakong at
 * once; it never pays by itself.
 */
export function KhqrCard({
  khqr,
  orderId,
  kind,
  paidPath,
  onExpired,
}: {
  khqr: KhqrShown;
  orderId: string;
  kind: string | undefined;
  paidPath: string;
  onExpired: () => void;
}) {
  const { t, i18n } = useTranslation('buying');
  const navigate = useNavigate();
  const client = useQueryClient();
  const card = useRef<HTMLDivElement>(null);
  const [asking, setAsking] = useState(false);
  const price = usePriceFormat();
  const watch = useKhqrWatch(orderId, kind, khqr.paymentId);
  // The code appears below the channels: bring it into sight to be scanned.
  useEffect(() => {
    card.current?.scrollIntoView({ block: 'center' });
  }, []);

  const paid = watch.data?.paid === true;
  const expired = watch.data?.lastPayment?.channel === 'khqr' && watch.data.lastPayment.status === 'EXPIRED';
  useEffect(() => {
    if (paid) {
      void paymentSettled(client);
      navigate(paidPath, { replace: true });
    }
  }, [paid, client, paidPath, navigate]);
  useEffect(() => {
    if (expired) {
      showToast(t('cashier.khqrExpired'));
      onExpired();
    }
  }, [expired, onExpired, t]);

  const iHavePaid = async () => {
    setAsking(true);
    try {
      const answer = await api.call(checkKhqrPayment, { paymentId: khqr.paymentId });
      if (answer.paid) {
        void paymentSettled(client);
        navigate(paidPath, { replace: true });
      } else if (answer.status === 'EXPIRED') {
        showToast(t('cashier.khqrExpired'));
        onExpired();
      } else {
        showToast(t(answer.answered ? 'cashier.khqrNotYet' : 'cashier.khqrNoAnswer'));
      }
    } finally {
      setAsking(false);
    }
  };

  return (
    <div className="card buy-lines" data-testid="khqr" ref={card}>
      <p>{t('cashier.scan')}</p>
      {khqr.riel && (
        <strong className="buy-center" data-testid="khqr-riel">
          {t('cashier.khqrRiel', { amount: price.riel(khqr.riel.amountRiel), rate: price.riel(khqr.riel.khrPerUsd) })}
        </strong>
      )}
      <Suspense fallback={<div className="buy-khqr-image" />}>
        <KhqrImage payload={khqr.payload} />
      </Suspense>
      {khqr.expiresAt && (
        <span className="buy-muted buy-center" data-testid="khqr-expires">
          {t('cashier.khqrValidUntil', { time: formatDateTime(khqr.expiresAt, i18n.language) })}
        </span>
      )}
      <span className="buy-muted buy-center" data-testid="khqr-waiting">
        {t('cashier.khqrWaiting')}
      </span>
      <code className="buy-khqr">{khqr.payload}</code>
      {khqr.simulatorUrl && (
        <a
          className="buy-center"
          href={khqr.simulatorUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="khqr-simulator"
        >
          {t('cashier.khqrSimulator')}
        </a>
      )}
      <Button block loading={asking} onClick={iHavePaid} data-testid="khqr-paid">
        {t('cashier.iPaid')}
      </Button>
    </div>
  );
}
