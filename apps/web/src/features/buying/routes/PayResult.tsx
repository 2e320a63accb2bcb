import { type PayChannel, payOrder } from '@shop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Result from 'antd-mobile/es/components/result';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../shared/api/index.ts';
import { paymentSettled } from '../../../shared/payments/outcome.ts';
import { usePriceFormat } from '../../../shared/price/Price.tsx';
import { showToast } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { usePayStatus } from '../api/buying.ts';
import { followPayAnswer } from '../components/payAnswer.ts';
import { useParam } from '../components/ui.tsx';
import '../buying.css';

/** A payment still waiting after this long has, for the shopper, no answer yet. */
const NO_ANSWER_AFTER_MS = 20_000;
/** Channels whose "pay again" starts a new payment right here; the others go back to the cashier. */
const AGAIN_HERE: string[] = ['sandbox', 'payway', 'mpgs'];

/**
 * /outPayment, /mpgsSuccess, /abaPayExp: back from a gateway, waits for the confirmed outcome. A
 * payment with no answer yet (the shopper left the bank's page, or it is slow) says so and offers
 * to pay again or another way; the page keeps asking, so a late answer still settles it here. If
 * two payments go through, the cashier gives the later one back (payments: a late answer).
 */
export function Component() {
  const { t } = useTranslation('buying');
  const navigate = useNavigate();
  const client = useQueryClient();
  const orderId = useParam('orderId');
  const mark = useParam('result');
  const leftWithoutAnswer = mark === 'timeout';
  const { data } = usePayStatus(orderId);
  const price = usePriceFormat();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 5_000);
    return () => clearInterval(timer);
  }, []);
  const paid = Boolean(data?.paid);
  useEffect(() => {
    if (paid) void paymentSettled(client);
  }, [paid, client]);

  const last = data?.lastPayment;
  const waitedLong =
    last?.status === 'PENDING' && last.createdAt && now - new Date(last.createdAt).getTime() > NO_ANSWER_AFTER_MS;
  const status = paid
    ? 'paid'
    : last?.status === 'FAILED'
      ? 'failed'
      : last?.status === 'TIMEOUT' || last?.status === 'EXPIRED'
        ? 'timeout'
        : last?.status === 'PENDING' && (leftWithoutAnswer || waitedLong)
          ? 'noAnswer'
          : 'waiting';

  const payAgain = async () => {
    const channel = last?.channel ?? '';
    if (!AGAIN_HERE.includes(channel)) return navigate(`/cashier?orderId=${orderId}&channel=${channel}`);
    const result = await api.call(payOrder, { orderId, channel: channel as PayChannel });
    await followPayAnswer(
      result,
      `/outPayment?orderId=${orderId}`,
      (to) => navigate(to, { replace: true }),
      () => navigate(`/cashier?orderId=${orderId}&channel=${channel}`),
      () => showToast(t('cashier.bridgeNotInstalled')),
    );
  };

  return (
    <main className="buy-main">
      <PageHeader title={t('result.title')} />
      <div className="card" data-testid={`pay-result-${status}`}>
        <Result
          status={status === 'paid' ? 'success' : status === 'waiting' || status === 'noAnswer' ? 'waiting' : 'error'}
          title={t(`result.${status}`)}
          description={status === 'noAnswer' || status === 'timeout' ? t('result.noAnswerText') : undefined}
        />
        {status === 'paid' && last?.riel && (
          // A KHQR paid in riel: the riel its code carried, locked with the payment (issue 47).
          <p className="buy-center" data-testid="pay-result-riel">
            {t('result.paidRiel', {
              amount: price.riel(last.riel.amountRiel),
              rate: price.riel(last.riel.khrPerUsd),
            })}
          </p>
        )}
      </div>
      <div className="buy-actions">
        {(status === 'noAnswer' || status === 'timeout' || status === 'failed') && (
          <>
            <Button block color="primary" onClick={payAgain} data-testid="pay-again">
              {t('result.retry')}
            </Button>
            <Button
              block
              onClick={() => navigate(`/cashier?orderId=${orderId}`, { replace: true })}
              data-testid="pay-other"
            >
              {t('result.otherMethod')}
            </Button>
          </>
        )}
        <Button
          block
          color={status === 'paid' || status === 'waiting' ? 'primary' : 'default'}
          // The bank's "success" goes with the shopper: the order's page says the payment is being
          // confirmed (and offers neither to pay nor to cancel) until the bank's answer comes.
          onClick={() =>
            navigate(`/orderDetail?orderId=${orderId}${!paid && mark === 'success' ? '&result=success' : ''}`, {
              replace: true,
            })
          }
          data-testid="view-order"
        >
          {t('result.viewOrder')}
        </Button>
      </div>
    </main>
  );
}
