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
  queryCities,
  queryDistricts,
  queryFinishedOrders,
  queryOrderDetail,
  queryOrderLogistics,
  queryProvinces,
  queryWaitPayOrders,
  queryWaitProductOrders,
  refreshCashier,
  removeAddress,
} from '@shop/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, firstAnswerData } from '../../../shared/api/index.ts';
import { subjectCall, subjectQuery } from '../../../shared/api/missing.ts';
import { putCart, useCartQuery } from '../../../shared/cart/cart.ts';
import { usePayQuery } from '../../../shared/payments/outcome.ts';

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

/** The cart page reads the shop's one cart cache (the tab bar's badge reads it too). */
export const useCart = useCartQuery;

/** Every cart change answers the whole cart: it replaces the cached one, badge included. */
export function useCartChange() {
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
    onSuccess: putCart,
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
/**
 * The order of the page (?orderId). A link without one, with a malformed one or to an order that is
 * not the shopper's is answered by the server, and the route shows "not found" with a way to the
 * orders (subjectQuery).
 */
export const useOrder = (orderId: string) =>
  useQuery({
    queryKey: ['order', orderId],
    queryFn: () => api.call(queryOrderDetail, { orderId }, subjectCall),
    ...subjectQuery,
  });
export const useLogistics = (orderId: string) =>
  useQuery({
    queryKey: ['logistics', orderId],
    queryFn: () => api.call(queryOrderLogistics, { orderId }, subjectCall),
    ...subjectQuery,
  });
/** An order's id as the shop makes them (a UUID): anything else is not an order to pay. */
export const isOrderId = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/**
 * What a cashier's address names: an order (no kind), or another product line's payable (`kind`,
 * e.g. topup), as the module registered it. Anything that is not a kind's name is ignored.
 */
export const payableKindOf = (kind: string | null) => (kind && /^[a-z][a-z-]{0,23}$/.test(kind) ? kind : undefined);

/** The cashier of an order or another payable; its refusal (not the shopper's, unknown) is said on the page, not toasted. */
export const useCashier = (orderId: string, kind?: string) =>
  useQuery({
    queryKey: ['cashier', orderId, kind ?? 'order'],
    queryFn: () => api.call(refreshCashier, { orderId, kind }, { quiet: true }),
    initialData: () => firstAnswerData(refreshCashier, { orderId, kind }),
    enabled: isOrderId(orderId),
    // Balances, a pending payment and the pay password change elsewhere: read them on every visit.
    staleTime: 0,
  });

/**
 * While the cashier shows a KHQR: whether the payable is paid yet (the shop asks Bakong by
 * itself), every 3 s, so the cashier moves on to the paid result as soon as it is. Per code: a new
 * code is not taken for the expired one before it.
 */
export const useKhqrWatch = (orderId: string, kind: string | undefined, paymentId: string) =>
  usePayQuery(kind, isOrderId(orderId) ? orderId : null, (answer) => (answer?.paid ? false : 3000), paymentId);

/**
 * The payment result page polls until the order is paid: quickly while an answer is due, then
 * more slowly, and on after a failure or a timeout too, since a late answer still settles it.
 */
export const usePayStatus = (orderId: string) =>
  usePayQuery(undefined, orderId || null, (answer) => {
    if (answer?.paid) return false;
    return answer?.lastPayment?.status === 'PENDING' ? 1500 : 5000;
  });
