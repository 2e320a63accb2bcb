import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

async function shopper() {
  const userId = `u-${randomUUID()}`;
  const { token } = await shop.ctx.sessions.create('shopper', userId);
  return { userId, token };
}

const text = (en: string, chs: string, kh: string) => ({ 'en-US': en, chs, kh });

describe('notices', () => {
  it('lists own notices and broadcasts in the shopper’s language, and counts those after the marker', async () => {
    const me = await shopper();
    const other = await shopper();
    const shipped = await shop.services.notices.notify(me.userId, {
      kind: 'order_shipped',
      title: text('Order shipped', '订单已发货', 'ការបញ្ជាទិញត្រូវបានដឹកជញ្ជូន'),
      body: text('Your order is on its way', '您的订单正在配送中', 'ការបញ្ជាទិញរបស់អ្នកកំពុងដឹកជញ្ជូន'),
      link: '/orderDetail?orderId=42',
    });
    await shop.services.notices.notify(other.userId, {
      kind: 'reward',
      title: text('x', 'x', 'x'),
      body: text('y', 'y', 'y'),
    });
    await shop.services.notices.broadcast({
      kind: 'announcement',
      title: text('Khmer New Year sale', '柬埔寨新年促销', 'ការលក់ពិសេសចូលឆ្នាំខ្មែរ'),
      body: text('Up to 50% off', '低至五折', 'បញ្ចុះតម្លៃរហូតដល់ 50%'),
      staffId: 'staff-3',
    });
    const list = await shop.call('GET', '/v1/notify/list', { token: me.token, language: 'kh' });
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.list.map((n: { title: string }) => n.title)).toEqual([
      'ការលក់ពិសេសចូលឆ្នាំខ្មែរ',
      'ការបញ្ជាទិញត្រូវបានដឹកជញ្ជូន',
    ]);
    expect(list.body.data.list[1]).toMatchObject({ link: '/orderDetail?orderId=42', unread: true });
    const newest = list.body.data.newest;
    expect((await shop.call('GET', '/v1/notify/querynewcount', { token: me.token })).body.data.count).toBe(2);
    const seen = await shop.call('GET', '/v1/notify/querynewcount', {
      token: me.token,
      query: { lastNotice: String(shipped.id) },
    });
    expect(seen.body.data.count).toBe(1);
    expect(
      (await shop.call('GET', '/v1/notify/querynewcount', { token: me.token, query: { lastNotice: String(newest) } }))
        .body.data.count,
    ).toBe(0);
    const bad = await shop.call('GET', '/v1/notify/querynewcount', { token: me.token, query: { lastNotice: 'abc' } });
    expect(bad.body.code).toBe('SYS00001');
  });

  it('refuses a notice without all three languages', async () => {
    await expect(
      shop.services.notices.notify('u', {
        kind: 'reward',
        title: { 'en-US': 'a', chs: 'b', kh: '' },
        body: text('a', 'b', 'c'),
      }),
    ).rejects.toThrow(/kh/);
  });

  it('a withdrawal decision notifies the shopper', async () => {
    const { userId, token } = await shopper();
    await shop.services.wallet.adjust({
      userId,
      account: 'cash',
      amountCents: 2000,
      reason: 'funds',
      staffId: 's',
      idempotencyKey: randomUUID(),
    });
    // Applying needs the accounts module's pay password; the freeze itself is the ledger's transfer.
    const { WithdrawalService } = await import('../wallet/service.ts');
    const ws = new WithdrawalService(shop.db, {
      wallet: shop.services.wallet,
      minimumCents: async () => 500,
      verifyPayPassword: async () => {},
      onDecided: async (row, db) => {
        const { withdrawalNotice } = await import('../wallet/service.ts');
        await shop.services.notices.notify(row.userId, withdrawalNotice(row), db);
      },
    });
    const w = await ws.apply({ userId, amountCents: 1500, payPassword: '123456' });
    await ws.decide(w.id, 'refuse', 'staff-1', 'Name mismatch');
    const list = await shop.call('GET', '/v1/notify/list', { token, language: 'chs' });
    expect(list.body.data.list[0]).toMatchObject({ kind: 'withdrawal', title: '提现被拒绝', link: '/emoneyWith' });
    expect(list.body.data.list[0].body).toContain('$15.00');
    expect(list.body.data.list[0].body).toContain('Name mismatch');
  });
});
