import Skeleton from 'antd-mobile/es/components/skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { asChannel, useChannel, useSearch, useShop } from '../api/overseas.ts';
import { ProductGrid, useQueryParam } from '../components/parts.tsx';
import '../overseas.css';

/** /Smilebuy/shop?shopId&channel&shopName: a source shop and its products. */
export function Component() {
  const { t } = useTranslation('overseas');
  const [stored] = useChannel();
  const channel = asChannel(useQueryParam('channel')) ?? stored;
  const shopId = useQueryParam('shopId');
  const shopName = useQueryParam('shopName');
  const [size, setSize] = useState(20);
  const shop = useShop(channel, shopId);
  const products = useSearch({ channel, shopId }, size);
  return (
    <>
      <PageHeader title={shop.data?.name ?? shopName} />
      <div className="haitao">
        {shop.data ? (
          <section className="card" data-testid="haitao-shop">
            <h2>{shop.data.name}</h2>
            <p className="haitao-muted">
              {t(`channel.${channel}`)} · {shop.data.location} · ★ {shop.data.rating} ·{' '}
              {t('products', { count: products.data?.total ?? 0 })}
            </p>
          </section>
        ) : (
          <Skeleton.Paragraph lineCount={2} animated />
        )}
        <ProductGrid cards={products.data?.list ?? []} />
        {products.data && products.data.list.length < products.data.total && (
          <button type="button" className="haitao-button" onClick={() => setSize(size + 20)}>
            {t('more')}
          </button>
        )}
      </div>
    </>
  );
}
