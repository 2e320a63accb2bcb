import {
  type HaitaoCart,
  type HaitaoChannel,
  haitaoCartAdd,
  haitaoCartChoose,
  haitaoCartChooseAll,
  haitaoCartCount,
  haitaoCartMinus,
  haitaoCartPlus,
  haitaoCartQuery,
  haitaoCartRemove,
  haitaoCategories,
  haitaoChannelOfSort,
  haitaoChannels,
  haitaoCreateDirect,
  haitaoCreatePreorder,
  haitaoFinishPreorder,
  haitaoFreightRules,
  haitaoHotList,
  haitaoModifyPreorder,
  haitaoOrderDetail,
  haitaoOrderLogistics,
  haitaoOrdersAll,
  haitaoOrdersCancel,
  haitaoOrdersFinish,
  haitaoOrdersWaitProduct,
  haitaoOrdersWaitSend,
  haitaoPicGet,
  haitaoProductDetail,
  haitaoProducts,
  haitaoRecommend,
  haitaoShopDetail,
  haitaoSimilar,
  haitaoUrlCheck,
  queryAddresses,
} from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ApiError, api, firstAnswerData } from '../../../shared/api/index.ts';
import { subjectCall, subjectQuery } from '../../../shared/api/missing.ts';
import { currentLanguage, i18next } from '../../../shared/i18n/index.ts';
import { storeChannelSort, storedChannelSort } from '../../../shared/navigation/bannerJump.ts';
import { showToast } from '../../../shared/ui/feedback.ts';

// The channel, kept on the phone as its sort (spec §2: 0 taobao, 1 alibaba). -----------------

const listeners = new Set<() => void>();

export function storedChannel(): HaitaoChannel {
  return haitaoChannelOfSort(storedChannelSort());
}

export function setChannel(channel: HaitaoChannel) {
  storeChannelSort(channel === 'alibaba' ? 1 : 0);
  for (const l of listeners) l();
}

/** The channel chosen on this phone; a link's own `channel` wins for that page. */
export function useChannel(): [HaitaoChannel, (c: HaitaoChannel) => void] {
  const channel = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    storedChannel,
    storedChannel,
  );
  return [channel, setChannel];
}

export const asChannel = (value: string | null): HaitaoChannel | null =>
  value === 'taobao' || value === 'alibaba' ? value : null;

// Browsing ------------------------------------------------------------------------------------

export const useChannels = () =>
  useQuery({ queryKey: ['haitao', 'channels'], queryFn: () => api.call(haitaoChannels) });

// The overseas home's lists start from the page's answers (the server drew the home from them).
export const useCategories = (channel: HaitaoChannel) =>
  useQuery({
    queryKey: ['haitao', 'categories', channel],
    queryFn: () => api.call(haitaoCategories, { channel }),
    initialData: () => firstAnswerData(haitaoCategories, { channel }),
  });

export const useHot = (channel: HaitaoChannel) =>
  useQuery({
    queryKey: ['haitao', 'hot', channel],
    queryFn: () => api.call(haitaoHotList, { channel }),
    initialData: () => firstAnswerData(haitaoHotList, { channel }),
  });

export const useRecommend = (channel: HaitaoChannel, size: number) =>
  useQuery({
    queryKey: ['haitao', 'recommend', channel, size],
    queryFn: () => api.call(haitaoRecommend, { channel, page: 1, size }),
    initialData: () => firstAnswerData(haitaoRecommend, { channel, page: 1, size }),
  });

export type SearchInput = {
  channel: HaitaoChannel;
  keyword?: string;
  categoryId?: string;
  shopId?: string;
  sort?: 'default' | 'sales' | 'priceAsc' | 'priceDesc';
};
export const useSearch = (input: SearchInput, size: number) =>
  useQuery({
    queryKey: ['haitao', 'search', input, size],
    queryFn: () => api.call(haitaoProducts, { ...input, page: 1, size }),
  });

export const useProduct = (channel: HaitaoChannel | null, productId: string) =>
  useQuery({
    queryKey: ['haitao', 'product', channel, productId],
    queryFn: () => api.call(haitaoProductDetail, { channel: channel as HaitaoChannel, productId }, subjectCall),
    ...subjectQuery,
  });

export const useSimilar = (channel: HaitaoChannel | null, productId: string) =>
  useQuery({
    queryKey: ['haitao', 'similar', channel, productId],
    queryFn: () => api.call(haitaoSimilar, { channel: channel as HaitaoChannel, productId }, subjectCall),
    ...subjectQuery,
  });

export const useShop = (channel: HaitaoChannel | null, shopId: string) =>
  useQuery({
    queryKey: ['haitao', 'shop', channel, shopId],
    queryFn: () => api.call(haitaoShopDetail, { channel: channel as HaitaoChannel, shopId }, subjectCall),
    ...subjectQuery,
  });

export const useFreightRules = () =>
  useQuery({ queryKey: ['haitao', 'freight'], queryFn: () => api.call(haitaoFreightRules) });

/** quiet: the box that asked says a refusal (useOpenOrSearch). */
export const useUrlCheck = () =>
  useMutation({ mutationFn: (text: string) => api.call(haitaoUrlCheck, { text }, { quiet: true }) });

export const usePictureResults = (channel: HaitaoChannel, picId: string | null) =>
  useQuery({
    queryKey: ['haitao', 'pic', channel, picId],
    queryFn: () => api.call(haitaoPicGet, { channel, picId: picId as string }),
    enabled: Boolean(picId),
  });

/** Uploads a picture to search by (multipart: the JSON client does not carry files); answers its id. */
export async function uploadPicture(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  let body: { code: string; msg: string; data: { picId: string } };
  try {
    const response = await fetch('/v1/haitao/product/pic/upload', {
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
  return body.data.picId;
}

// Cart -----------------------------------------------------------------------------------------

const CART = ['haitao', 'cart'];
export const useCart = (signedIn: boolean) =>
  useQuery({ queryKey: CART, queryFn: () => api.call(haitaoCartQuery), enabled: signedIn, staleTime: 0 });

export function useCartChange() {
  const client = useQueryClient();
  const done = (cart: HaitaoCart) => client.setQueryData(CART, cart);
  return {
    add: useMutation({
      mutationFn: (input: { channel: HaitaoChannel; productId: string; skuId: string; count: number }) =>
        api.call(haitaoCartAdd, input),
      onSuccess: done,
    }),
    choose: useMutation({
      mutationFn: (input: { ids: number[]; chosen: boolean }) => api.call(haitaoCartChoose, input),
      onSuccess: done,
    }),
    chooseAll: useMutation({
      mutationFn: (chosen: boolean) => api.call(haitaoCartChooseAll, { chosen }),
      onSuccess: done,
    }),
    remove: useMutation({ mutationFn: (ids: number[]) => api.call(haitaoCartRemove, { ids }), onSuccess: done }),
    plus: useMutation({ mutationFn: (id: number) => api.call(haitaoCartPlus, { id }), onSuccess: done }),
    minus: useMutation({ mutationFn: (id: number) => api.call(haitaoCartMinus, { id }), onSuccess: done }),
    count: useMutation({
      mutationFn: (input: { id: number; count: number }) => api.call(haitaoCartCount, input),
      onSuccess: done,
    }),
  };
}

// Quote, orders --------------------------------------------------------------------------------

export type QuoteSource =
  | { from: 'cart' }
  | { from: 'direct'; channel: HaitaoChannel; productId: string; skuId: string; count: number };

/** The quote of the confirm page: made once per visit (a reload makes a fresh one at today's prices). */
export const useQuote = (source: QuoteSource, key: string) =>
  useQuery({
    queryKey: ['haitao', 'quote', key],
    queryFn: () =>
      source.from === 'cart'
        ? api.call(haitaoCreatePreorder, {})
        : api.call(haitaoCreateDirect, {
            channel: source.channel,
            productId: source.productId,
            skuId: source.skuId,
            count: source.count,
          }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });

export function useQuoteChange(key: string) {
  const client = useQueryClient();
  return {
    address: useMutation({
      mutationFn: (input: { preorderId: string; addressId: string }) => api.call(haitaoModifyPreorder, input),
      onSuccess: (quote) => client.setQueryData(['haitao', 'quote', key], quote),
    }),
    finish: useMutation({
      mutationFn: (input: { preorderId: string; remark?: string }) => api.call(haitaoFinishPreorder, input),
      onSuccess: () => {
        void client.invalidateQueries({ queryKey: CART });
        void client.invalidateQueries({ queryKey: ['haitao', 'orders'] });
      },
    }),
  };
}

export const useAddresses = () =>
  useQuery({ queryKey: ['haitao', 'addresses'], queryFn: () => api.call(queryAddresses), staleTime: 0 });

export const ORDER_TABS = {
  all: haitaoOrdersAll,
  waitsend: haitaoOrdersWaitSend,
  waitproduct: haitaoOrdersWaitProduct,
  finish: haitaoOrdersFinish,
  cancel: haitaoOrdersCancel,
} as const;
export type OrderTab = keyof typeof ORDER_TABS;

export const useOrders = (tab: OrderTab, signedIn: boolean) =>
  useQuery({
    queryKey: ['haitao', 'orders', tab],
    queryFn: () => api.call(ORDER_TABS[tab], { page: 1, size: 50 }),
    enabled: signedIn,
    staleTime: 0,
  });

export const useOrder = (orderId: string) =>
  useQuery({
    queryKey: ['haitao', 'order', orderId],
    queryFn: () => api.call(haitaoOrderDetail, { orderId }, subjectCall),
    ...subjectQuery,
    staleTime: 0,
    // Paid a moment ago: the purchase from the source follows by itself.
    refetchInterval: (query) => (query.state.data?.state === 'PAID' ? 2_000 : false),
  });

export const useLogistics = (orderId: string) =>
  useQuery({
    queryKey: ['haitao', 'logistics', orderId],
    queryFn: () => api.call(haitaoOrderLogistics, { orderId }, subjectCall),
    ...subjectQuery,
    staleTime: 0,
  });
