import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

describe('GET /v1/other/system/config', () => {
  it('serves the constants of spec §9 from the database', async () => {
    const res = await shop.call('GET', '/v1/other/system/config');
    expect(res.body.code).toBe('0');
    expect(res.body.data).toMatchObject({
      defaultLanguage: 'en-US',
      languages: ['en-US', 'chs', 'kh'],
      phoneCodes: ['+855', '+86'],
      supportHours: { days: [1, 2, 3, 4, 5, 6], open: '08:00', close: '21:00', timeZone: 'Asia/Phnom_Penh' },
      storeHours: { open: '08:30', close: '18:00' },
      pickupHoldDays: 7,
      shippingFromCents: 100,
      minTopUpCents: 100,
      domesticDeliveryDays: { min: 1, max: 2 },
      overseasDeliveryDays: { min: 7, max: 12 },
      landFreightDays: { min: 7, max: 9 },
      smsCodeLength: 4,
      payPasswordLength: 6,
      loadingTimeoutMs: 120000,
      doubleTapMs: 300,
    });
  });

  it('is cacheable: an ETag per version and language, 304 when unchanged', async () => {
    const first = await shop.call('GET', '/v1/other/system/config');
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toContain('max-age');
    const again = await shop.call('GET', '/v1/other/system/config', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const chinese = await shop.call('GET', '/v1/other/system/config', {
      language: 'chs',
      headers: { 'if-none-match': etag },
    });
    expect(chinese.status).toBe(200);
  });

  it('follows an operator change of a setting', async () => {
    const before = await shop.call('GET', '/v1/other/system/config');
    await shop.services.system.setSetting('withdrawalMinCents', 1000);
    const after = await shop.call('GET', '/v1/other/system/config');
    expect(after.body.data.withdrawalMinCents).toBe(1000);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    await expect(shop.services.system.setSetting('withdrawalMinCents', 'ten' as never)).rejects.toThrow();
  });
});

describe('GET /v1/other/customer/service', () => {
  it('lists the channels with tappable links and the hours', async () => {
    const res = await shop.call('GET', '/v1/other/customer/service', { language: 'kh' });
    expect(res.body.code).toBe('0');
    expect(res.body.data.hours).toMatchObject({ open: '08:00', close: '21:00' });
    expect(typeof res.body.data.openNow).toBe('boolean');
    const phone = res.body.data.channels.find((c: { kind: string }) => c.kind === 'phone');
    expect(phone.href).toMatch(/^tel:\+855\d+$/);
    const telegram = res.body.data.channels.find((c: { kind: string }) => c.kind === 'telegram');
    expect(telegram.href).toMatch(/^https:\/\/t\.me\//);
  });

  it('is open on a Saturday morning and closed on Sunday, Phnom Penh time', async () => {
    // 2026-11-21 is a Saturday; 02:00 UTC is 09:00 in Phnom Penh (UTC+7).
    const saturday = await shop.services.system.customerService(new Date('2026-11-21T02:00:00Z'));
    expect(saturday.openNow).toBe(true);
    const sunday = await shop.services.system.customerService(new Date('2026-11-22T02:00:00Z'));
    expect(sunday.openNow).toBe(false);
  });
});
