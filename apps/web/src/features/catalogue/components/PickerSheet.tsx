import type { ProductDetail } from '@shop/contracts';
import Popup from 'antd-mobile/es/components/popup';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeldFocus } from '../../../shared/ui/HeldFocus.tsx';
import { SpecPicker } from './SpecPicker.tsx';

/**
 * The product page's sheet: the specification picker with add to cart and buy now. Its own chunk
 * (with the sheet's animation and gesture code), loaded once the product is on screen, so the
 * page's first render and its take-over of the server's paint do not pay for it (issue 24).
 */
export default function PickerSheet({
  open,
  onClose,
  product,
  itemId,
  quantity,
  onItem,
  onQuantity,
  onBuy,
}: {
  open: boolean;
  onClose: () => void;
  product: ProductDetail;
  itemId: number;
  quantity: number;
  onItem: (id: number) => void;
  onQuantity: (quantity: number) => void;
  onBuy: (to: 'cart' | 'buy') => void;
}) {
  const { t } = useTranslation('catalogue');
  // Mounted closed, then opened: the sheet slides up the first time too.
  const [visible, setVisible] = useState(false);
  useEffect(() => setVisible(open), [open]);
  const item = product.items.find((i) => i.productItemId === itemId) ?? product.items[0];
  return (
    <Popup visible={visible} onMaskClick={onClose} bodyClassName="picker-sheet" destroyOnClose>
      {/* A modal dialog for the keyboard and screen readers: Escape closes it, as a tap on the mask. */}
      <HeldFocus open={visible} label={t('specSheet')} onClose={onClose}>
        <SpecPicker product={product} itemId={itemId} quantity={quantity} onItem={onItem} onQuantity={onQuantity} />
        <div className="picker-sheet__actions">
          {item.flags.outOfStock || item.flags.unpublished || item.flags.expired ? (
            <button
              type="button"
              className="buy-bar__button buy-bar__button--wide"
              onClick={onClose}
              data-testid="picker-close"
            >
              {t('done')}
            </button>
          ) : (
            <>
              <button
                type="button"
                className="buy-bar__button buy-bar__button--cart"
                onClick={() => onBuy('cart')}
                data-testid="picker-add-to-cart"
              >
                {t('addToCart')}
              </button>
              <button
                type="button"
                className="buy-bar__button"
                onClick={() => onBuy('buy')}
                data-testid="picker-buy-now"
              >
                {t('buyNow')}
              </button>
            </>
          )}
        </div>
      </HeldFocus>
    </Popup>
  );
}
