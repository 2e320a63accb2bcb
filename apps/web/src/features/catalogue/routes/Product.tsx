import '../../../shared/catalogue/catalogue.css';
import '../catalogue.css';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/index.ts';
import { ProductCard } from '../../../shared/catalogue/ProductCard.tsx';
import { whenIdle } from '../../../shared/idle.ts';
import { usePriceFormat } from '../../../shared/price/Price.tsx';
import { shareLink } from '../../../shared/share.ts';
import { showToast } from '../../../shared/ui/feedback.ts';
import { HydrateLater } from '../../../shared/ui/HydrateLater.tsx';
import { ItemFlags } from '../../../shared/ui/ItemFlags.tsx';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { Picture } from '../../../shared/ui/Picture.tsx';
import { productLink, useProductDetail, useReviewSummary, useReviews, useSimilar } from '../api/catalogue.ts';
import { BuyBar, useBuyActions } from '../components/BuyBar.tsx';

const loadPickerSheet = () => import('../components/PickerSheet.tsx');
const PickerSheet = lazy(loadPickerSheet);

function Stars({ value }: { value: number }) {
  return (
    <span className="stars" role="img" aria-label={`${value}/5`}>
      {'★★★★★'.slice(0, Math.round(value))}
      <span className="stars__off">{'★★★★★'.slice(Math.round(value))}</span>
    </span>
  );
}

/** /product and /details (?productItemId or ?productId): everything about one product. */
export function Component() {
  const { t } = useTranslation('catalogue');
  const { t: tc } = useTranslation();
  const price = usePriceFormat();
  const [params, setParams] = useSearchParams();
  const detail = useProductDetail(productLink(params));
  const product = detail.data;
  // The item the link names from the first render on (the server's paint draws it too): set only
  // later, the page was drawn with the first item and then drawn again with the named one.
  const [itemId, setItemId] = useState<number>(() => product?.selectedItemId ?? 0);
  const [quantity, setQuantity] = useState(1);
  const [picker, setPicker] = useState(false);
  // The sheet is drawn from its first opening on; its code is fetched once the product is shown.
  const [pickerUsed, setPickerUsed] = useState(false);
  const openPicker = () => {
    setPickerUsed(true);
    setPicker(true);
  };
  const [slide, setSlide] = useState(0);
  const [allReviews, setAllReviews] = useState(false);
  const summary = useReviewSummary(product?.productId);
  const reviews = useReviews(product?.productId, allReviews ? 50 : 3);
  const similar = useSimilar(product?.productId);
  useEffect(() => {
    if (product) setItemId(product.selectedItemId);
  }, [product]);
  const shown = Boolean(product);
  useEffect(() => (shown ? whenIdle(() => void loadPickerSheet()) : undefined), [shown]);
  const buy = useBuyActions(itemId, quantity, product);

  // A product that does not exist (or a broken link) is the route's not-found state; this is the rest.
  if (detail.isError) {
    return (
      <>
        <PageHeader title={t('detail')} />
        <div className="list-end" data-testid="product-error">
          {detail.error instanceof ApiError && detail.error.code !== 'NETWORK'
            ? detail.error.message
            : tc('networkError')}{' '}
          <button type="button" className="link-button" onClick={() => detail.refetch()}>
            {tc('retry')}
          </button>
        </div>
      </>
    );
  }
  if (!product) {
    return (
      <>
        <PageHeader title={t('detail')} />
        <div className="gallery gallery--placeholder" />
      </>
    );
  }
  const item = product.items.find((i) => i.productItemId === itemId) ?? product.items[0];
  const chooseItem = (id: number) => {
    setItemId(id);
    setQuantity(1);
    const copy = new URLSearchParams(params);
    copy.set('productItemId', String(id));
    copy.delete('productId');
    setParams(copy, { replace: true });
  };
  const share = async () => {
    const url = window.location.href;
    try {
      if ((await shareLink({ title: product.name, url })) === 'copied') showToast(t('linkCopied'));
    } catch {
      showToast(t('shareFailed'));
    }
  };

  return (
    <main className="product">
      <PageHeader
        title={t('detail')}
        heading={false}
        right={
          <button type="button" className="link-button" onClick={share} data-testid="share">
            {t('share')}
          </button>
        }
      />
      <div className="gallery">
        {/* A region a keyboard can reach and scroll with its arrow keys, named in the page's language. */}
        <section
          className="gallery__track"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
          tabIndex={0}
          aria-label={t('gallery', { total: product.images.length })}
          onScroll={(e) => setSlide(Math.round(e.currentTarget.scrollLeft / e.currentTarget.clientWidth))}
        >
          {product.images.map((image, i) => (
            <Picture
              key={image.id}
              url={image.url}
              alt={product.name}
              sizes="100vw"
              eager={i === 0}
              className="gallery__picture"
            />
          ))}
        </section>
        <span className="gallery__count">
          {slide + 1}/{product.images.length}
        </span>
      </div>

      {/* The product's own parts are taken over a task each, in turn, after its header and pictures (HydrateLater). */}
      <HydrateLater>
        <section className="product__info card">
          <div className="product__price">
            <strong data-testid="price">{price(item.priceCents)}</strong>
            {item.marketPriceCents !== null && item.marketPriceCents > item.priceCents && (
              <del>{price(item.marketPriceCents)}</del>
            )}
            <ItemFlags flags={item.flags} />
          </div>
          <h1 className="product__name" data-testid="product-name">
            {product.name}
          </h1>
          <div className="muted">{t('soldAndStock', { sold: product.salesCount, stock: item.stock })}</div>
        </section>
      </HydrateLater>

      <HydrateLater>
        <section className="card rows">
          <button type="button" className="row" onClick={openPicker} data-testid="choose-spec">
            <span className="row__label">{t('choose')}</span>
            <span className="row__value" data-testid="chosen-spec">
              {item.specText || t('standard')} × {quantity}
            </span>
            <span aria-hidden>›</span>
          </button>
          <Link className="row" to={`/parameter?productId=${product.productId}`} data-testid="parameters">
            <span className="row__label">{t('parameters')}</span>
            <span className="row__value">
              {product.attributes
                .map((a) => a.value)
                .slice(0, 2)
                .join(' · ')}
            </span>
            <span aria-hidden>›</span>
          </Link>
          {product.manual && (
            <Link className="row" to={`/productManuals?productId=${product.productId}`} data-testid="manual">
              <span className="row__label">{t('manual')}</span>
              <span className="row__value" />
              <span aria-hidden>›</span>
            </Link>
          )}
          {product.merchant && (
            <Link className="row" to={`/mechantCategory?merchantId=${product.merchant.id}`} data-testid="merchant">
              <span className="row__label">{t('shop')}</span>
              <span className="row__value">{product.merchant.name}</span>
              <span aria-hidden>›</span>
            </Link>
          )}
        </section>
      </HydrateLater>

      <HydrateLater>
        <section className="card reviews" data-testid="reviews">
          <h2>
            {t('reviews', { count: summary.data?.total ?? 0 })}
            {summary.data && summary.data.total > 0 && <small>{t('goodRate', { rate: summary.data.goodRate })}</small>}
          </h2>
          {reviews.data?.list.map((r) => (
            <article key={r.id} className="review">
              <div className="review__head">
                <span>{r.userName}</span>
                <Stars value={r.stars} />
              </div>
              <p>{r.text}</p>
              <div className="muted">
                {r.specText} · {t('packaging')} {r.packaging}/5 · {t('speed')} {r.speed}/5
              </div>
            </article>
          ))}
          {summary.data && summary.data.total === 0 && <p className="muted">{t('noReviews')}</p>}
          {!allReviews && (summary.data?.total ?? 0) > 3 && (
            <button type="button" className="link-button" onClick={() => setAllReviews(true)} data-testid="all-reviews">
              {t('allReviews')}
            </button>
          )}
        </section>
      </HydrateLater>

      <HydrateLater>
        <section className="card product__description">
          <h2>{t('description')}</h2>
          <p>{product.description}</p>
        </section>
      </HydrateLater>

      {similar.data && similar.data.length > 0 && (
        <section className="similar">
          <h2>
            {t('similar')}
            <Link
              to={`/ProductSearchList?similarTo=${product.productId}`}
              className="link-button"
              data-testid="more-similar"
            >
              {t('more')}
            </Link>
          </h2>
          <div className="product-grid">
            {similar.data.slice(0, 4).map((p) => (
              <ProductCard key={p.productId} product={p} />
            ))}
          </div>
        </section>
      )}

      <HydrateLater>
        <BuyBar product={product} itemId={item.productItemId} quantity={quantity} onChoose={openPicker} />
      </HydrateLater>

      {pickerUsed && (
        <Suspense fallback={null}>
          <PickerSheet
            open={picker}
            onClose={() => setPicker(false)}
            product={product}
            itemId={item.productItemId}
            quantity={quantity}
            onItem={chooseItem}
            onQuantity={setQuantity}
            onBuy={buy}
          />
        </Suspense>
      )}
    </main>
  );
}
