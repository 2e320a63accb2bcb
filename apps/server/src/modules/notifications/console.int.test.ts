import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop, testConfig } from '../../../test/harness.ts';
import { quietShopper } from '../../../test/shoppers.ts';
import { users } from '../accounts/tables.ts';

/** The console's notification calls: a shopper's log, the day by channel, the templates' preview. */
let shop: TestShop;
/** 11:00 in Phnom Penh: out of the quiet hours. */
const DAY = new Date('2026-11-28T04:00:00Z');
let support: string;
let finance: string;
beforeAll(async () => {
  shop = await startTestShop({ sms: { ...testConfig().sms, simDelayMs: 0, simFailureRate: 0 } });
  const owner = await shop.services.staff.createOwner('owner', 'Angkor2026pass');
  const make = async (role: 'support' | 'finance') => {
    const m = await shop.services.staff.create(
      { login: `${role}.ntf`, displayName: role, password: 'Angkor2026pass', roles: [role] },
      { staffId: owner.id, login: 'owner' },
    );
    return (await shop.ctx.sessions.create('staff', m.id)).token;
  };
  support = await make('support');
  finance = await make('finance');
});
afterAll(() => shop.close());

const staffCall = (token: string, url: string, query?: Record<string, string>) =>
  shop.call('GET', url, { headers: { authorization: `Bearer ${token}` }, query });

describe('notifications in the console', () => {
  it('shows a shopper’s messages with their state and failure, and the day by channel', async () => {
    const me = await quietShopper(shop);
    const [{ phone }] = await shop.db.select({ phone: users.phone }).from(users).where(eq(users.id, me.userId));
    await shop.services.notifications.emit(
      {
        kind: 'order.delivered',
        userId: me.userId,
        subject: 'C-1',
        data: { orderId: 1, orderNo: 'C-1' },
      },
      undefined,
      DAY,
    );
    for (const d of await shop.services.notifications.log(me.userId))
      await shop.services.notifications.outbox.deliver(d.id, DAY);
    const log = await staffCall(support, '/admin-api/v1/support/notifications/log', { phone: phone as string });
    expect(log.body.code).toBe('0');
    expect(log.body.data.list.map((r: { channel: string; state: string }) => `${r.channel}:${r.state}`).sort()).toEqual(
      ['inApp:sent', 'sms:sent'],
    );
    expect(log.body.data.list[0]).toMatchObject({ event: 'order.delivered', failure: '' });
    const today = await staffCall(support, '/admin-api/v1/support/notifications/today');
    const sms = today.body.data.channels.find((c: { channel: string }) => c.channel === 'sms');
    expect(sms.sent).toBeGreaterThanOrEqual(1);
    // Another role may not read shoppers' messages.
    expect((await staffCall(finance, '/admin-api/v1/support/notifications/today')).body.code).toBe('STF00003');
  });

  it('previews every template in the three languages, filled', async () => {
    const res = await staffCall(support, '/admin-api/v1/support/notifications/templates');
    const shipped = res.body.data.list.find((t: { event: string }) => t.event === 'order.shipped');
    expect(shipped.texts.map((t: { language: string }) => t.language)).toEqual(['en-US', 'chs', 'kh']);
    expect(shipped.texts[2].body).toContain('J&T');
    for (const t of res.body.data.list) for (const text of t.texts) expect(text.body).not.toMatch(/\{\w+\}/);
  });

  it('sends a promotion only where the shopper agreed to it', async () => {
    const me = await quietShopper(shop);
    const [{ phone }] = await shop.db.select({ phone: users.phone }).from(users).where(eq(users.id, me.userId));
    const text = { 'en-US': 'Sale', chs: '促销', kh: 'លក់' };
    const send = () =>
      shop.call('POST', '/admin-api/v1/support/notice', {
        headers: { authorization: `Bearer ${support}` },
        body: { phone, title: text, body: text, link: '/home', promotion: true },
      });
    expect((await send()).body.code).toBe('0');
    expect(await shop.services.notifications.log(me.userId)).toEqual([]);
    await shop.call('POST', '/v1/notify/settings', {
      token: me.token,
      body: { choices: { promotions: { inApp: true } } },
    });
    expect((await send()).body.code).toBe('0');
    expect((await shop.services.notifications.log(me.userId)).map((d) => d.channel)).toEqual(['inApp']);
  });
});
