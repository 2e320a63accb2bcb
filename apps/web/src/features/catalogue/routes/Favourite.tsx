import '../../../shared/catalogue/catalogue.css';
import '../catalogue.css';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ProductCard } from '../../../shared/catalogue/ProductCard.tsx';
import { currentLanguage } from '../../../shared/i18n/index.ts';
import { session, useSession } from '../../../shared/session/store.ts';
import { promptLogin } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { favouritePage, useRemoveFavourites } from '../api/catalogue.ts';

/** /favourite: the shopper's favourite products (log in required), each removable. */
export function Component() {
  const { t } = useTranslation('catalogue');
  const { token } = useSession();
  const remove = useRemoveFavourites();
  const list = useInfiniteQuery({
    queryKey: ['favourites', token, currentLanguage()],
    queryFn: ({ pageParam }) => favouritePage(pageParam, 20),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
    enabled: Boolean(token),
  });
  const products = list.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <main>
      <PageHeader title={t('favourites')} />
      {!token ? (
        <div className="list-end">
          <p>{t('loginForFavourites')}</p>
          <button
            type="button"
            className="buy-bar__button"
            onClick={() => promptLogin(session.get().thirdId)}
            data-testid="favourites-login"
          >
            {t('common:login')}
          </button>
        </div>
      ) : products.length === 0 && !list.isPending ? (
        <div className="list-end" data-testid="list-empty">
          {t('noFavourites')}
        </div>
      ) : (
        <div className="product-grid" data-testid="favourites">
          {products.map((p) => (
            <div key={p.productId} className="favourite">
              <ProductCard product={p} />
              <button
                type="button"
                className="favourite__remove"
                onClick={() => remove.mutate([p.productId])}
                data-testid="remove-favourite"
              >
                {t('remove')}
              </button>
            </div>
          ))}
        </div>
      )}
      {list.hasNextPage && (
        <button type="button" className="link-button list-end" onClick={() => list.fetchNextPage()}>
          {t('more')}
        </button>
      )}
    </main>
  );
}
