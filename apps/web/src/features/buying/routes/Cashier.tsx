import { type PayChannel, payOrder } from '@shop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, api } from '../../../shared/api/index.ts';
import { bridge } from '../../../shared/bridge/bridge.ts';
import { formatDateTime } from '../../../shared/i18n/dates.ts';
import { paymentSettled } from '../../../shared/payments/outcome.ts';
import { BottomBar } from '../../../shared/ui/BottomBar.tsx';
import { showToast } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { isOrderId, payableKindOf, useCashier } from '../api/buying.ts';
import { KhqrCard, type KhqrShown } from '../components/KhqrCard.tsx';
import { PayMethods } from '../components/PayMethods.tsx';
import { followPayAnswer } from '../components/payAnswer.ts';
import { Row, useParam } from '../components/ui.tsx';
import '../cashier.css';
import '../buying.css';
import { RielRoundingRule, usePriceFormat } from '../../../shared/price/Price.tsx';

/** No order to pay here (no id, not an order's id, not the shopper's): what is wrong, and the ways on. */
function NoOrder({ reason }: { reason: string }) {
  const { t } = useTranslation('buying');
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t('cashier.title')} />
      <div className="card buy-empty" data-testid="cashier-no-order">
        <ErrorBlock status="empty" title={t('cashier.noOrder')} description={reason} />
      </div>
      <div className="buy-actions">
        <Button block color="primary" onClick={() => navigate('/orderList?tab=waitpay')} data-testid="to-orders">
          {t('cashier.toOrders')}
        </Button>
        <Button block onClick={() => navigate('/')} data-testid="to-home">
          {t('cashier.toHome')}
        </Button>
      </div>
    </>
  );
}

/** /cashier: amount, deadline and the pay channels; wallet with the pay password, gateways, KHQR, the wallet app. */
export function Component() {
  const { t, i18n } = useTranslation('buying');
  const price = usePriceFormat();
  const navigate = useNavigate();
  const client = useQueryClient();
  const orderId = useParam('orderId');
  const [params] = useSearchParams();
  // Another product line's payable (a top-up): its kind travels with the id.
  const kind = payableKindOf(params.get('kind'));
  const { data, error } = useCashier(orderId, kind);
  const [channel, setChannel] = useState<PayChannel | null>((params.get('channel') as PayChannel | null) ?? null);
  const [password, setPassword] = useState('');
  const [khqr, setKhqr] = useState<KhqrShown | null>(null);
  // KHQR in riel (issue 47): the code carries the riel amount, locked when it is made.
  const [inRiel, setInRiel] = useState(false);

  if (!isOrderId(orderId)) return <NoOrder reason={t(orderId ? 'cashier.badOrderId' : 'cashier.noOrderId')} />;
  if (error) return <NoOrder reason={error instanceof ApiError ? error.message : t('cashier.noOrderId')} />;
  if (!data) return <PageHeader title={t('cashier.title')} />;

  // The wallet app's channel exists only inside the wallet app's web view (the bridge has a host).
  const channels = data.channels.filter((c) => c.code !== 'bridge' || bridge().inHost());
  const usable = channels.filter((c) => c.enabled);
  const chosen = channel && usable.some((c) => c.code === channel) ? channel : (usable[0]?.code ?? null);
  const wallet = chosen === 'wallet' ? data.wallet : null;
  // The wallet and the loan's credit wallet both pay with the 6-digit pay password.
  const withPassword = chosen === 'wallet' || chosen === 'loan_credit';
  const needsPayPassword = withPassword && data.hasPayPassword === false;
  const here = `/cashier?orderId=${orderId}${kind ? `&kind=${kind}` : ''}&channel=wallet`;
  // Where the payable is shown once paid: an order's payment result, or the kind's own page.
  const paidPath = data.resultPath ?? `/outPayment?orderId=${orderId}`;
  const riel = chosen === 'khqr' ? (data.riel ?? null) : null;
  const payInRiel = inRiel && riel !== null;

  const pay = async () => {
    if (!chosen) return;
    const result = await api.call(payOrder, {
      orderId,
      channel: chosen,
      ...(kind ? { kind } : {}),
      ...(withPassword ? { payPassword: password } : {}),
      ...(payInRiel ? { currency: 'KHR' as const } : {}),
    });
    if (result.status === 'SUCCEEDED') await paymentSettled(client);
    await followPayAnswer(
      result,
      paidPath,
      (to) => navigate(to, { replace: true }),
      (payload, answer) =>
        setKhqr({
          payload,
          paymentId: answer.paymentId,
          expiresAt: answer.khqrExpiresAt ?? null,
          simulatorUrl: answer.redirectUrl,
          riel: answer.riel ?? null,
        }),
      () => showToast(t('cashier.bridgeNotInstalled')),
    );
  };

  if (data.state !== 'WP') {
    return (
      <>
        <PageHeader title={t('cashier.title')} />
        <div className="card buy-empty" data-testid="cashier-closed">
          <ErrorBlock status="default" title={t(`state.${data.state}`)} description={t('cashier.notToPay')} />
        </div>
        <div className="buy-actions">
          <Button
            block
            color="primary"
            onClick={() => navigate(data.resultPath ?? `/orderDetail?orderId=${orderId}`, { replace: true })}
          >
            {t('result.viewOrder')}
          </Button>
        </div>
      </>
    );
  }

  const describe = (code: PayChannel, reason: string | null) => {
    if (reason) return reason;
    if (code !== 'wallet') return null;
    return t('cashier.balance', { amount: price(data.walletBalanceCents ?? 0) });
  };

  return (
    <main className="buy-main">
      <PageHeader title={t('cashier.title')} />
      <div className="card buy-amount">
        <div>{t('cashier.amount')}</div>
        <div className="buy-amount__value" data-testid="cashier-amount">
          {price(data.payableCents)}
        </div>
        <RielRoundingRule />
        {data.deadlineAt && (
          <div className="buy-muted">
            {t('cashier.deadline', { time: formatDateTime(data.deadlineAt, i18n.language) })}
          </div>
        )}
      </div>
      {data.pending && (
        <div className="card buy-lines buy-notice" data-testid="cashier-pending">
          <strong>
            {t('cashier.pending', {
              channel: t(`cashier.channel.${data.pending.channel}`),
              time: formatDateTime(data.pending.createdAt, i18n.language),
            })}
          </strong>
          <span className="buy-muted">{t('cashier.pendingText')}</span>
        </div>
      )}
      <PayMethods
        label={t('cashier.methods')}
        methods={channels.map((c) => ({
          code: c.code,
          enabled: c.enabled,
          name: t(`cashier.channel.${c.code}`),
          note: describe(c.code, c.reason),
        }))}
        chosen={chosen}
        onChoose={setChannel}
      />
      {riel && (
        <fieldset className="card buy-lines cashier-currency" data-testid="khqr-currency">
          <legend>{t('cashier.khqrCurrency')}</legend>
          <label>
            <input type="radio" name="khqr-currency" checked={!inRiel} onChange={() => setInRiel(false)} />{' '}
            {t('cashier.inDollars', { amount: price.dollars(data.payableCents) })}
          </label>
          <label>
            <input
              type="radio"
              name="khqr-currency"
              checked={inRiel}
              onChange={() => setInRiel(true)}
              data-testid="khqr-in-riel"
            />{' '}
            {t('cashier.inRiel', { amount: price.riel(riel.amountRiel) })}
          </label>
          <span className="buy-muted" data-testid="khqr-riel-rule">
            {t('cashier.rielRule', { rate: price.riel(riel.khrPerUsd) })}
          </span>
        </fieldset>
      )}
      {wallet && (
        <div className="card buy-lines" data-testid="wallet-split">
          <div className="buy-muted">{t('cashier.splitTitle')}</div>
          {wallet.split.giftCents > 0 && (
            <Row label={t('cashier.splitGift')} value={price(wallet.split.giftCents)} testId="split-gift" />
          )}
          <Row label={t('cashier.splitCash')} value={price(wallet.split.cashCents)} testId="split-cash" />
        </div>
      )}
      {needsPayPassword && (
        <div className="card buy-lines" data-testid="pay-password-missing">
          <span>{t('cashier.setPayPasswordFirst')}</span>
          <Button
            block
            color="primary"
            fill="outline"
            onClick={() => navigate(`/settingsPayPassword?back=${encodeURIComponent(here)}`)}
            data-testid="set-pay-password"
          >
            {t('cashier.setPayPassword')}
          </Button>
        </div>
      )}
      {withPassword && !needsPayPassword && (
        <div className="card buy-lines">
          <input
            className="buy-input cashier-pin"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            placeholder={t('cashier.payPassword')}
            aria-label={t('cashier.payPassword')}
            value={password}
            onChange={(e) => setPassword(e.target.value.replace(/\D/g, ''))}
            data-testid="pay-password"
          />
        </div>
      )}
      {khqr && (
        <KhqrCard
          key={khqr.paymentId}
          khqr={khqr}
          orderId={orderId}
          kind={kind}
          paidPath={paidPath}
          onExpired={() => setKhqr(null)}
        />
      )}
      {!chosen && (
        <p className="buy-muted buy-center" data-testid="cashier-none">
          {t('cashier.noChannel')}
        </p>
      )}
      <BottomBar className="buy-bar">
        <Button
          block
          color="primary"
          disabled={!chosen || needsPayPassword || (chosen === 'wallet' && password.length !== 6)}
          onClick={pay}
          data-testid="pay"
        >
          {t('cashier.pay', { amount: payInRiel && riel ? price.riel(riel.amountRiel) : price(data.payableCents) })}
        </Button>
      </BottomBar>
    </main>
  );
}
