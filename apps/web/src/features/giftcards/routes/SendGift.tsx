import { GIFT_DESIGNS, type GiftDesign, isMobileNumber } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatCents } from '../../../shared/format.ts';
import { useSession } from '../../../shared/session/store.ts';
import { FormField, useFieldErrors } from '../../../shared/ui/FormField.tsx';
import { promptLogin } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useGiftSendPage, useSendGift } from '../api/giftcards.ts';
import { GiftDesignFace } from '../components/GiftDesignFace.tsx';
import '../giftcards.css';

/** Dollars as typed ("25", "25.5") → cents, or null. */
const centsOf = (typed: string) => {
  if (!/^\d{1,4}(\.\d{1,2})?$/.test(typed.trim())) return null;
  return Math.round(Number(typed) * 100);
};

/**
 * /giftCard/send (issue 46 point 5): an amount within the bounds staff set, a design, a message and
 * the recipient's phone; then the cashier (any method but the gift balance). The recipient is sent
 * a claim link; the buyer never sees the card's code.
 */
export function Component() {
  const { t } = useTranslation('giftcards');
  const navigate = useNavigate();
  const { token, thirdId } = useSession();
  const { data } = useGiftSendPage(Boolean(token));
  const send = useSendGift();
  const [amount, setAmount] = useState<number | null>(null);
  const [other, setOther] = useState('');
  const [design, setDesign] = useState<GiftDesign>('lotus');
  const [message, setMessage] = useState('');
  const [countryCode, setCountryCode] = useState('+855');
  const [phone, setPhone] = useState('');
  useEffect(() => {
    if (!token) void promptLogin(thirdId);
  }, [token, thirdId]);

  const fields = useFieldErrors<'amount' | 'message' | 'phone'>();
  const chosen = other ? centsOf(other) : amount;
  const submit = async () => {
    if (!token || !data) return void promptLogin(thirdId);
    const range = { min: formatCents(data.minCents), max: formatCents(data.maxCents) };
    const ok = fields.check({
      amount: (chosen === null || chosen < data.minCents || chosen > data.maxCents) && t('send.amountRange', range),
      message: [...message.trim()].length > data.messageMax && t('send.messageLong', { max: data.messageMax }),
      phone: !isMobileNumber(phone, countryCode) && t('send.phoneWrong'),
    });
    if (!ok) return;
    try {
      const made = await send.mutateAsync({ amountCents: chosen as number, design, message, phone, countryCode });
      navigate(`/cashier?orderId=${made.id}&kind=giftcard`);
    } catch (error) {
      fields.refuseFromServer(error, {
        GFT00100: 'amount',
        GFT00102: 'message',
        GFT00103: 'phone',
        GFT00106: 'phone',
        USR00010: 'phone',
      });
    }
  };

  return (
    <>
      <PageHeader
        title={t('send.title')}
        right={
          <button type="button" className="link-button" onClick={() => navigate('/giftCard/sent')}>
            {t('send.mySent')}
          </button>
        }
      />
      {!data && token && <Skeleton.Paragraph lineCount={8} animated />}
      {data && (
        <main className="giftcards">
          <GiftDesignFace design={design} amountCents={chosen} message={message.trim()} />
          <form
            className="giftcards__form card"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void submit().catch(() => {});
            }}
          >
            <FormField field={fields.field('amount')} label={t('send.amount')}>
              <input
                id={fields.field('amount').id}
                inputMode="decimal"
                autoComplete="off"
                placeholder={t('send.otherAmount', {
                  min: formatCents(data.minCents),
                  max: formatCents(data.maxCents),
                })}
                value={other}
                onChange={(e) => {
                  setOther(e.target.value.replace(/[^\d.]/g, '').slice(0, 7));
                  fields.clear('amount');
                }}
                data-testid="gift-amount-other"
              />
            </FormField>
            <fieldset className="giftcards__chips">
              <legend className="visually-hidden">{t('send.suggested')}</legend>
              {data.amountsCents.map((cents) => (
                <button
                  type="button"
                  key={cents}
                  className="giftcards__chip"
                  aria-pressed={!other && amount === cents}
                  onClick={() => {
                    setAmount(cents);
                    setOther('');
                    fields.clear('amount');
                  }}
                  data-testid={`gift-amount-${cents}`}
                >
                  {formatCents(cents)}
                </button>
              ))}
            </fieldset>
            <fieldset className="giftcards__designs">
              <legend>{t('send.design')}</legend>
              {GIFT_DESIGNS.filter((d) => data.designs.includes(d)).map((d) => (
                <label key={d} className={`giftcards__design giftcard-face--${d}`}>
                  <input
                    type="radio"
                    name="design"
                    value={d}
                    checked={design === d}
                    onChange={() => setDesign(d)}
                    data-testid={`gift-design-${d}`}
                  />
                  <span>{t(`design.${d}`)}</span>
                </label>
              ))}
            </fieldset>
            <FormField field={fields.field('message')} label={t('send.message')}>
              <textarea
                id={fields.field('message').id}
                rows={3}
                maxLength={data.messageMax + 20}
                placeholder={t('send.messagePlaceholder')}
                value={message}
                onChange={(e) => {
                  setMessage(e.target.value);
                  fields.clear('message');
                }}
                data-testid="gift-message"
              />
            </FormField>
            <p className="giftcards__note" aria-live="polite">
              {t('send.messageCount', { n: [...message.trim()].length, max: data.messageMax })}
            </p>
            <FormField field={fields.field('phone')} label={t('send.phone')}>
              <div className="giftcards__phone">
                <select
                  aria-label={t('send.countryCode')}
                  value={countryCode}
                  onChange={(e) => setCountryCode(e.target.value)}
                  data-testid="gift-country"
                >
                  <option value="+855">+855</option>
                  <option value="+86">+86</option>
                </select>
                <input
                  id={fields.field('phone').id}
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  placeholder={t('send.phonePlaceholder')}
                  value={phone}
                  onChange={(e) => {
                    setPhone(e.target.value);
                    fields.clear('phone');
                  }}
                  data-testid="gift-phone"
                />
              </div>
            </FormField>
            <p className="giftcards__note">{t('send.note')}</p>
            <Button color="primary" block size="large" type="submit" loading={send.isPending} data-testid="gift-send">
              {chosen ? t('send.payAmount', { amount: formatCents(chosen) }) : t('send.pay')}
            </Button>
          </form>
        </main>
      )}
    </>
  );
}
