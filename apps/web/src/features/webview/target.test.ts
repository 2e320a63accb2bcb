import { describe, expect, it } from 'vitest';
import { startupTarget } from './target.ts';

describe('startupTarget', () => {
  it('goes on to a path of the shop, with or without the /h5 base', () => {
    expect(startupTarget('/topup?value=5')).toBe('/topup?value=5');
    expect(startupTarget('/h5/christmas')).toBe('/christmas');
  });
  it('never leaves the shop nor loops, and goes home without a target', () => {
    for (const bad of [null, '', 'https://evil.example', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)'])
      expect(startupTarget(bad)).toBe('/');
    expect(startupTarget('/startup?redirect=/x')).toBe('/');
    expect(startupTarget('/h5/startup')).toBe('/');
  });
});
