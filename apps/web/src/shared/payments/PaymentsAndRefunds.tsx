import { myRefunds, type PayableMoney, payableRefunds, type RefundLine, refundToBank } from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../api/index.ts';
import { formatCents } from '../format.ts';
import { formatDate, formatDateTime } from '../i18n/dates.ts';
import { usePriceFormat } from '../price/Price.tsx';
import { confirmDialog } from '../ui/feedback.ts';
import './refunds.css';

/** While a refund is on its way, the list asks again now and then: the shopper sees it arrive without reloading. */
const MOVING = new Set(['REQUESTED', 'SENT', 'AWAITING_TRANSFER']);
const every = (refunds: RefundLine[] | undefined) => (refunds?.some((r) => MOVING.has(r.state)) ? 5_000 : false);

/** Where a refund goes, in the shopper's words: "Refund to your ABA card", "Refund to your bank account". */
function useRefundText() {
  const { t, i18n } = useTranslation();
  const where = (r: RefundLine) =>
    r.destination === 'wallet'
      ? t('refunds.to.wallet')
      : r.destination === 'bank'
        ? t('refunds.to.bank')
        : r.channel === 'payway'
          ? t('refunds.to.payway')
          : t('refunds.to.card');
  const state = (r: RefundLine) =>
    r.state === 'REFUNDED'
      ? r.destination === 'wallet'
        ? t('refunds.state.inWallet', { date: formatDate(r.doneAt, i18n.language) })
        : t('refunds.state.sent', { date: formatDate(r.doneAt, i18n.language) })
      : r.state === 'AWAITING_TRANSFER'
        ? t('refunds.state.transfer')
        : t('refunds.state.progress');
  return { where, state, t };
}

function RefundRow({ refund }: { refund: RefundLine }) {
  const { where, state, t } = useRefundText();
  const client = useQueryClient();
  const toBank = useMutation({
    mutationFn: () => api.call(refundToBank, { refundId: refund.id }),
    onSettled: () => client.invalidateQueries({ queryKey: ['refunds'] }),
  });
  const choose = async () => {
    const ok = await confirmDialog({
      title: t('refunds.toBank.title'),
      content: t('refunds.toBank.content', {
        amount: formatCents(refund.amountCents),
        account: refund.bankAccount ?? t('refunds.toBank.payingAccount'),
      }),
      confirmText: t('refunds.toBank.confirm'),
      cancelText: t('refunds.toBank.cancel'),
    });
    if (ok) toBank.mutate();
  };
  return (
    <li className="refunds__line" data-testid="refund-line" data-state={refund.state}>
      <div className="refunds__row">
        <span>{t('refunds.line', { where: where(refund) })}</span>
        <strong>{formatCents(refund.amountCents)}</strong>
      </div>
      <p className="refunds__state">
        {state(refund)}
        {refund.bankAccount && refund.destination === 'bank' ? ` · ${refund.bankAccount}` : ''}
        {refund.transferReference ? ` · ${t('refunds.reference', { reference: refund.transferReference })}` : ''}
      </p>
      {refund.canSendToBank && (
        <button type="button" className="refunds__action" onClick={choose} disabled={toBank.isPending}>
          {t('refunds.toBank.button')}
        </button>
      )}
    </li>
  );
}

/**
 * Every payment that took money for one payable (an order…) and every refund of it, with amount,
 * where it goes and its state, in the shopper's language. Mounted in an order's detail; shows
 * nothing while only one payment paid it and nothing went back.
 */
export function PaymentsAndRefunds({ orderId, kind = 'order' }: { orderId: string; kind?: string }) {
  const { t, i18n } = useTranslation();
  const price = usePriceFormat();
  const query = useQuery({
    queryKey: ['refunds', kind, orderId],
    queryFn: () => api.call(payableRefunds, { orderId, kind }),
    refetchInterval: (q) => every((q.state.data as PayableMoney | undefined)?.refunds),
  });
  const money = query.data;
  if (!money || (money.payments.length < 2 && money.refunds.length === 0)) return null;
  return (
    <section className="card refunds" aria-labelledby={`refunds-${orderId}`} data-testid="payments-and-refunds">
      <h2 id={`refunds-${orderId}`} className="refunds__title">
        {t('refunds.title')}
      </h2>
      <ul className="refunds__list">
        {money.payments.map((p) => (
          <li key={p.id} className="refunds__line" data-testid="payment-line" data-role={p.role}>
            <div className="refunds__row">
              <span>{t(`refunds.payment.${p.role}`, { channel: t(`refunds.channel.${p.channel}`) })}</span>
              <strong>
                {p.currency === 'KHR' && p.amountRiel
                  ? price.paid(p.amountCents, { amountRiel: p.amountRiel })
                  : formatCents(p.amountCents)}
              </strong>
            </div>
            <p className="refunds__state" data-testid="payment-time">
              {formatDateTime(p.paidAt ?? p.createdAt, i18n.language)}
            </p>
          </li>
        ))}
        {money.refunds.map((r) => (
          <RefundRow key={r.id} refund={r} />
        ))}
      </ul>
    </section>
  );
}

/** The shopper's refunds (the wallet's bills): where each goes and its state. */
export function MyRefunds() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['refunds', 'mine'],
    queryFn: () => api.call(myRefunds),
    refetchInterval: (q) => every(q.state.data?.refunds),
  });
  const refunds = query.data?.refunds ?? [];
  if (refunds.length === 0) return null;
  return (
    <section className="card refunds" aria-labelledby="my-refunds" data-testid="my-refunds">
      <h2 id="my-refunds" className="refunds__title">
        {t('refunds.mine')}
      </h2>
      <ul className="refunds__list">
        {refunds.map((r) => (
          <RefundRow key={r.id} refund={r} />
        ))}
      </ul>
    </section>
  );
}
