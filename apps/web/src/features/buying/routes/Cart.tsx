import { cartChoose, cartChooseAll, cartMinus1, cartPlus1, cartRemoveList, createPreorder } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import Empty from 'antd-mobile/es/components/empty';
import Tag from 'antd-mobile/es/components/tag';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../shared/api/index.ts';
import { BottomBar } from '../../../shared/ui/BottomBar.tsx';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { Picture } from '../../../shared/ui/Picture.tsx';
import { useCart, useCartChange } from '../api/buying.ts';
import '../buying.css';
import { usePriceFormat } from '../../../shared/price/Price.tsx';

/** How many cart lines a phone's first screen shows (a line is about 100 px high). */
const LINES_ON_FIRST_SCREEN = 5;

/** /cart and /cartTmp: lines with flags, quantity within max purchase and stock, chosen total. */
export function Component() {
  const { t } = useTranslation('buying');
  const price = usePriceFormat();
  const navigate = useNavigate();
  const { data: cart } = useCart();
  const change = useCartChange();
  const run = (call: Parameters<typeof change.mutate>[0]['call'], input: Record<string, unknown>) =>
    change.mutate({ call, input });

  const checkout = async () => {
    const preorder = await api.call(createPreorder, {});
    navigate(`/orderConfirm?preorderId=${preorder.id}`);
  };

  return (
    <main className="buy-main">
      <PageHeader title={t('cart.title')} />
      {cart && cart.lines.length === 0 && <Empty description={t('cart.empty')} />}
      <div className="buy-list">
        {cart?.lines.map((line, index) => {
          const flag = line.unpublished
            ? 'unpublished'
            : line.expired
              ? 'expired'
              : line.outOfStock
                ? 'outOfStock'
                : null;
          return (
            <div className="card buy-line" key={line.skuId} data-testid={`cart-line-${line.skuId}`}>
              <Checkbox
                checked={line.chosen}
                disabled={!!flag}
                onChange={(chosen) => run(cartChoose, { skuId: line.skuId, chosen })}
              >
                <span className="visually-hidden">{t('cart.choose', { name: line.name })}</span>
              </Checkbox>
              {/* The lines on a phone's first screen show their pictures with the page (the largest paint). */}
              <Picture
                url={line.imageUrl}
                alt={line.name}
                sizes="64px"
                className="buy-item__picture"
                eager={index < LINES_ON_FIRST_SCREEN}
              />
              <div className="buy-line__body">
                <div className="buy-line__name">{line.name}</div>
                <div className="buy-line__spec">{line.specText}</div>
                {flag && <Tag color="danger">{t(`cart.${flag}`)}</Tag>}
                <div className="buy-line__foot">
                  <strong data-testid="cart-price">{price(line.priceCents)}</strong>
                  <span className="buy-stepper">
                    <button
                      type="button"
                      aria-label={t('cart.less', { name: line.name })}
                      disabled={line.quantity <= 1}
                      onClick={() => run(cartMinus1, { skuId: line.skuId })}
                    >
                      −
                    </button>
                    <span data-testid="qty">{line.quantity}</span>
                    <button
                      type="button"
                      aria-label={t('cart.more', { name: line.name })}
                      disabled={line.quantity >= line.maxQuantity}
                      onClick={() => run(cartPlus1, { skuId: line.skuId })}
                    >
                      +
                    </button>
                  </span>
                </div>
                <button
                  type="button"
                  className="link-button"
                  aria-label={t('cart.removeLine', { name: line.name })}
                  onClick={() => run(cartRemoveList, { skuIds: [line.skuId] })}
                >
                  {t('cart.remove')}
                </button>
              </div>
            </div>
          );
        })}
      </div>
      {cart && cart.lines.length > 0 && (
        <BottomBar className="buy-bar">
          <Checkbox checked={cart.allChosen} onChange={(chosen) => run(cartChooseAll, { chosen })}>
            {t('cart.all')}
          </Checkbox>
          <span className="buy-bar__total" data-testid="cart-total">
            {t('cart.total')} {price(cart.chosenTotalCents)}
          </span>
          <Button color="primary" disabled={cart.chosenCount === 0} onClick={checkout} data-testid="cart-checkout">
            {t('cart.checkout', { count: cart.chosenCount })}
          </Button>
        </BottomBar>
      )}
    </main>
  );
}
