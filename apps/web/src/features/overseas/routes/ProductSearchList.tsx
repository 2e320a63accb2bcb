import { HAITAO_KEYWORD_MAX } from '@shop/contracts';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { asChannel, type SearchInput, useChannel, useSearch } from '../api/overseas.ts';
import { ProductGrid, useQueryParam } from '../components/parts.tsx';
import '../overseas.css';

const SORTS = ['default', 'sales', 'priceAsc', 'priceDesc'] as const;

/** /Smilebuy/ProductSearchList?keywork&channel&categoryId: search results (banners of category, tag and search land here). */
export function Component() {
  const { t } = useTranslation('overseas');
  const [stored] = useChannel();
  const channel = asChannel(useQueryParam('channel')) ?? stored;
  // A link may carry a keyword longer than the product list takes: searched cut to its limit, not refused.
  const keyword = useQueryParam('keywork').trim().slice(0, HAITAO_KEYWORD_MAX);
  const categoryId = useQueryParam('categoryId');
  const [sort, setSort] = useState<(typeof SORTS)[number]>('default');
  const [size, setSize] = useState(20);
  const input: SearchInput = {
    channel,
    ...(categoryId && /^\d+$/.test(categoryId) ? { categoryId } : keyword ? { keyword } : {}),
    sort,
  };
  const { data, isFetching } = useSearch(input, size);
  return (
    <>
      <PageHeader title={keyword || t('search')} />
      <div className="haitao">
        <div className="haitao-tabs">
          {SORTS.map((s) => (
            <button
              key={s}
              type="button"
              className={`haitao-chip ${s === sort ? 'haitao-chip--on' : ''}`}
              onClick={() => setSort(s)}
            >
              {t(`sort.${s}`)}
            </button>
          ))}
        </div>
        <p className="haitao-muted" data-testid="haitao-result-count">
          {data ? t('found', { count: data.total, channel: t(`channel.${channel}`) }) : ''}
        </p>
        {data && data.total === 0 && <ErrorBlock status="empty" title={t('nothingFound')} description="" />}
        <ProductGrid cards={data?.list ?? []} />
        {data && data.list.length < data.total && (
          <button type="button" className="haitao-button" disabled={isFetching} onClick={() => setSize(size + 20)}>
            {t('more')}
          </button>
        )}
      </div>
    </>
  );
}
