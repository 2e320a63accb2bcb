import { bridgePayFail, bridgePaySuccess, type PayChannel, payOrder } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import Radio from 'antd-mobile/es/components/radio';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../shared/api/index.ts';
import { bridge } from '../../../shared/bridge/bridge.ts';
import { formatDateTime } from '../../../shared/i18n/dates.ts';
import { showToast } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useCashier } from '../api/buying.ts';
import { money, useParam } from '../components/ui.tsx';

const KhqrImage = lazy(() => import('../components/KhqrImage.tsx'));

type BridgeResult = {
  status_code: string | number;
  order_id: string;
  partner_ref_number: string;
  transaction_id?: string;
  sign: string;
};

/** /cashier: amount, deadline and the pay channels; wallet with the pay password, gateways, KHQR, the wallet app. */
export function Component() {
  const { t, i18n } = useTranslation('buying');
  const navigate = useNavigate();
  const orderId = useParam('orderId');
  const { data } = useCashier(orderId);
  const [channel, setChannel] = useState<PayChannel | null>(null);
  const [password, setPassword] = useState('');
  const [khqr, setKhqr] = useState<string | null>(null);
  const chosen = channel ?? data?.channels.find((c) => c.enabled)?.code ?? null;
  const khqrCard = useRef<HTMLDivElement>(null);
  // The code appears below the channels: bring it into sight to be scanned.
  useEffect(() => {
    if (khqr) khqrCard.current?.scrollIntoView({ block: 'center' });
  }, [khqr]);

  const pay = async () => {
    if (!chosen || !data) return;
    const result = await api.call(payOrder, {
      orderId,
      channel: chosen,
      ...(chosen === 'wallet' ? { payPassword: password } : {}),
    });
    if (result.status === 'SUCCEEDED') return navigate(`/outPayment?orderId=${orderId}`, { replace: true });
    if (result.form) {
      const form = document.createElement('form');
      form.method = 'post';
      form.action = result.form.action;
      for (const [name, value] of Object.entries(result.form.fields)) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = name;
        input.value = value;
        form.appendChild(input);
      }
      document.body.appendChild(form);
      return form.submit();
    }
    if (result.khqr) return setKhqr(result.khqr);
    if (result.bridge) {
      const host = bridge();
      if (!host.inHost()) return showToast(t('cashier.bridgeNotInstalled'));
      const answer = await host.request<BridgeResult>('wallet.pay', result.bridge, 120_000);
      const query = {
        statusCode: String(answer.status_code),
        orderId: answer.order_id,
        partnerRefNumber: answer.partner_ref_number,
        ...(answer.transaction_id ? { transactionId: answer.transaction_id } : {}),
        sign: answer.sign,
      };
      await api.call(String(answer.status_code) === '200' ? bridgePaySuccess : bridgePayFail, query);
      return navigate(`/outPayment?orderId=${orderId}`, { replace: true });
    }
    if (result.redirectUrl) window.location.assign(result.redirectUrl);
  };

  if (!data) return <PageHeader title={t('cashier.title')} />;
  return (
    <>
      <PageHeader title={t('cashier.title')} />
      <div className="card buy-amount">
        <div>{t('cashier.amount')}</div>
        <div className="buy-amount__value" data-testid="cashier-amount">
          {money(data.payableCents)}
        </div>
        {data.deadlineAt && (
          <div className="buy-muted">
            {t('cashier.deadline', { time: formatDateTime(data.deadlineAt, i18n.language) })}
          </div>
        )}
      </div>
      <List className="card">
        <Radio.Group value={chosen} onChange={(v) => setChannel(v as PayChannel)}>
          {data.channels.map((c) => (
            <List.Item
              key={c.code}
              description={
                c.code === 'wallet'
                  ? (c.reason ?? t('cashier.balance', { amount: money(data.walletBalanceCents ?? 0) }))
                  : c.reason
              }
            >
              <Radio value={c.code} disabled={!c.enabled} data-testid={`channel-${c.code}`}>
                {t(`cashier.channel.${c.code}`)}
              </Radio>
            </List.Item>
          ))}
        </Radio.Group>
      </List>
      {chosen === 'wallet' && (
        <div className="card buy-lines">
          <input
            className="buy-input"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            placeholder={t('cashier.payPassword')}
            value={password}
            onChange={(e) => setPassword(e.target.value.replace(/\D/g, ''))}
            data-testid="pay-password"
          />
        </div>
      )}
      {khqr && (
        <div className="card buy-lines" data-testid="khqr" ref={khqrCard}>
          <p>{t('cashier.scan')}</p>
          <Suspense fallback={<div className="buy-khqr-image" />}>
            <KhqrImage payload={khqr} />
          </Suspense>
          <code className="buy-khqr">{khqr}</code>
          <Button block onClick={() => navigate(`/outPayment?orderId=${orderId}`)}>
            {t('cashier.iPaid')}
          </Button>
        </div>
      )}
      <div className="buy-bar">
        <Button
          block
          color="primary"
          disabled={!chosen || (chosen === 'wallet' && password.length !== 6)}
          onClick={pay}
          data-testid="pay"
        >
          {t('cashier.pay', { amount: money(data.payableCents) })}
        </Button>
      </div>
    </>
  );
}
