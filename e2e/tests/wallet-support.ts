import type { Browser, Page } from '@playwright/test';
import { buildApp, type ShopApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { openPglite } from '../../apps/server/src/platform/db.ts';

/**
 * The wallet journeys need staff decisions (agree, refuse, finish a withdrawal; adjust a balance;
 * pay a friend's order as checkout would). They run their own shop in this process, on a fresh
 * embedded database, so the test can drive those services while the browser uses the shop.
 */
export type LiveShop = { shop: ShopApp; url: string; close(): Promise<void> };

export async function startLiveShop(): Promise<LiveShop> {
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent-e2e-data', DEMO_DATA: '0', LOG_LEVEL: 'warn' }),
    rateLimitPerMinute: 100_000,
    trustProxy: true,
  };
  const database = await openPglite(undefined);
  const shop = await buildApp(config, database);
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  const address = shop.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { shop, url: `http://127.0.0.1:${port}`, close: () => shop.close() };
}

let serial = 0;

/** A shopper registered the way the register screen does it (SMS code), with a pay password. */
export async function newShopper(live: LiveShop, payPassword: string | null = '135790') {
  serial += 1;
  const phone = `010${String(100000 + ((Date.now() + serial * 7919) % 900000))}`;
  const ip = `10.88.${serial % 250}.${(Date.now() % 250) + 1}`;
  const call = async (url: string, body: object, token?: string, forwarded = ip) => {
    const res = await live.shop.app.inject({
      method: 'POST',
      url: token ? `${url}?token=${token}` : url,
      payload: body,
      headers: { apptype: 'h5', appversion: '1.0', language: 'en-US', 'x-forwarded-for': forwarded },
    });
    const json = res.json();
    if (json.code !== '0') throw new Error(`${url}: ${json.code} ${json.msg}`);
    return json.data;
  };
  const sent = await call('/v1/customer/sendsms', { countryCode: '+855', phone, type: 'login' });
  const login = await call('/v1/customer/registandlogin', {
    countryCode: '+855',
    phone,
    code: sent.devCode,
    agree: true,
  });
  if (payPassword) {
    await live.shop.app.inject({ method: 'GET', url: '/health' });
    const code = await call(
      '/v1/customer/sendsms',
      { phone: '', type: 'paypwd' },
      login.token,
      `10.89.${serial % 250}.9`,
    ).catch(async () => {
      // The resend gap of the phone: let it pass as if a minute went by.
      const { sql } = await import('drizzle-orm');
      await live.shop.ctx.db.execute(
        sql`UPDATE limit_counters SET last_at = last_at - interval '61 seconds' WHERE key LIKE ${`sms:gap:%${phone.slice(1)}%`}`,
      );
      return call('/v1/customer/sendsms', { phone: '', type: 'paypwd' }, login.token, `10.90.${serial % 250}.9`);
    });
    await call(
      '/v1/customer/setpaypasswd',
      { payPassword, repeatPayPassword: payPassword, code: code.devCode },
      login.token,
    );
  }
  return { token: login.token as string, userId: login.userId as string, phone, login };
}

/** Opens the shop signed in as `who` in `language` (the session the login screen stores). */
export async function openAs(
  browser: Browser,
  live: LiveShop,
  who: { token: string; userId: string } | null,
  language: 'en-US' | 'chs' | 'kh',
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  await context.addCookies([{ name: 'language', value: language, url: live.url }]);
  if (who) {
    await context.addInitScript(
      ([token, userId]) => {
        const key = 'shop.session';
        const current = JSON.parse(localStorage.getItem(key) || '{}');
        if (!current.token) localStorage.setItem(key, JSON.stringify({ ...current, token, userId }));
      },
      [who.token, who.userId],
    );
  }
  return context.newPage();
}
