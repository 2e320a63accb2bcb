import '../../../shared/catalogue/catalogue.css';
import '../catalogue.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BottomBar } from '../../../shared/ui/BottomBar.tsx';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { productLink, useProductDetail } from '../api/catalogue.ts';
import { useBuyActions } from '../components/BuyBar.tsx';
import { buyable } from '../components/itemRules.ts';
import { SpecPicker } from '../components/SpecPicker.tsx';

/** /specsMode (?productItemId or ?productId): the specification picker on its own page. */
export function Component() {
  const { t } = useTranslation('catalogue');
  const [params, setParams] = useSearchParams();
  const detail = useProductDetail(productLink(params));
  const [itemId, setItemId] = useState(0);
  const [quantity, setQuantity] = useState(1);
  useEffect(() => {
    if (detail.data) setItemId(detail.data.selectedItemId);
  }, [detail.data]);
  const buy = useBuyActions(itemId, quantity, detail.data);
  const product = detail.data;
  const item = product?.items.find((i) => i.productItemId === itemId);
  return (
    <main>
      <PageHeader title={product?.name ?? t('choose')} />
      {product && itemId > 0 && (
        <div className="card">
          <SpecPicker
            product={product}
            itemId={itemId}
            quantity={quantity}
            onItem={(id) => {
              setItemId(id);
              setQuantity(1);
              setParams({ productItemId: String(id) }, { replace: true });
            }}
            onQuantity={setQuantity}
          />
        </div>
      )}
      {detail.isError && <div className="list-end">{t('noLongerAvailable')}</div>}
      <BottomBar className="product-bar">
        <button
          type="button"
          className="buy-bar__button buy-bar__button--cart"
          disabled={!buyable(item)}
          onClick={() => buy('cart')}
          data-testid="picker-add-to-cart"
        >
          {t('addToCart')}
        </button>
        <button
          type="button"
          className="buy-bar__button"
          disabled={!buyable(item)}
          onClick={() => buy('buy')}
          data-testid="picker-buy-now"
        >
          {t('buyNow')}
        </button>
      </BottomBar>
    </main>
  );
}
