import Skeleton from 'antd-mobile/es/components/skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../shared/session/store.ts';
import { BottomBar } from '../../../shared/ui/BottomBar.tsx';
import { promptLogin, showToast } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { Picture } from '../../../shared/ui/Picture.tsx';
import { asChannel, useCartChange, useChannel, useProduct } from '../api/overseas.ts';
import { Title, useQueryParam } from '../components/parts.tsx';
import '../overseas.css';
import { usePriceFormat } from '../../../shared/price/Price.tsx';

/** /Smilebuy/product?productId&channel: pictures, the title and its Chinese original, the SKU picker, cart and buy now. */
export function Component() {
  const { t } = useTranslation('overseas');
  const price = usePriceFormat();
  const navigate = useNavigate();
  const { token, thirdId } = useSession();
  const [stored] = useChannel();
  const channel = asChannel(useQueryParam('channel')) ?? stored;
  const productId = useQueryParam('productId');
  const { data: product } = useProduct(channel, productId);
  const [picture, setPicture] = useState(0);
  const [skuId, setSkuId] = useState<string | null>(null);
  const [count, setCount] = useState(1);
  const { add } = useCartChange();

  if (!product) return <Skeleton.Paragraph lineCount={8} animated />;
  const sku = product.skus.find((s) => s.skuId === skuId) ?? null;
  const ready = () => {
    if (!token) {
      void promptLogin(thirdId);
      return false;
    }
    if (!sku) {
      showToast(t('chooseSku'));
      return false;
    }
    return true;
  };
  const toCart = () => {
    if (!ready() || !sku) return;
    add.mutate(
      { channel: product.channel, productId: product.productId, skuId: sku.skuId, count },
      { onSuccess: () => showToast(t('added')) },
    );
  };
  const buyNow = () => {
    if (!ready() || !sku) return;
    navigate(
      `/Smilebuy/orderConfirm?channel=${product.channel}&productId=${product.productId}&skuId=${sku.skuId}&count=${count}`,
    );
  };

  return (
    <>
      <PageHeader
        title={t(`channel.${product.channel}`)}
        heading={false}
        right={<Link to="/Smilebuy/shoppingCart">{t('nav.cart')}</Link>}
      />
      <Picture
        url={product.pictures[picture] ?? product.picture}
        alt=""
        sizes="100vw"
        eager
        className="haitao-product__picture"
      />
      <div className="haitao">
        <div className="haitao-thumbs">
          {product.pictures.map((p, i) => (
            <button key={p} type="button" aria-pressed={i === picture} onClick={() => setPicture(i)}>
              <Picture url={p} alt="" sizes="56px" />
            </button>
          ))}
        </div>
        <section className="card">
          <strong className="haitao-price" data-testid="haitao-product-price">
            {price(sku?.priceCents ?? product.priceCents)}
            {!sku && product.skus.length > 1 ? ` ${t('from')}` : ''}
          </strong>
          <p className="haitao-muted">
            {t('cny', {
              amount: ((sku?.priceFen ?? Math.min(...product.skus.map((s) => s.priceFen))) / 100).toFixed(2),
            })}{' '}
            · {t('rate', { rate: (product.quote.rateMilli / 1000).toFixed(2), fee: product.quote.feeBp / 100 })}
          </p>
          <h1 className="haitao-product__title" data-testid="haitao-product-title">
            <Title title={product.title} titleZh={product.titleZh} translated={product.translated} />
          </h1>
          <p className="haitao-promise">{t('promise', product.estimateDays)}</p>
        </section>
        <section className="card">
          <h2>{t('chooseSku')}</h2>
          <div className="haitao-skus">
            {product.skus.map((s) => (
              <button
                key={s.skuId}
                type="button"
                className={`haitao-sku ${s.skuId === skuId ? 'haitao-sku--on' : ''}`}
                disabled={s.stock === 0}
                onClick={() => {
                  setSkuId(s.skuId);
                  setCount(1);
                }}
                data-testid="haitao-sku"
              >
                {s.attrs.map((a) => a.value).join(' / ')}
                {s.attrs.some((a) => a.value !== a.valueZh) && (
                  <span className="haitao-title__zh"> {s.attrs.map((a) => a.valueZh).join(' / ')}</span>
                )}
              </button>
            ))}
          </div>
          <div className="haitao-count">
            <span>{t('count')}</span>
            <button type="button" aria-label="-" onClick={() => setCount(Math.max(1, count - 1))}>
              −
            </button>
            <span data-testid="haitao-count">{count}</span>
            <button type="button" aria-label="+" onClick={() => setCount(Math.min(sku?.stock ?? 999, count + 1))}>
              +
            </button>
            {sku && <span className="haitao-muted">{t('stock', { count: sku.stock })}</span>}
          </div>
        </section>
        <section className="card">
          <Link
            to={`/Smilebuy/shop?shopId=${product.shop.shopId}&channel=${product.channel}&shopName=${encodeURIComponent(product.shop.name)}`}
            data-testid="haitao-shop-link"
          >
            <strong>{product.shop.name}</strong>
          </Link>
          <p className="haitao-muted">
            {product.shop.location} · ★ {product.shop.rating}
          </p>
          <div className="haitao-links">
            <Link to={`/Smilebuy/same?productId=${product.productId}&channel=${product.channel}`}>{t('similar')}</Link>
          </div>
        </section>
      </div>
      <BottomBar className="haitao-buybar">
        <button
          type="button"
          className="haitao-button haitao-button--ghost"
          onClick={toCart}
          disabled={add.isPending}
          data-testid="haitao-add-cart"
        >
          {t('addToCart')}
        </button>
        <button type="button" className="haitao-button" onClick={buyNow} data-testid="haitao-buy-now">
          {t('buyNow')}
        </button>
      </BottomBar>
    </>
  );
}
