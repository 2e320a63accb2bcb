import { addToCart, type Cart, queryCart } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, firstAnswerData } from '../api/index.ts';
import { queryClient } from '../api/queryClient.ts';
import { i18next } from '../i18n/index.ts';
import { session, useSession } from '../session/store.ts';
import { local } from '../storage.ts';
import { showToast } from '../ui/feedback.ts';

/**
 * The cart has one cache entry per signed-in shopper: the cart page, the tab bar's badge and every
 * change read and write this one, so the badge can never keep a count the cart no longer has.
 */
export const cartKey = (token: string) => ['cart', token] as const;

/** The cart (the cart page: a guest is asked to log in by the call itself). */
export function useCartQuery() {
  const { token } = useSession();
  return useQuery({
    queryKey: cartKey(token),
    queryFn: () => api.call(queryCart),
    initialData: () => firstAnswerData(queryCart),
  });
}

/** Pieces in the cart for the badge: no call for a guest, no toast or prompt of its own. */
export function useCartCount(): number {
  const { token } = useSession();
  const { data } = useQuery({
    queryKey: cartKey(token),
    queryFn: () => api.call(queryCart, {}, { silent: true, quiet: true }),
    initialData: () => firstAnswerData(queryCart),
    enabled: Boolean(token),
  });
  const count = token ? (data?.count ?? 0) : 0;
  useEffect(() => {
    // The session keeps the count too (spec §3 cartCount), as the cache has it.
    if (data && session.get().cartCount !== data.count) session.update({ cartCount: data.count });
  }, [data]);
  return count;
}

/** Every call that answers the whole cart (add, +1, −1, choose, remove, buy again) puts it here. */
export function putCart(cart: Cart) {
  queryClient.setQueryData(cartKey(session.get().token), cart);
  session.update({ cartCount: cart.count });
}

/** A change that does not answer the cart (an order placed from it): the cart is read again. */
export function refreshCart() {
  return queryClient.invalidateQueries({ queryKey: ['cart'] });
}

/** Adds a SKU to the signed-in shopper's cart and says so. */
export async function addToCartNow(skuId: string, quantity: number): Promise<Cart> {
  const cart = await api.call(addToCart, { skuId, quantity });
  putCart(cart);
  showToast(i18next.t('cartAdded'));
  return cart;
}

// Add to cart by a guest ------------------------------------------------------------------------

const PENDING_KEY = 'shop.pendingCartAdd';
/** A remembered add is resumed only by the login it asked for, not by one much later. */
const PENDING_MS = 30 * 60_000;
type PendingAdd = { skuId: string; quantity: number; returnTo: string; at: number };

/** Remembers what the guest wanted to add, and where from, while they log in. */
export function rememberCartAdd(skuId: string, quantity: number, returnTo: string) {
  local.setItem(PENDING_KEY, JSON.stringify({ skuId, quantity, returnTo, at: Date.now() } satisfies PendingAdd));
}

export function forgetCartAdd() {
  local.removeItem(PENDING_KEY);
}

function takePending(): PendingAdd | null {
  const raw = local.getItem(PENDING_KEY);
  forgetCartAdd();
  if (!raw) return null;
  try {
    const pending = JSON.parse(raw) as PendingAdd;
    return Date.now() - pending.at <= PENDING_MS ? pending : null;
  } catch {
    return null;
  }
}

/**
 * After a login: the add to cart that asked for it is done, and the path to go back to (the
 * product) is answered; null when nothing was waiting.
 */
export async function resumeCartAdd(): Promise<string | null> {
  const pending = takePending();
  if (!pending) return null;
  try {
    await addToCartNow(pending.skuId, pending.quantity);
  } catch {
    // The client showed why (sold out meanwhile, limit reached); the shopper is still taken back.
  }
  return pending.returnTo;
}
