import { describe, expect, it } from 'vitest';
import admin from '../../../../admin/src/locales/en-US.json';
import adminKh from '../../../../admin/src/locales/kh.json';
import en from './locales/en-US.json';
import kh from './locales/kh.json';

/**
 * Issue 44, defect 4: an order's state is said in a shopper's words, not by the spec's state codes
 * read aloud ("Wait pay", "Wait ship", "Wait receive"), in the shop and the console alike.
 */
describe('order state labels', () => {
  it('say where the order is, in the shop and the console', () => {
    const shop = { WP: en.state.WP, WS: en.state.WS, WR: en.state.WR };
    const desk = { WP: admin['orders.state.WP'], WS: admin['orders.state.WS'], WR: admin['orders.state.WR'] };
    const words = { WP: 'Awaiting payment', WS: 'To be shipped', WR: 'On its way' };
    expect(shop).toEqual(words);
    expect(desk).toEqual(words);
    for (const label of [...Object.values(en.state), ...Object.values(en.orders.tab)])
      expect(label).not.toMatch(/^Wait\b/);
  });
  it('in Khmer, a parcel on its way is not "waiting to receive"', () => {
    expect(kh.state.WR).not.toBe('រង់ចាំទទួល');
    expect(adminKh['orders.state.WR']).not.toBe('រង់ចាំទទួល');
    expect(kh.state.WS).not.toBe(kh.state.WR);
  });
});
