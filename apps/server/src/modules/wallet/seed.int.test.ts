import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { DEMO_SHOPPER, seedWalletDemo } from './seed.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

describe('wallet demo data', () => {
  it('gives the demo shopper balances, bills, coupons and a notice, once', async () => {
    await seedWalletDemo(shop.ctx, shop.services);
    await seedWalletDemo(shop.ctx, shop.services);
    const user = await shop.services.accounts.findByPhone(DEMO_SHOPPER.e164);
    expect(user).not.toBeNull();
    const userId = (user as { id: string }).id;
    expect(await shop.services.wallet.balances(userId)).toMatchObject({
      cashCents: 15_000 - 1340,
      giftCents: 500,
      points: 1200,
    });
    const bills = await shop.services.wallet.bills(userId, { page: 1, size: 50 });
    expect(bills.total).toBe(6);
    expect(await shop.services.coupons.usableCount(userId)).toBe(2);
    expect((await shop.services.notices.list(userId, { page: 1, size: 5 }, 'kh')).total).toBe(1);
    const login = await shop.call('POST', '/v1/customer/login', {
      body: { countryCode: '+855', phone: DEMO_SHOPPER.phone, password: DEMO_SHOPPER.password, agree: true },
    });
    expect(login.body.code).toBe('0');
    expect(await shop.services.wallet.ledger.audit()).toEqual([]);
  });
});
