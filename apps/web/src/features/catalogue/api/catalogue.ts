import {
  addFavourite,
  countReviewsByProduct,
  getActivityProducts,
  getCategoryProducts,
  getCategoryTree,
  getMerchantCatalog,
  getMerchantNextLevel,
  getMerchantProducts,
  getProductDetail,
  getReviewsByProduct,
  getSearchKeywords,
  getSimilarProducts,
  getTagProducts,
  isFavourite,
  listFavourites,
  type ProductCard,
  type ProductSort,
  removeFavourite,
  searchProducts,
  stockOutNotice,
} from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, firstAnswerData } from '../../../shared/api/index.ts';
import { subjectCall, subjectQuery } from '../../../shared/api/missing.ts';
import { currentLanguage, i18next } from '../../../shared/i18n/index.ts';
import { session } from '../../../shared/session/store.ts';
import { showToast } from '../../../shared/ui/feedback.ts';

const lang = () => currentLanguage();

export function useCategoryTree() {
  return useQuery({
    queryKey: ['category-tree', lang()],
    queryFn: () => api.call(getCategoryTree),
    initialData: () => firstAnswerData(getCategoryTree),
    staleTime: 5 * 60_000,
  });
}

// The category, tag and promotion of a list page are its subject: one that does not exist is the
// route's not-found state, not a toast over an empty list.
export const categoryPage = (categoryId: number, sort: ProductSort) => (page: number, size: number) =>
  api.call(getCategoryProducts, { categoryId, sort, page, size }, subjectCall);
export const tagPage = (tagId: number, sort: ProductSort) => (page: number, size: number) =>
  api.call(getTagProducts, { tagId, sort, page, size }, subjectCall);
export const activityPage = (activityId: number, sort: ProductSort) => (page: number, size: number) =>
  api.call(getActivityProducts, { activityId, sort, page, size }, subjectCall);
export const searchPage = (keyword: string, sort: ProductSort) => (page: number, size: number) =>
  api.call(searchProducts, { keyword, sort, page, size });
/** A list's first page as the page came with it (the server answers the default sort's, page-shell.ts). */
export const categoryFirstPage = (categoryId: number, sort: ProductSort) => (size: number) =>
  firstAnswerData(getCategoryProducts, { categoryId, sort, page: 1, size });
export const searchFirstPage = (keyword: string, sort: ProductSort) => (size: number) =>
  firstAnswerData(searchProducts, { keyword, sort, page: 1, size });
export const merchantPage =
  (merchantId: number, categoryId: number | undefined, sort: ProductSort) => (page: number, size: number) =>
    api.call(getMerchantProducts, { merchantId, categoryId, sort, page, size }, subjectCall);
export const favouritePage = (page: number, size: number) => api.call(listFavourites, { page, size });

export function useMerchantCatalog(merchantId: number) {
  return useQuery({
    queryKey: ['merchant', merchantId, lang()],
    queryFn: () => api.call(getMerchantCatalog, { merchantId }, subjectCall),
    ...subjectQuery,
  });
}
export function useMerchantNextLevel(merchantId: number, categoryId: number) {
  return useQuery({
    queryKey: ['merchant-next', merchantId, categoryId, lang()],
    queryFn: () => api.call(getMerchantNextLevel, { merchantId, categoryId }, subjectCall),
    ...subjectQuery,
  });
}

/** The product a link names (?productItemId or ?productId), as written: the server judges it. */
export function productLink(params: URLSearchParams): { productItemId?: string; productId?: string } {
  return {
    productItemId: params.get('productItemId') ?? undefined,
    productId: params.get('productId') ?? undefined,
  };
}

/**
 * The product of the page. A link without an id, with a malformed one or to a product that does not
 * exist is answered by the server, and the route shows "not found" with a way on (subjectQuery).
 */
export function useProductDetail(query: { productItemId?: string; productId?: string }) {
  return useQuery({
    queryKey: ['product', query.productItemId ?? null, query.productId ?? null, lang()],
    queryFn: () => api.call(getProductDetail, query, subjectCall),
    // The page came with it (the server drew its first picture): the first render shows it too.
    initialData: () => firstAnswerData(getProductDetail, query),
    // Another item of the same product (a spec chosen in the sheet) keeps the product on screen
    // while its answer comes: the page, its sheet and the keyboard's focus in it stay (issue 36).
    placeholderData: (previous) =>
      previous?.items.some((i) => String(i.productItemId) === query.productItemId) ? previous : undefined,
    ...subjectQuery,
  });
}

export function useReviewSummary(productId: number | undefined) {
  return useQuery({
    queryKey: ['review-count', productId],
    queryFn: () => api.call(countReviewsByProduct, { productId: productId as number }),
    // The page came with the product's first reviews (the server's page shell, FOLLOWING_CALLS).
    initialData: () => (productId ? firstAnswerData(countReviewsByProduct, { productId }) : undefined),
    enabled: Boolean(productId),
  });
}
export function useReviews(productId: number | undefined, size: number) {
  return useQuery({
    queryKey: ['reviews', productId, size, lang()],
    queryFn: () => api.call(getReviewsByProduct, { productId: productId as number, page: 1, size }),
    initialData: () => (productId ? firstAnswerData(getReviewsByProduct, { productId, page: 1, size }) : undefined),
    enabled: Boolean(productId),
  });
}
export function useSimilar(productId: number | undefined) {
  return useQuery({
    queryKey: ['similar', productId, lang()],
    queryFn: () => api.call(getSimilarProducts, { productId: productId as number, size: 10 }),
    enabled: Boolean(productId),
  });
}
export function useSearchKeywords(typed: string) {
  return useQuery({
    queryKey: ['search-keywords', typed],
    queryFn: () => api.call(getSearchKeywords, typed ? { keyword: typed } : {}),
  });
}

export function useIsFavourite(productId: number | undefined, signedIn: boolean) {
  return useQuery({
    queryKey: ['favourite', productId, signedIn],
    queryFn: () => api.call(isFavourite, { productId: productId as number }, { silent: true }),
    enabled: Boolean(productId) && signedIn,
  });
}

export function useToggleFavourite(productId: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (add: boolean) => {
      const id = productId as number;
      if (add) await api.call(addFavourite, { productId: id });
      else await api.call(removeFavourite, { productIds: [id] });
      return add;
    },
    onSuccess: (add) => {
      client.setQueryData(['favourite', productId, true], { exists: add });
      void client.invalidateQueries({ queryKey: ['favourites'] });
      showToast(i18next.t(add ? 'catalogue:favourited' : 'catalogue:unfavourited'));
    },
  });
}

export function useRemoveFavourites() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (productIds: number[]) => api.call(removeFavourite, { productIds }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['favourites'] }),
  });
}

export function useStockNotice() {
  return useMutation({
    mutationFn: (productItemId: number) => api.call(stockOutNotice, { productItemId }),
    onSuccess: () => showToast(i18next.t('catalogue:notifySubscribed')),
  });
}

/** Search history of spec §3: newest first, no duplicates, kept in the session's searchKeys. */
export function rememberKeyword(keyword: string) {
  const k = keyword.trim();
  if (!k) return;
  const keys = session.get().searchKeys.filter((x) => x.toLowerCase() !== k.toLowerCase());
  session.update({ searchKeys: [k, ...keys].slice(0, 20) });
}

const IMAGE_RESULTS_KEY = 'catalogue.imageSearch';

/** Search by photo: multipart upload, same headers and answer rules as every call. */
export async function searchByPhoto(file: File): Promise<(ProductCard & { distance: number })[]> {
  const form = new FormData();
  form.append('file', file);
  let body: { code: string; msg: string; data: (ProductCard & { distance: number })[] };
  try {
    const response = await fetch('/v1/product/imagesearch', {
      method: 'POST',
      headers: { apptype: 'h5', appversion: '1.0', language: currentLanguage() },
      body: form,
    });
    body = await response.json();
  } catch {
    showToast(i18next.t('networkError'));
    throw new ApiError('NETWORK', i18next.t('networkError'), 0);
  }
  if (body.code !== '0') {
    showToast(body.msg);
    throw new ApiError(body.code, body.msg, 200);
  }
  sessionStorage.setItem(IMAGE_RESULTS_KEY, JSON.stringify(body.data));
  return body.data;
}

export function lastPhotoResults(): (ProductCard & { distance: number })[] {
  try {
    return JSON.parse(sessionStorage.getItem(IMAGE_RESULTS_KEY) ?? '[]');
  } catch {
    return [];
  }
}
