import { isMobileNumber, type SentGift } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatCents, formatPhone } from '../../../shared/format.ts';
import { formatDate, formatDateTime } from '../../../shared/i18n/dates.ts';
import { useSession } from '../../../shared/session/store.ts';
import { FormField, useFieldErrors } from '../../../shared/ui/FormField.tsx';
import { confirmDialog, promptLogin, showToast } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useRefundGift, useResendGift, useSentGifts } from '../api/giftcards.ts';
import '../giftcards.css';

/**
 * /giftCard/sent: the cards the shopper bought and sent, each sent, claimed or unclaimed after 30
 * days (also: to pay, refunded, closed). A card not yet claimed can be sent again to the same or a
 * corrected number; an unclaimed one refunded the way it was paid. The cashier comes back here.
 */
export function Component() {
  const { t } = useTranslation('giftcards');
  const navigate = useNavigate();
  const { token, thirdId } = useSession();
  const { data, isPending } = useSentGifts(Boolean(token));
  useEffect(() => {
    if (!token) void promptLogin(thirdId);
  }, [token, thirdId]);

  return (
    <>
      <PageHeader title={t('sent.title')} />
      <main className="giftcards">
        <Button color="primary" block onClick={() => navigate('/giftCard/send')} data-testid="gift-send-another">
          {t('sent.sendOne')}
        </Button>
        {token && isPending && <Skeleton.Paragraph lineCount={6} animated />}
        {data && data.list.length === 0 && <ErrorBlock status="empty" title={t('sent.none')} description="" />}
        {data?.list.map((gift) => (
          <SentGiftCard key={gift.id} gift={gift} onPay={() => navigate(`/cashier?orderId=${gift.id}&kind=giftcard`)} />
        ))}
      </main>
    </>
  );
}

function SentGiftCard({ gift, onPay }: { gift: SentGift; onPay: () => void }) {
  const { t, i18n } = useTranslation('giftcards');
  const resend = useResendGift();
  const refund = useRefundGift();
  const [editing, setEditing] = useState(false);
  const [phone, setPhone] = useState('');
  const [countryCode, setCountryCode] = useState(gift.recipientPhone.startsWith('+86') ? '+86' : '+855');
  const fields = useFieldErrors<'phone'>();

  const sendAgain = async (corrected: boolean) => {
    if (corrected && !fields.check({ phone: !isMobileNumber(phone, countryCode) && t('send.phoneWrong') })) return;
    try {
      await resend.mutateAsync(corrected ? { id: gift.id, phone, countryCode } : { id: gift.id });
      setEditing(false);
      showToast(t('sent.resent'));
    } catch (error) {
      fields.refuseFromServer(error, { USR00010: 'phone', GFT00103: 'phone', GFT00106: 'phone' });
    }
  };
  const giveBack = async () => {
    const sure = await confirmDialog({
      title: t('sent.refundTitle'),
      content: t('sent.refundText', { amount: formatCents(gift.amountCents) }),
      confirmText: t('sent.refund'),
      cancelText: t('sent.keep'),
    });
    if (sure) await refund.mutateAsync(gift.id).catch(() => {});
  };

  return (
    <section className="giftcards__sent card" data-testid="gift-sent" data-state={gift.state}>
      <div className={`giftcards__sent-head giftcard-face--${gift.design}`}>
        <b>{formatCents(gift.amountCents)}</b>
        <span>{t(`design.${gift.design}`)}</span>
      </div>
      <div className="giftcards__fact">
        <span>{t('sent.to')}</span>
        <b>{formatPhone(gift.recipientPhone)}</b>
      </div>
      <div className="giftcards__fact">
        <span>{t('sent.state')}</span>
        <b className={`giftcards__state giftcards__state--${gift.state}`} data-testid="gift-sent-state">
          {t(`state.${gift.state}`)}
        </b>
      </div>
      <p className="giftcards__fact-note">
        {gift.state === 'claimed' && t('sent.claimedOn', { date: formatDateTime(gift.claimedAt, i18n.language) })}
        {gift.state === 'sent' &&
          t('sent.sentOn', {
            date: formatDateTime(gift.sentAt, i18n.language),
            until: formatDate(gift.unclaimedAt, i18n.language),
          })}
        {gift.state === 'unclaimed' && t('sent.unclaimedNote')}
        {gift.state === 'refunded' && t('sent.refundedOn', { date: formatDateTime(gift.refundedAt, i18n.language) })}
        {gift.state === 'to_pay' && t('sent.toPayNote')}
        {gift.message ? ` “${gift.message}”` : ''}
      </p>
      {editing && (
        <FormField field={fields.field('phone')} label={t('sent.newNumber')}>
          <div className="giftcards__phone">
            <select
              aria-label={t('send.countryCode')}
              value={countryCode}
              onChange={(e) => setCountryCode(e.target.value)}
            >
              <option value="+855">+855</option>
              <option value="+86">+86</option>
            </select>
            <input
              id={fields.field('phone').id}
              type="tel"
              inputMode="tel"
              value={phone}
              placeholder={t('send.phonePlaceholder')}
              onChange={(e) => {
                setPhone(e.target.value);
                fields.clear('phone');
              }}
              data-testid="gift-resend-phone"
            />
          </div>
        </FormField>
      )}
      <div className="giftcards__sent-actions">
        {gift.state === 'to_pay' && (
          <Button size="small" color="primary" onClick={onPay}>
            {t('sent.pay')}
          </Button>
        )}
        {gift.canResend && !editing && (
          <>
            <Button
              size="small"
              loading={resend.isPending}
              onClick={() => void sendAgain(false)}
              data-testid="gift-resend"
            >
              {t('sent.resend')}
            </Button>
            <Button size="small" onClick={() => setEditing(true)} data-testid="gift-correct">
              {t('sent.correct')}
            </Button>
          </>
        )}
        {editing && (
          <>
            <Button size="small" color="primary" loading={resend.isPending} onClick={() => void sendAgain(true)}>
              {t('sent.sendToNew')}
            </Button>
            <Button size="small" onClick={() => setEditing(false)}>
              {t('sent.keep')}
            </Button>
          </>
        )}
        {gift.canRefund && (
          <Button size="small" color="danger" fill="outline" loading={refund.isPending} onClick={() => void giveBack()}>
            {t('sent.refund')}
          </Button>
        )}
      </div>
    </section>
  );
}
