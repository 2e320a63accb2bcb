import ErrorBlock from 'antd-mobile/es/components/error-block';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../shared/session/store.ts';
import { BottomBar } from '../../../shared/ui/BottomBar.tsx';
import { promptLogin } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { Picture } from '../../../shared/ui/Picture.tsx';
import { useCart, useCartChange } from '../api/overseas.ts';
import { productLink, Title } from '../components/parts.tsx';
import '../overseas.css';
import { usePriceFormat } from '../../../shared/price/Price.tsx';

/** /Smilebuy/shoppingCart: the overseas cart by shop, re-priced from the source (changes shown). */
export function Component() {
  const { t } = useTranslation('overseas');
  const price = usePriceFormat();
  const navigate = useNavigate();
  const { token, thirdId } = useSession();
  const { data: cart } = useCart(Boolean(token));
  const change = useCartChange();
  useEffect(() => {
    if (!token) void promptLogin(thirdId);
  }, [token, thirdId]);

  const shops = [...new Set((cart?.items ?? []).map((i) => i.shopId))];
  const allChosen = Boolean(cart?.items.length) && cart?.items.every((i) => i.chosen);
  return (
    <>
      <PageHeader title={t('nav.cart')} />
      <div className="haitao">
        {token && !cart && <Skeleton.Paragraph lineCount={6} animated />}
        {cart && cart.items.length === 0 && (
          <ErrorBlock
            status="empty"
            title={t('cartEmpty')}
            description={<Link to="/Smilebuy">{t('goShopping')}</Link>}
          />
        )}
        {shops.map((shopId) => {
          const items = cart?.items.filter((i) => i.shopId === shopId) ?? [];
          return (
            <section key={shopId} className="card" data-testid="haitao-cart-shop">
              <h2>{items[0].shopName}</h2>
              {items.map((item) => (
                <div key={item.id} className="haitao-line" data-testid="haitao-cart-line">
                  <input
                    type="checkbox"
                    checked={item.chosen}
                    aria-label={t('choose')}
                    onChange={(e) => change.choose.mutate({ ids: [item.id], chosen: e.target.checked })}
                  />
                  <Link to={productLink(item.channel, item.productId)}>
                    <Picture url={item.picture || null} alt="" sizes="72px" />
                  </Link>
                  <div className="haitao-line__body">
                    <Title title={item.title} titleZh={item.titleZh} translated={item.translated} />
                    <span className="haitao-muted">{item.attrs}</span>
                    {item.changed && (
                      <span className="haitao-changed" data-testid="haitao-changed">
                        {t(item.changeCause === 'rate' ? 'priceChangedRate' : 'priceChanged', {
                          before: price(item.addedCents),
                        })}
                      </span>
                    )}
                    {!item.available && (
                      <span className="haitao-gone">
                        {item.stock === 0 ? t('gone') : t('lowStock', { count: item.stock })}
                      </span>
                    )}
                    <div className="haitao-line__foot">
                      <strong className="haitao-price">{price(item.priceCents)}</strong>
                      <div className="haitao-count">
                        <button type="button" aria-label="-" onClick={() => change.minus.mutate(item.id)}>
                          −
                        </button>
                        <span>{item.count}</span>
                        <button type="button" aria-label="+" onClick={() => change.plus.mutate(item.id)}>
                          +
                        </button>
                        <button type="button" aria-label={t('remove')} onClick={() => change.remove.mutate([item.id])}>
                          ×
                        </button>
                      </div>
                    </div>
                  </div>
                </div>
              ))}
            </section>
          );
        })}
      </div>
      {cart && cart.items.length > 0 && (
        <BottomBar className="haitao-buybar">
          <label style={{ flex: 'none', display: 'flex', gap: 4, alignItems: 'center', fontSize: 13 }}>
            <input type="checkbox" checked={allChosen} onChange={(e) => change.chooseAll.mutate(e.target.checked)} />
            {t('all')}
          </label>
          <strong data-testid="haitao-cart-total">{price(cart.chosenCents)}</strong>
          <button
            type="button"
            className="haitao-button"
            disabled={cart.chosenCount === 0}
            onClick={() => navigate('/Smilebuy/orderConfirm?from=cart')}
            data-testid="haitao-checkout"
          >
            {t('checkout', { count: cart.chosenCount })}
          </button>
        </BottomBar>
      )}
    </>
  );
}
