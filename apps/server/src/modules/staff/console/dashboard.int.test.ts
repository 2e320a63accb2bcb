import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../../test/harness.ts';
import { quietShopper } from '../../../../test/shoppers.ts';
import { phnomPenhDay } from '../../../platform/days.ts';
import { sql } from '../../../platform/sql.ts';

let shop: TestShop;
let owner: string;
let catalogueStaff: string;
let skuId: string;
const L = (en: string) => ({ 'en-US': en, chs: en, kh: en });
const PIN = '258046';
const DAY = 86_400_000;

beforeAll(async () => {
  shop = await startTestShop();
  const o = await shop.services.staff.createOwner('owner', 'Angkor2026pass');
  owner = (await shop.ctx.sessions.create('staff', o.id)).token;
  const m = await shop.services.staff.create(
    { login: 'cat.dash', displayName: 'Catalogue', password: 'Angkor2026pass', roles: ['catalogue'] },
    { staffId: o.id, login: 'owner' },
  );
  catalogueStaff = (await shop.ctx.sessions.create('staff', m.id)).token;
  const top = await shop.services.catalogue.addCategory({ parentId: null, name: L('Phones') });
  const mid = await shop.services.catalogue.addCategory({ parentId: top, name: L('Smart') });
  const leaf = await shop.services.catalogue.addCategory({ parentId: mid, name: L('Android') });
  const product = await shop.services.catalogue.addProduct({
    categoryId: leaf,
    name: L('Mekong X1'),
    description: L('Phone'),
    imageIds: [],
    items: [{ spec: [], priceCents: 2500, stock: 50 }],
  });
  skuId = String(product.itemIds[0]);
});
afterAll(() => shop.close());

/** A real order through the shop's calls: placed for pickup, paid from the wallet unless `pay` is false. */
async function order(token: string, pay = true): Promise<string> {
  const pre = await shop.call('POST', '/v1/preorder/createdirect', {
    token,
    body: { skuId, quantity: 1, shipType: 'STORE' },
  });
  const done = await shop.call('POST', '/v1/preorder/finish', { token, body: { preorderId: pre.body.data.id } });
  const orderId = done.body.data.orderId as string;
  if (pay) {
    const paid = await shop.call('POST', '/v1/order/pay', {
      token,
      body: { orderId, channel: 'wallet', payPassword: PIN },
    });
    expect(paid.body.code, paid.body.msg).toBe('0');
  }
  return orderId;
}

const series = async (token: string) => {
  const res = await shop.call('GET', '/admin-api/v1/dashboard/series', { token });
  expect(res.body.code, res.body.msg).toBe('0');
  return res.body.data as {
    days: string[];
    orders: number[] | null;
    salesCents: number[] | null;
    newShoppers: number[] | null;
    pageViews: number[];
  };
};

describe('the dashboard charts', () => {
  it('counts orders, sales, new shoppers and page views per Phnom Penh day over 30 days', async () => {
    const before = await series(owner);
    expect(before.days).toHaveLength(30);
    const today = phnomPenhDay(new Date());
    expect(before.days.at(-1)).toBe(today);
    expect(before.days[0]).toBe(phnomPenhDay(new Date(Date.now() - 29 * DAY)));

    const a = await quietShopper(shop, { payPassword: PIN, cashCents: 100_000 });
    const b = await quietShopper(shop, { payPassword: PIN, cashCents: 100_000 });
    await order(a.token);
    await order(a.token);
    await order(b.token, false); // placed, not paid: an order, no sales
    const late = await order(b.token);
    // One order placed and paid at 17:30 UTC three days ago: 00:30 the next day in Phnom Penh.
    const threeDaysAgo = new Date(Date.now() - 3 * DAY);
    const at = new Date(`${threeDaysAgo.toISOString().slice(0, 10)}T17:30:00Z`);
    await shop.db.execute(sql`UPDATE orders SET created_at = ${at}, paid_at = ${at} WHERE id = ${late}`);
    // One shopper signed up 40 days ago: outside the chart.
    await shop.db.execute(sql`UPDATE users SET created_at = now() - interval '40 days' WHERE id = ${b.userId}`);
    await shop.call('POST', '/v1/analytics/pageviews', {
      token: a.token,
      body: { events: ['/', '/product', '/cart'].map((route) => ({ route, at: new Date().toISOString() })) },
    });
    const yesterday = phnomPenhDay(new Date(Date.now() - DAY));
    await shop.db.execute(
      sql`INSERT INTO page_views (at, day, route, language) VALUES (${new Date(Date.now() - DAY)}, ${yesterday}, '/', 'kh')`,
    );

    const after = await series(owner);
    const diff = (k: 'orders' | 'salesCents' | 'newShoppers' | 'pageViews', day: string) => {
      const i = after.days.indexOf(day);
      return (after[k] as number[])[i] - (before[k] as number[])[i];
    };
    expect(diff('orders', today)).toBe(3);
    expect(diff('salesCents', today)).toBe(2 * 2500);
    const lateDay = phnomPenhDay(at);
    expect(lateDay).not.toBe(at.toISOString().slice(0, 10));
    expect(diff('orders', lateDay)).toBe(1);
    expect(diff('salesCents', lateDay)).toBe(2500);
    expect(diff('newShoppers', today)).toBe(1);
    expect(diff('pageViews', today)).toBe(3);
    expect(diff('pageViews', yesterday)).toBe(1);
    const sum = (xs: number[] | null) => (xs ?? []).reduce((s, n) => s + n, 0);
    expect(sum(after.orders) - sum(before.orders)).toBe(4);
  });

  it('shows each staff member only the figures their roles may see', async () => {
    const mine = await series(catalogueStaff);
    expect(mine).toMatchObject({ orders: null, salesCents: null, newShoppers: null });
    expect(mine.pageViews).toHaveLength(30);
    expect((await shop.call('GET', '/admin-api/v1/dashboard/series', {})).status).toBe(400);
  });
});
