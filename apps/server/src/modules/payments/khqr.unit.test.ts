import { createRequire } from 'node:module';
import { rielFromCents } from '@shop/contracts';
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
  khqrData: { currency: { usd: number; khr: number } };
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

  // Riel (issue 47): currency 116, whole riel at the locked rate, rounded to the 100-riel note.
  const rielCases = [
    { cents: 390, rate: 4100, store: 'a1b2c3d4', bill: 'AM261128094500000001' },
    { cents: 2, rate: 4100, bill: 'B1' },
    { cents: 1250, rate: 4010, store: '9f8e7d6c', bill: 'TP2611280001' },
    { cents: 99_999, rate: 4125, bill: 'ORDER-0000000000000000001' },
    { cents: 10_000_00, rate: 4099, bill: 'AM2612', store: 'store' },
  ];
  for (const c of rielCases) {
    it(`is the KHR payload and MD5 the NBC's SDK makes: ${c.cents} cents at ${c.rate}`, () => {
      const now = new Date('2026-11-28T02:45:00.456Z');
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(now);
      const expiresAt = new Date(now.getTime() + 15 * 60_000);
      const riel = rielFromCents(c.cents, c.rate);
      const ours = khqrPayload({
        bakongAccountId: 'angkormall@aclb',
        merchantName: 'Angkor Mall',
        merchantCity: 'Phnom Penh',
        amountCents: c.cents,
        amountRiel: riel,
        billNumber: c.bill,
        ...(c.store ? { storeLabel: c.store } : {}),
        createdAt: now,
        expiresAt,
      });
      const info = new sdk.IndividualInfo('angkormall@aclb', 'Angkor Mall', 'Phnom Penh', {
        currency: sdk.khqrData.currency.khr,
        amount: riel,
        billNumber: c.bill,
        ...(c.store ? { storeLabel: c.store } : {}),
        expirationTimestamp: expiresAt.getTime(),
      });
      const theirs = new sdk.BakongKHQR().generateIndividual(info);
      expect(theirs.status.code, theirs.status.message).toBe(0);
      expect(ours).toBe(theirs.data.qr);
      expect(khqrMd5(ours)).toBe(theirs.data.md5);
      const tags = parseKhqr(ours);
      expect(tags['53']).toBe('116');
      expect(tags['54']).toBe(String(riel));
      expect(riel % 100).toBe(0);
    });
  }

  it('refuses a riel amount that is not a whole positive number', () => {
    const base = {
      bakongAccountId: 'angkormall@aclb',
      merchantName: 'Angkor Mall',
      merchantCity: 'Phnom Penh',
      amountCents: 390,
      billNumber: 'B1',
      expiresAt: new Date(),
    };
    expect(() => khqrPayload({ ...base, amountRiel: 0 })).toThrow(RangeError);
    expect(() => khqrPayload({ ...base, amountRiel: 1600.5 })).toThrow(RangeError);
  });
});
