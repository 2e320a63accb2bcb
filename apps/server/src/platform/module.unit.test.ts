import { describe, expect, it } from 'vitest';
import { MODULES } from '../modules/index.ts';
import { buildServices, type PlatformContext, type ShopModule, startOrder } from './module.ts';

// Test modules name services that `Services` does not declare: the declarations are typed, these are not.
const mod = (name: string, needs: string[] = [], provides: string[] = [name]) =>
  ({
    name,
    needs,
    provides,
    build: () => Object.fromEntries(provides.map((p) => [p, { p }])),
  }) as unknown as ShopModule;

const names = (modules: ShopModule[]) => modules.map((m) => m.name);

describe('modules start in the order of what they need', () => {
  it('puts a module after the modules it needs, otherwise keeps the listed order', () => {
    const order = startOrder([mod('orders', ['catalogue', 'wallet']), mod('wallet'), mod('catalogue'), mod('staff')]);
    expect(names(order)).toEqual(['catalogue', 'wallet', 'orders', 'staff']);
  });

  it('fails at start, naming them, when a needed service is missing', () => {
    expect(() => startOrder([mod('reviews', ['catalogue'])])).toThrow(
      "Module 'reviews' needs the service 'catalogue', which no listed module provides",
    );
  });

  it('fails at start on modules that need each other, with the circle', () => {
    expect(() => startOrder([mod('a', ['b']), mod('b', ['c']), mod('c', ['a'])])).toThrow(
      'Modules need each other: a → b → c → a',
    );
  });

  it('fails when two modules provide the same service', () => {
    expect(() => startOrder([mod('a', [], ['x']), mod('b', [], ['x'])])).toThrow(
      "Service 'x' is provided by both module 'a' and 'b'",
    );
  });

  it('gives each module only the services it named, read on use', () => {
    let seen: Record<string, unknown> = {};
    const reader = {
      name: 'reader',
      needs: ['wallet'],
      provides: ['reader'],
      build: (_ctx: PlatformContext, needed: Record<string, unknown>) => {
        seen = needed;
        return { reader: {} };
      },
    } as unknown as ShopModule;
    const services = buildServices({} as PlatformContext, startOrder([reader, mod('wallet'), mod('other')]));
    expect(Object.keys(seen)).toEqual(['wallet']);
    const standIn = { standIn: true };
    (services as unknown as Record<string, unknown>).wallet = standIn;
    expect(seen.wallet).toBe(standIn);
  });

  it("fails when a module's build leaves out a service it says it provides", () => {
    const liar = { name: 'liar', provides: ['x'], build: () => ({}) } as unknown as ShopModule;
    expect(() => buildServices({} as PlatformContext, [liar])).toThrow(
      "Module 'liar' provides 'x' but did not build it",
    );
  });

  it("orders the shop's own modules (no missing service, no circle)", () => {
    const order = names(startOrder(MODULES));
    expect(order).toHaveLength(MODULES.length);
    expect(order.indexOf('catalogue')).toBeLessThan(order.indexOf('orders'));
    // The cashier starts first: orders register their payable kind with it.
    expect(order.indexOf('payments')).toBeLessThan(order.indexOf('orders'));
  });
});
