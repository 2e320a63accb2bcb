import { GIFT_CARD_CODE_DIGITS, GIFT_CARD_NUMBER_DIGITS } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../shared/session/store.ts';
import { FormField, useFieldErrors } from '../../../shared/ui/FormField.tsx';
import { promptLogin } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useActivateGiftCard } from '../api/giftcards.ts';
import '../giftcards.css';

const digitsOf = (typed: string, max: number) => typed.replace(/\D/g, '').slice(0, max);
/** 8855123412341234 → 8855 1234 1234 1234, as printed on the card. */
const grouped = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** /giftCard/activateCard: the card's number and code; its value goes to the gift balance once. */
export function Component() {
  const { t } = useTranslation('giftcards');
  const navigate = useNavigate();
  const { token, thirdId } = useSession();
  const activate = useActivateGiftCard();
  const [cardNo, setCardNo] = useState('');
  const [code, setCode] = useState('');
  useEffect(() => {
    if (!token) void promptLogin(thirdId);
  }, [token, thirdId]);

  const fields = useFieldErrors<'cardNo' | 'code'>();
  const submit = async () => {
    if (!token) return void promptLogin(thirdId);
    const ok = fields.check({
      cardNo: cardNo.length !== GIFT_CARD_NUMBER_DIGITS && t('enterCardNo'),
      code: code.length !== GIFT_CARD_CODE_DIGITS && t('enterCode'),
    });
    if (!ok) return;
    let done: Awaited<ReturnType<typeof activate.mutateAsync>>;
    try {
      done = await activate.mutateAsync({ cardNo, code });
    } catch (error) {
      // The code wrong, the card unknown, spent or someone else's: said on its field.
      fields.refuseFromServer(error, {
        GFT00001: 'code',
        GFT00003: 'cardNo',
        GFT00004: 'cardNo',
        GFT00006: 'cardNo',
        GFT00011: 'cardNo',
        GFT00012: 'cardNo',
      });
      return;
    }
    navigate(`/giftCard/successCard?id=${encodeURIComponent(done.card.id)}`, { replace: true });
  };

  return (
    <>
      <PageHeader title={t('activateTitle')} />
      <div className="giftcards">
        <form
          className="giftcards__form card"
          onSubmit={(e) => {
            e.preventDefault();
            void submit().catch(() => {});
          }}
        >
          <FormField field={fields.field('cardNo')} label={t('cardNo')}>
            <input
              id={fields.field('cardNo').id}
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('cardNoPlaceholder')}
              value={grouped(cardNo)}
              onChange={(e) => setCardNo(digitsOf(e.target.value, GIFT_CARD_NUMBER_DIGITS))}
              data-testid="giftcard-number"
            />
          </FormField>
          <FormField field={fields.field('code')} label={t('code')}>
            <input
              id={fields.field('code').id}
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('codePlaceholder')}
              value={code}
              onChange={(e) => setCode(digitsOf(e.target.value, GIFT_CARD_CODE_DIGITS))}
              data-testid="giftcard-code"
            />
          </FormField>
          <Button
            color="primary"
            block
            size="large"
            type="submit"
            loading={activate.isPending}
            data-testid="giftcard-submit"
          >
            {t('activateNow')}
          </Button>
          <p className="giftcards__note">{t('activateNote')}</p>
        </form>
      </div>
    </>
  );
}
