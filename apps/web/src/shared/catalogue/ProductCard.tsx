import type { ProductCard as Card } from '@shop/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePriceFormat } from '../price/Price.tsx';
import { ItemFlags } from '../ui/ItemFlags.tsx';
import { Picture } from '../ui/Picture.tsx';

export function ProductCard({ product, eager }: { product: Card; eager?: boolean }) {
  const { t } = useTranslation();
  const price = usePriceFormat();
  const dim = product.flags.unpublished || product.flags.expired || product.flags.outOfStock;
  return (
    <Link
      to={`/product?productItemId=${product.productItemId}`}
      className={`product-card ${dim ? 'product-card--dim' : ''}`}
      data-testid="product-card"
    >
      <div className="product-card__picture">
        <Picture url={product.imageUrl} alt={product.name} sizes="(max-width: 600px) 50vw, 240px" eager={eager} />
        <ItemFlags flags={product.flags} className="product-card__flags" />
      </div>
      <div className="product-card__name">{product.name}</div>
      <div className="product-card__price">
        <strong>{price(product.priceCents)}</strong>
        {product.marketPriceCents !== null && product.marketPriceCents > product.priceCents && (
          <del>{price(product.marketPriceCents)}</del>
        )}
      </div>
      <div className="product-card__sold">{t('sold', { count: product.salesCount })}</div>
    </Link>
  );
}
