import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Actor,
  findTransition,
  initialState,
  ORDER_STATES,
  type OrderAction,
  type PayType,
  type ShipType,
  TRANSITIONS,
} from './transitions.ts';

const actions: OrderAction[] = ['pay', 'cancel', 'expire', 'ship', 'receive', 'ready', 'pickup', 'refund'];
const actors: Actor[] = ['user', 'staff', 'system'];

describe('order transition table', () => {
  it('is deterministic: at most one row per action, state, actor and order kind', () => {
    for (const ship of ['STORE', 'LOGISTICS'] as ShipType[])
      for (const pay of ['CASH', 'ONLINE', 'COD'] as PayType[])
        for (const state of ORDER_STATES)
          for (const action of actions)
            for (const by of actors) {
              const rows = TRANSITIONS.filter(
                (t) =>
                  t.action === action &&
                  t.from === state &&
                  t.by.includes(by) &&
                  (!t.ship || t.ship === ship) &&
                  (!t.pay || t.pay === pay),
              );
              expect(rows.length).toBeLessThanOrEqual(1);
            }
  });

  it('starts orders by delivery and pay type', () => {
    expect(initialState('LOGISTICS', 'ONLINE')).toBe('WP');
    expect(initialState('STORE', 'ONLINE')).toBe('WP');
    expect(initialState('STORE', 'CASH')).toBe('WPP');
    expect(initialState('LOGISTICS', 'COD')).toBe('WS');
    expect(() => initialState('LOGISTICS', 'CASH')).toThrow();
    expect(() => initialState('STORE', 'COD')).toThrow();
  });

  it('never leaves a final state, and a shopper cannot ship, refund or mark pickup', () => {
    for (const state of ['CANCEL', 'FINISH', 'REFUND'] as const)
      expect(TRANSITIONS.some((t) => t.from === state)).toBe(false);
    expect(
      TRANSITIONS.filter((t) => ['ship', 'refund', 'pickup', 'ready'].includes(t.action)).every(
        (t) => !t.by.includes('user'),
      ),
    ).toBe(true);
  });

  it('any random walk ends paid-once: money is taken at most once and stock is released only without delivery', () => {
    const kinds = fc.constantFrom<[ShipType, PayType]>(
      ['LOGISTICS', 'ONLINE'],
      ['STORE', 'ONLINE'],
      ['STORE', 'CASH'],
      ['LOGISTICS', 'COD'],
    );
    fc.assert(
      fc.property(
        kinds,
        fc.array(fc.tuple(fc.constantFrom(...actions), fc.constantFrom(...actors)), { maxLength: 20 }),
        ([ship, pay], steps) => {
          let state = initialState(ship, pay);
          let paid = 0;
          let released = 0;
          let refunded = 0;
          for (const [action, by] of steps) {
            const t = findTransition(action, { state, shipType: ship, payType: pay }, by);
            if (!t) continue;
            state = t.to;
            if (t.hooks.includes('recordPaid')) paid++;
            if (t.hooks.includes('releaseStock')) released++;
            if (t.hooks.includes('refundPayment')) refunded++;
          }
          expect(paid).toBeLessThanOrEqual(1);
          expect(released).toBeLessThanOrEqual(1);
          expect(refunded).toBeLessThanOrEqual(paid);
          if (state === 'FINISH') expect(released).toBe(0);
        },
      ),
    );
  });
});
