import type { Page, ProductCard, ProductSort } from '@shop/contracts';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ProductGrid } from '../../../shared/catalogue/ProductGrid.tsx';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { SortTabs, sortOf } from './SortTabs.tsx';

/** A titled, sortable, endless product list: categories, tags, promotions, shops, search. */
export function ListScreen<T extends Page<ProductCard>>({
  title,
  keyBase,
  fetchFor,
  firstPageFor,
  titleFrom,
  above,
  emptyText,
}: {
  title?: string;
  keyBase: unknown[];
  fetchFor: (sort: ProductSort) => (page: number, size: number) => Promise<T>;
  /** The first page the page came with for a sort, if it did (the server's paint draws it too). */
  firstPageFor?: (sort: ProductSort) => (size: number) => T | undefined;
  titleFrom?: (page: T) => string;
  above?: ReactNode;
  emptyText?: string;
}) {
  const { t } = useTranslation('catalogue');
  const [params, setParams] = useSearchParams();
  const sort = sortOf(params);
  const [loadedTitle, setLoadedTitle] = useState('');
  const onFirstPage = useCallback((page: T) => titleFrom && setLoadedTitle(titleFrom(page)), [titleFrom]);
  return (
    <main>
      <PageHeader title={<span data-testid="list-title">{loadedTitle || title || '\u00a0'}</span>} />
      {above}
      <SortTabs
        value={sort}
        onChange={(next) => {
          const copy = new URLSearchParams(params);
          copy.set('sort', next);
          setParams(copy, { replace: true });
        }}
      />
      <ProductGrid
        queryKey={[...keyBase, sort, currentLanguage()]}
        fetchPage={fetchFor(sort)}
        firstPage={firstPageFor?.(sort)}
        onFirstPage={onFirstPage}
        emptyText={emptyText ?? t('noProducts')}
        // The first row is on screen at once: its pictures are not lazy (the server preloads the first).
        eagerCount={2}
      />
    </main>
  );
}
