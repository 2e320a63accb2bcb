// The overseas channel (haitao): a facade over browsing and the cart (shopping.ts), quotes
// (checkout.ts) and orders (orders.ts).
import type { PlatformContext, Services } from '../../platform/module.ts';
import { Checkout } from './checkout.ts';
import { Orders } from './orders.ts';
import { Shopping } from './shopping.ts';

export class OverseasService {
  readonly shopping: Shopping;
  readonly checkout: Checkout;
  readonly orders: Orders;

  constructor(
    ctx: PlatformContext,
    needed: Pick<Services, 'payments' | 'notices' | 'addresses' | 'overseasSource' | 'notifications'>,
  ) {
    this.shopping = new Shopping(ctx.db, needed.overseasSource);
    this.checkout = new Checkout(ctx.db, this.shopping, needed.addresses);
    this.orders = new Orders(ctx, needed);
  }

  init() {
    return this.shopping.init();
  }
}
