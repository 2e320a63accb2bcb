import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { step1Of } from '../../../test/bongloy.ts';
import { startTestShop, type TestShop, testConfig } from '../../../test/harness.ts';
import { quietShopper } from '../../../test/shoppers.ts';

// CARD_ISSUER=none (the production default until an issuer is configured): the shop takes no
// application fee and no top-up for a card nobody would issue or credit, and says so.

let shop: TestShop;
beforeAll(async () => {
  const base = testConfig().partners;
  shop = await startTestShop({ partners: { ...base, cardIssuer: { ...base.cardIssuer, mode: 'none' } } });
});
afterAll(() => shop?.close());

describe('no card issuer', () => {
  it('refuses a card application in the shopper’s language', async () => {
    const me = await quietShopper(shop);
    const own = (await shop.services.accounts.getUser(me.userId))?.phone as string;
    const body = step1Of(own);
    const en = await shop.call('POST', '/v1/bongloy/step1', { token: me.token, body });
    expect(en.body).toMatchObject({ code: 'BLG00027', msg: 'Prepaid cards are not available at the moment' });
    const kh = await shop.call('POST', '/v1/bongloy/step1', { token: me.token, body, language: 'kh' });
    expect(kh.body).toMatchObject({ code: 'BLG00027', msg: 'សេវាកាតបង់ប្រាក់ជាមុនមិនអាចប្រើបានទេនៅពេលនេះ' });
    expect(shop.services.cardIssuer.name).toBe('none');
  });
});
