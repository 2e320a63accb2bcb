import type { ProductCard as Card, Page } from '@shop/contracts';
import { type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/index.ts';
import { isMissing } from '../api/missing.ts';
import { HydrateLater } from '../ui/HydrateLater.tsx';
import { ProductCard } from './ProductCard.tsx';

const PAGE_SIZE = 20;

/** Loads pages as the shopper scrolls (an observer on the last row), two cards a row. */
export function ProductGrid<T extends Page<Card>>({
  queryKey,
  fetchPage,
  onFirstPage,
  emptyText,
  eagerCount = 0,
  firstPage,
}: {
  queryKey: QueryKey;
  fetchPage: (page: number, size: number) => Promise<T>;
  /** The first page the page came with (its first answers), if it did: the first render shows it. */
  firstPage?: (size: number) => T | undefined;
  onFirstPage?: (page: T) => void;
  emptyText?: string;
  eagerCount?: number;
}) {
  const { t } = useTranslation();
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam, PAGE_SIZE),
    initialPageParam: 1,
    initialData: () => {
      const page = firstPage?.(PAGE_SIZE);
      return page ? { pages: [page], pageParams: [1] } : undefined;
    },
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
    // The list's category, tag or promotion does not exist: the route says so (app/ErrorPage.tsx).
    throwOnError: isMissing,
  });
  const sentinel = useRef<HTMLDivElement>(null);
  const first = query.data?.pages[0];
  useEffect(() => {
    if (first && onFirstPage) onFirstPage(first);
  }, [first, onFirstPage]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '400px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const products = query.data?.pages.flatMap((p) => p.list) ?? [];
  if (query.isPending) {
    return (
      <div className="product-grid" aria-busy>
        {Array.from({ length: 4 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={i} className="product-card product-card--skeleton" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="list-end" data-testid="list-error">
        {query.error instanceof ApiError && query.error.code !== 'NETWORK' ? query.error.message : t('networkError')}{' '}
        <button type="button" className="link-button" onClick={() => query.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  }
  return (
    <>
      {products.length === 0 ? (
        <div className="list-end" data-testid="list-empty">
          {emptyText ?? t('noData')}
        </div>
      ) : (
        <div className="product-grid" data-testid="product-grid">
          {/* A list the server drew is taken over a card a task (HydrateLater), not all in one. */}
          {products.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a product may repeat across feed pages
            <HydrateLater key={`${p.productId}-${i}`}>
              <ProductCard product={p} eager={i < eagerCount} />
            </HydrateLater>
          ))}
        </div>
      )}
      <div ref={sentinel} className="list-end">
        {isFetchingNextPage ? t('loading') : products.length > 0 && !hasNextPage ? t('noMore') : ''}
      </div>
    </>
  );
}
