import { finishPreorder, modifyPreorder, type Preorder, queryPreorder } from '@shop/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import Radio from 'antd-mobile/es/components/radio';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, api, firstAnswerData } from '../../../shared/api/index.ts';
import { refreshCart } from '../../../shared/cart/cart.ts';
import { formatPhone } from '../../../shared/format.ts';
import { useSession } from '../../../shared/session/store.ts';
import { BottomBar } from '../../../shared/ui/BottomBar.tsx';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { isOrderId } from '../api/buying.ts';
import { CouponPicker } from '../components/CouponPicker.tsx';
import { NoSubject } from '../components/NoSubject.tsx';
import { Row, useParam } from '../components/ui.tsx';
import '../buying.css';
import { RielRoundingRule, usePriceFormat } from '../../../shared/price/Price.tsx';
import { ActionItem } from '../../../shared/ui/ActionItem.tsx';

/** /orderConfirm: delivery (home or store), pay type, address, comment and the totals; places the order. */
export function Component() {
  const { t } = useTranslation('buying');
  const price = usePriceFormat();
  const navigate = useNavigate();
  const client = useQueryClient();
  const preorderId = useParam('preorderId');
  const addressId = useParam('addressId');
  const [comment, setComment] = useState('');
  const { token } = useSession();
  // An order form's id is a UUID like an order's; the screen says itself what is missing.
  const wellFormed = isOrderId(preorderId);
  const { data: pre, error } = useQuery({
    queryKey: ['preorder', preorderId, addressId],
    // Back from choosing an address, the choice is applied; else the form is read as it is (the
    // page may have come with it: the server drew the screen from it).
    queryFn: () =>
      addressId
        ? api.call(modifyPreorder, { preorderId, addressId }, { quiet: true })
        : api.call(queryPreorder, { preorderId }, { quiet: true }),
    initialData: () => (addressId ? undefined : firstAnswerData(queryPreorder, { preorderId })),
    enabled: wellFormed && !!token,
    retry: false,
  });
  const change = async (patch: Partial<Pick<Preorder, 'shipType' | 'payType'>> & { couponId?: string }) => {
    const next = await api.call(modifyPreorder, { preorderId, ...patch });
    client.setQueryData(['preorder', preorderId, addressId], next);
  };
  const submit = async () => {
    if (comment) await api.call(modifyPreorder, { preorderId, buyerComment: comment });
    try {
      const order = await api.call(finishPreorder, { preorderId });
      // The ordered lines left the cart: the cart (and its badge) is read again.
      void refreshCart();
      navigate(order.needsPayment ? `/cashier?orderId=${order.orderId}` : `/eOrderFinish?orderId=${order.orderId}`, {
        replace: true,
      });
    } catch (error) {
      if ((error as { code?: string }).code === 'ORD0007') navigate('/orderFail', { replace: true });
    }
  };
  if (!token)
    return (
      <NoSubject
        title={t('confirm.title')}
        heading={t('gate.loginTitle')}
        reason={t('gate.loginText')}
        ways={[{ to: '/login', label: t('gate.login'), testId: 'to-login' }]}
        testId="confirm-login"
      />
    );
  if (!wellFormed || error)
    return (
      <NoSubject
        title={t('confirm.title')}
        heading={t('gate.nothing')}
        reason={error instanceof ApiError && error.code !== 'SYS00001' ? error.message : t('gate.nothingText')}
        ways={[
          { to: '/cart', label: t('gate.toCart'), testId: 'to-cart' },
          { to: '/orderList', label: t('gate.toOrders'), testId: 'to-orders' },
        ]}
        testId="confirm-nothing"
      />
    );
  if (!pre) return <PageHeader title={t('confirm.title')} />;
  return (
    <main className="buy-main">
      <PageHeader title={t('confirm.title')} />
      <List header={t('confirm.ship')} className="card">
        <Radio.Group value={pre.shipType} onChange={(v) => change({ shipType: v as Preorder['shipType'] })}>
          {(['LOGISTICS', 'STORE'] as const).map((s) => (
            <List.Item key={s}>
              <Radio value={s} data-testid={`ship-${s}`}>
                {t(`confirm.${s}`)}
              </Radio>
            </List.Item>
          ))}
        </Radio.Group>
      </List>
      {pre.shipType === 'LOGISTICS' ? (
        <List header={t('confirm.address')} className="card">
          <ActionItem
            arrowIcon
            onClick={() => navigate(`/address?choose=${preorderId}`)}
            description={pre.address ? pre.address.fullText : pre.addressProblem ? t('address.unreachable') : ''}
            data-testid="confirm-address"
          >
            {pre.address ? `${pre.address.receiver} ${formatPhone(pre.address.mobile)}` : t('confirm.chooseAddress')}
          </ActionItem>
          <List.Item>{t('confirm.deliveryDays')}</List.Item>
        </List>
      ) : (
        <List header={t('confirm.store')} className="card">
          {pre.store && (
            <List.Item
              description={`${pre.store.address} · ${t('confirm.storeHours', { open: pre.store.open, close: pre.store.close, days: pre.store.holdDays })}`}
            >
              {pre.store.name}
            </List.Item>
          )}
        </List>
      )}
      <List header={t('confirm.pay')} className="card">
        <Radio.Group value={pre.payType} onChange={(v) => change({ payType: v as Preorder['payType'] })}>
          {pre.payTypes.map((p) => (
            <List.Item key={p}>
              <Radio value={p} data-testid={`pay-${p}`}>
                {t(`confirm.${p}`)}
              </Radio>
            </List.Item>
          ))}
        </Radio.Group>
      </List>
      <div className="card buy-lines">
        {pre.lines.map((l) => (
          <Row key={l.skuId} label={`${l.name} ×${l.quantity}`} value={price(l.priceCents * l.quantity)} />
        ))}
        <textarea
          className="buy-comment"
          maxLength={200}
          placeholder={t('confirm.comment')}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </div>
      <CouponPicker pre={pre} onChoose={(couponId) => change({ couponId })} />
      <div className="card buy-lines">
        <Row label={t('confirm.itemTotal')} value={price(pre.itemTotalCents)} />
        <Row label={t('confirm.shipping')} value={price(pre.shippingFeeCents)} testId="shipping" />
        <Row label={t('confirm.service')} value={price(pre.serviceFeeCents)} />
        <Row
          label={t('confirm.discount')}
          value={pre.discountCents > 0 ? price(-pre.discountCents) : price(0)}
          testId="discount"
        />
        <Row label={t('confirm.payable')} value={price(pre.payableCents)} strong testId="payable" />
        <RielRoundingRule />
      </div>
      <BottomBar className="buy-bar">
        <span className="buy-bar__total">{price(pre.payableCents)}</span>
        <Button color="primary" onClick={submit} data-testid="submit-order">
          {t('confirm.submit')}
        </Button>
      </BottomBar>
    </main>
  );
}
