import type { GiftDesign } from '@shop/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../shared/format.ts';

/** A sent card's face in its design (theme-token gradients), with its amount and message. */
export function GiftDesignFace({
  design,
  amountCents,
  message,
  children,
}: {
  design: GiftDesign;
  amountCents: number | null;
  message?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('giftcards');
  return (
    <div className={`giftcard-face giftcard-face--${design}`} data-testid="gift-face">
      <span className="giftcard-face__brand">{t('brand')}</span>
      <span className="giftcard-face__value">{amountCents === null ? '—' : formatCents(amountCents)}</span>
      {message ? <span className="giftcard-face__name">“{message}”</span> : null}
      <span className="giftcard-face__number">{t(`design.${design}`)}</span>
      {children}
    </div>
  );
}
