import { describe, expect, it } from 'vitest';
import { crc16, khqrPayload, parseKhqr } from './khqr.ts';

describe('KHQR payload', () => {
  it('uses CRC-16/CCITT-FALSE (check value of "123456789" is 29B1)', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('carries account, USD amount, bill number and a valid CRC', () => {
    const payload = khqrPayload({
      bakongAccountId: 'angkormall@aclb',
      merchantName: 'Angkor Mall',
      merchantCity: 'Phnom Penh',
      amountCents: 1250,
      billNumber: 'AM261122094500123456',
      createdAt: new Date('2026-11-22T02:45:00Z'),
    });
    const tags = parseKhqr(payload);
    expect(tags['00']).toBe('01');
    expect(tags['01']).toBe('12');
    expect(tags['29']).toBe('0015angkormall@aclb');
    expect(tags['53']).toBe('840');
    expect(tags['54']).toBe('12.50');
    expect(tags['58']).toBe('KH');
    expect(tags['62']).toBe('0120AM261122094500123456');
    const altered = payload.replace('12.50', '12.51');
    expect(() => parseKhqr(altered)).toThrow();
  });
});
