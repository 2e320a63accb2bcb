import { describe, expect, it } from 'vitest';
import { tokenExpiry, tokenStatus } from './client.ts';
import { decodeKhqr, simulatorToken } from './simulator.ts';

const jwt = (claims: object) =>
  `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

describe('the Bakong token', () => {
  it('is read for its exp without being verified', () => {
    expect(tokenExpiry(jwt({ exp: 1_800_000_000 }))?.toISOString()).toBe('2027-01-15T08:00:00.000Z');
    expect(tokenExpiry(jwt({ sub: 'x' }))).toBeNull();
    expect(tokenExpiry('not-a-jwt')).toBeNull();
    expect(tokenExpiry('a.%%%.c')).toBeNull();
  });

  it('is missing, unreadable, expired or valid', () => {
    const now = new Date('2026-11-22T00:00:00Z');
    expect(tokenStatus('', now).state).toBe('missing');
    expect(tokenStatus('abc', now).state).toBe('unreadable');
    expect(tokenStatus(jwt({ exp: now.getTime() / 1000 }), now).state).toBe('expired');
    expect(tokenStatus(simulatorToken('s', now.getTime(), 1), now)).toEqual({
      state: 'valid',
      expiresAt: new Date(now.getTime() + 86_400_000),
    });
  });
});

describe("the stand-in's reading of a KHQR", () => {
  it('refuses a damaged code', () => {
    expect(() => decodeKhqr('00020101021229190015angkormall@aclb6304ABCD')).toThrow(/checksum/);
  });
});
