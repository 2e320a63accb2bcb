import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop, testConfig } from '../../../test/harness.ts';
import { registeredShopper } from '../../../test/shoppers.ts';
import { sql } from '../../platform/sql.ts';
import { notificationDeliveries, notificationEvents } from './tables.ts';

/** Events told by the owning modules' own moves (issue 46 point 2), seen in the outbox. */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ trustProxy: true, sms: { ...testConfig().sms, simDelayMs: 0, simFailureRate: 0 } });
});
afterAll(() => shop.close());

const eventsOf = (userId: string) =>
  shop.db.select().from(notificationEvents).where(eq(notificationEvents.userId, userId));

describe('security events from accounts', () => {
  it('tells a changed pay password, and a sign-in from a new device but not from a known one', async () => {
    const me = await registeredShopper(shop, { payPassword: null }); // the account's first device: not news
    const kinds = async () => (await eventsOf(me.userId)).map((e) => e.kind).sort();
    expect(await kinds()).toEqual([]);
    // A second sign-in, by SMS code, from another browser.
    const sms = async (ua: string) => {
      const sent = await shop.call('POST', '/v1/customer/sendsms', {
        body: { countryCode: '+855', phone: me.phone, type: 'login' },
        headers: { 'x-forwarded-for': `10.9.${Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 200)}` },
      });
      expect(sent.body.code, sent.body.msg).toBe('0');
      return shop.call('POST', '/v1/customer/registandlogin', {
        body: { countryCode: '+855', phone: me.phone, code: sent.body.data.devCode, agree: true },
        headers: { 'user-agent': ua, 'x-forwarded-for': '10.9.9.9' },
        language: 'kh',
      });
    };
    const android = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';
    await shop.db.execute(
      sql`UPDATE limit_counters SET last_at = last_at - interval '61 seconds' WHERE key LIKE ${`sms:gap:%${me.phone.slice(1)}%`}`,
    );
    expect((await sms(android)).body.code).toBe('0');
    expect(await kinds()).toEqual(['security.new_sign_in']);
    const signIn = (await eventsOf(me.userId)).find((e) => e.kind === 'security.new_sign_in');
    expect(signIn?.payload).toMatchObject({ device: 'Chrome on Android' });
    // Told at once (no quiet hours), in the language of the sign-in.
    const rows = await shop.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.eventId, signIn?.id as number));
    expect(rows.map((r) => r.channel).sort()).toEqual(['inApp', 'sms']);
    expect(rows.every((r) => !r.deferred && r.language === 'kh')).toBe(true);
    // The pay password set through its call.
    const ticket = await shop.services.accounts.issueTicket('paypwd', me.userId);
    const set = await shop.call('POST', '/v1/customer/setpaypasswd', {
      token: me.token,
      body: { payPassword: '135790', repeatPayPassword: '135790', ticket },
    });
    expect(set.body.code).toBe('0');
    expect(await kinds()).toEqual(['security.new_sign_in', 'security.pay_password_changed']);
  });
});
