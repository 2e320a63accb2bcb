import {
  addAddress,
  addReview,
  addToCart,
  bridgePayFail,
  bridgePaySuccess,
  cancelOrder,
  cartBuyAgain,
  cartChoose,
  cartChooseAll,
  cartMinus1,
  cartPlus1,
  cartRemoveList,
  createPreorder,
  finishOrder,
  finishPreorder,
  hideOrder,
  modifyAddress,
  modifyPreorder,
  payOrder,
  queryAddresses,
  queryAllOrders,
  queryCancelledOrders,
  queryCart,
  queryCities,
  queryDistricts,
  queryFinishedOrders,
  queryOrderDetail,
  queryOrderLogistics,
  queryPay,
  queryProvinces,
  queryWaitPayOrders,
  queryWaitProductOrders,
  refreshCashier,
  removeAddress,
} from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';

export const calls = {
  addAddress,
  addReview,
  addToCart,
  cancelOrder,
  cartChoose,
  cartChooseAll,
  cartMinus1,
  cartPlus1,
  cartRemoveList,
  createPreorder,
  finishOrder,
  finishPreorder,
  hideOrder,
  modifyAddress,
  modifyPreorder,
  payOrder,
  removeAddress,
  cartBuyAgain,
  bridgePaySuccess,
  bridgePayFail,
};

export const useCart = () => useQuery({ queryKey: ['cart'], queryFn: () => api.call(queryCart) });

/** Every cart change answers the whole cart: it replaces the cached one. */
export function useCartChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      call,
      input,
    }: {
      call:
        | typeof cartPlus1
        | typeof cartMinus1
        | typeof cartChoose
        | typeof cartChooseAll
        | typeof cartRemoveList
        | typeof addToCart;
      input: Record<string, unknown>;
    }) => api.call(call, input),
    onSuccess: (cart) => client.setQueryData(['cart'], cart),
  });
}

export const useAddresses = () => useQuery({ queryKey: ['addresses'], queryFn: () => api.call(queryAddresses) });
export const useProvinces = () =>
  useQuery({ queryKey: ['provinces'], queryFn: () => api.call(queryProvinces), staleTime: 3_600_000 });
export const useCities = (provinceCode: string | undefined) =>
  useQuery({
    queryKey: ['cities', provinceCode],
    queryFn: () => api.call(queryCities, { provinceCode }),
    enabled: !!provinceCode,
    staleTime: 3_600_000,
  });
export const useCommunes = (cityCode: string | undefined) =>
  useQuery({
    queryKey: ['communes', cityCode],
    queryFn: () => api.call(queryDistricts, { cityCode }),
    enabled: !!cityCode,
    staleTime: 3_600_000,
  });

export const TABS = {
  all: queryAllOrders,
  waitpay: queryWaitPayOrders,
  waitproduct: queryWaitProductOrders,
  finish: queryFinishedOrders,
  cancel: queryCancelledOrders,
} as const;
export type Tab = keyof typeof TABS;
export const useOrders = (tab: Tab) =>
  useQuery({ queryKey: ['orders', tab], queryFn: () => api.call(TABS[tab], { page: 1, size: 20 }) });
export const useOrder = (orderId: string) =>
  useQuery({
    queryKey: ['order', orderId],
    queryFn: () => api.call(queryOrderDetail, { orderId }),
    enabled: !!orderId,
  });
export const useLogistics = (orderId: string) =>
  useQuery({ queryKey: ['logistics', orderId], queryFn: () => api.call(queryOrderLogistics, { orderId }) });
export const useCashier = (orderId: string) =>
  useQuery({
    queryKey: ['cashier', orderId],
    queryFn: () => api.call(refreshCashier, { orderId }),
    enabled: !!orderId,
  });
/** The payment result page polls until the order is paid or the payment failed. */
export const usePayStatus = (orderId: string) =>
  useQuery({
    queryKey: ['pay', orderId],
    queryFn: () => api.call(queryPay, { orderId }),
    enabled: !!orderId,
    refetchInterval: (q) => {
      const d = q.state.data;
      return d && (d.paid || ['FAILED', 'TIMEOUT', 'EXPIRED'].includes(d.lastPayment?.status ?? '')) ? false : 1500;
    },
  });
