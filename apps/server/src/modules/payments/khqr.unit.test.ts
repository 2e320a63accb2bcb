import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { crc16, khqrMd5, khqrPayload, parseKhqr } from './khqr.ts';

/** The National Bank of Cambodia's KHQR SDK (a devDependency: the server makes the same bytes itself). */
type Sdk = {
  BakongKHQR: new () => {
    generateIndividual(info: unknown): {
      status: { code: number; message?: string };
      data: { qr: string; md5: string };
    };
  };
  IndividualInfo: new (account: string, name: string, city: string, optional: Record<string, unknown>) => unknown;
  khqrData: { currency: { usd: number } };
};
const sdk = createRequire(import.meta.url)('bakong-khqr') as Sdk;

afterEach(() => {
  vi.useRealTimers();
});

describe('KHQR payload', () => {
  it('uses CRC-16/CCITT-FALSE (check value of "123456789" is 29B1)', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('carries account, USD amount, bill number, its expiry and a valid CRC', () => {
    const payload = khqrPayload({
      bakongAccountId: 'angkormall@aclb',
      merchantName: 'Angkor Mall',
      merchantCity: 'Phnom Penh',
      amountCents: 1250,
      billNumber: 'AM261122094500123456',
      createdAt: new Date('2026-11-22T02:45:00Z'),
      expiresAt: new Date('2026-11-22T03:00:00Z'),
    });
    const tags = parseKhqr(payload);
    expect(tags['00']).toBe('01');
    expect(tags['01']).toBe('12');
    expect(tags['29']).toBe('0015angkormall@aclb');
    expect(tags['53']).toBe('840');
    expect(tags['54']).toBe('12.50');
    expect(tags['58']).toBe('KH');
    expect(tags['62']).toBe('0120AM261122094500123456');
    expect(tags['99']).toBe(`0013${Date.parse('2026-11-22T02:45:00Z')}0113${Date.parse('2026-11-22T03:00:00Z')}`);
    const altered = payload.replace('12.50', '12.51');
    expect(() => parseKhqr(altered)).toThrow();
  });

  // The SDK stamps the creation time with Date.now(): the clock is fixed so both stamp the same.
  const cases = [
    { account: 'angkormall@aclb', name: 'Angkor Mall', city: 'Phnom Penh', cents: 1250, bill: 'AM261122094500123456' },
    {
      account: 'angkormall@aclb',
      name: 'Angkor Mall',
      city: 'Phnom Penh',
      cents: 200,
      bill: 'TP2611220001',
      store: 'a1b2c3d4',
    },
    { account: 'shop_x@wing', name: 'Phsar Thmei Store', city: 'Siem Reap', cents: 1, bill: 'B1' },
    {
      account: 'kh.mall@abaa',
      name: 'Mall',
      city: 'Battambang',
      cents: 99_999,
      bill: 'ORDER-0000000000000000001',
      store: 'store',
    },
    {
      account: 'angkormall@aclb',
      name: 'Angkor Mall',
      city: 'Phnom Penh',
      cents: 1999,
      bill: 'AM2611',
      store: '9f8e7d6c',
    },
    { account: 'angkormall@aclb', name: 'Angkor Mall', city: 'Phnom Penh', cents: 10_000_00, bill: 'AM2612' },
  ];
  for (const c of cases) {
    it(`is the payload and MD5 the NBC's SDK makes: ${c.account}, ${c.cents} cents`, () => {
      const now = new Date('2026-11-22T02:45:00.123Z');
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(now);
      const expiresAt = new Date(now.getTime() + 15 * 60_000);
      const ours = khqrPayload({
        bakongAccountId: c.account,
        merchantName: c.name,
        merchantCity: c.city,
        amountCents: c.cents,
        billNumber: c.bill,
        ...(c.store ? { storeLabel: c.store } : {}),
        createdAt: now,
        expiresAt,
      });
      const info = new sdk.IndividualInfo(c.account, c.name, c.city, {
        currency: sdk.khqrData.currency.usd,
        amount: c.cents / 100,
        billNumber: c.bill,
        ...(c.store ? { storeLabel: c.store } : {}),
        expirationTimestamp: expiresAt.getTime(),
      });
      const theirs = new sdk.BakongKHQR().generateIndividual(info);
      expect(theirs.status.code, theirs.status.message).toBe(0);
      expect(ours).toBe(theirs.data.qr);
      expect(khqrMd5(ours)).toBe(theirs.data.md5);
    });
  }
});
