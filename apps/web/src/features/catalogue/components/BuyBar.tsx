import { createDirectPreorder, type ProductDetail } from '@shop/contracts';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../../../shared/api/index.ts';
import { addToCartNow, rememberCartAdd } from '../../../shared/cart/cart.ts';
import { session, useSession } from '../../../shared/session/store.ts';
import { BottomBar } from '../../../shared/ui/BottomBar.tsx';
import { promptLogin, showToast } from '../../../shared/ui/feedback.ts';
import { useIsFavourite, useStockNotice, useToggleFavourite } from '../api/catalogue.ts';
import { buyable, maxQuantity } from './itemRules.ts';

/**
 * Add to cart (the buying module's cart call; the badge follows its count) or buy now (a direct
 * preorder, then the order confirmation).
 */
async function perform(to: 'cart' | 'buy', skuId: number, quantity: number, navigate: (to: string) => void) {
  try {
    if (to === 'cart') {
      await addToCartNow(String(skuId), quantity);
    } else {
      const preorder = await api.call(createDirectPreorder, { skuId: String(skuId), quantity });
      navigate(`/orderConfirm?preorderId=${encodeURIComponent(preorder.id)}`);
    }
  } catch {
    // The answer's message was shown by the client.
  }
}

/**
 * A guest is asked to log in first. Add to cart is remembered and done once they have logged in,
 * and they come back to this product (shared/cart); buy now starts again from the product.
 */
function loginFirst(to: 'cart' | 'buy', skuId: number, quantity: number, here: string): boolean {
  if (session.get().token) return false;
  void promptLogin(
    session.get().thirdId,
    to === 'cart' ? () => rememberCartAdd(String(skuId), quantity, here) : undefined,
  );
  return true;
}

/**
 * The product page's actions: favourite, cart, and add-to-cart / buy-now for an item on sale,
 * "notify me" for one out of stock.
 */
export function BuyBar({
  product,
  itemId,
  quantity,
  onChoose,
}: {
  product: ProductDetail;
  itemId: number;
  quantity: number;
  onChoose?: () => void;
}) {
  const { t } = useTranslation('catalogue');
  const navigate = useNavigate();
  const location = useLocation();
  const { token } = useSession();
  const favourite = useIsFavourite(product.productId, Boolean(token));
  const toggle = useToggleFavourite(product.productId);
  const notice = useStockNotice();
  const item = product.items.find((i) => i.productItemId === itemId);
  const needLogin = () => {
    if (session.get().token) return false;
    void promptLogin(session.get().thirdId);
    return true;
  };
  const go = (to: 'cart' | 'buy') => {
    if (!buyable(item)) return;
    if (quantity < 1 || quantity > maxQuantity(item)) {
      showToast(t('notEnoughStock'));
      return;
    }
    if (loginFirst(to, itemId, quantity, location.pathname + location.search)) return;
    void perform(to, itemId, quantity, navigate);
  };
  const isFav = Boolean(favourite.data?.exists);
  return (
    <BottomBar className="product-bar">
      <button
        type="button"
        className={`buy-bar__icon ${isFav ? 'active' : ''}`}
        aria-pressed={isFav}
        onClick={() => !needLogin() && toggle.mutate(!isFav)}
        data-testid="favourite"
      >
        <svg
          viewBox="0 0 24 24"
          width="22"
          height="22"
          aria-hidden
          fill={isFav ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
        >
          <path d="M12 21s-8-5.3-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 10c0 5.7-8 11-8 11z" />
        </svg>
        <span>{isFav ? t('favourited') : t('favourite')}</span>
      </button>
      <button type="button" className="buy-bar__icon" onClick={() => navigate('/cart')} data-testid="go-cart">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden fill="none" stroke="currentColor" strokeWidth="1.8">
          <path d="M3 4h2l2 11h11l2-8H7" />
        </svg>
        <span>{t('cart')}</span>
      </button>
      {item && buyable(item) ? (
        <>
          <button
            type="button"
            className="buy-bar__button buy-bar__button--cart"
            onClick={() => (onChoose ? onChoose() : go('cart'))}
            data-testid="add-to-cart"
          >
            {t('addToCart')}
          </button>
          <button
            type="button"
            className="buy-bar__button"
            onClick={() => (onChoose ? onChoose() : go('buy'))}
            data-testid="buy-now"
          >
            {t('buyNow')}
          </button>
        </>
      ) : item?.flags.outOfStock && !item.flags.unpublished && !item.flags.expired ? (
        <button
          type="button"
          className="buy-bar__button buy-bar__button--wide"
          onClick={() => !needLogin() && notice.mutate(item.productItemId)}
          data-testid="notify-me"
        >
          {t('notifyMe')}
        </button>
      ) : (
        <button type="button" className="buy-bar__button buy-bar__button--wide" disabled data-testid="unavailable">
          {t('unavailable')}
        </button>
      )}
    </BottomBar>
  );
}

/** Direct actions once the picker is open: add to cart / buy now with the chosen item and count. */
export function useBuyActions(itemId: number, quantity: number, product: ProductDetail | undefined) {
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useTranslation('catalogue');
  return (to: 'cart' | 'buy') => {
    const item = product?.items.find((i) => i.productItemId === itemId);
    if (!buyable(item)) {
      showToast(t('noLongerAvailable'));
      return;
    }
    if (quantity < 1 || quantity > maxQuantity(item)) {
      showToast(t('notEnoughStock'));
      return;
    }
    if (loginFirst(to, itemId, quantity, location.pathname + location.search)) return;
    void perform(to, itemId, quantity, navigate);
  };
}
