import { CAMPAIGN_ROUTES } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { smallCatalogue } from '../catalogue/fixtures.ts';
import { SHOP_PAGES, seedContent } from '../content/seed.ts';
import { seedCampaigns } from './seed.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
  await smallCatalogue(shop.services);
});
afterAll(() => shop.close());

describe('campaign and content demo data', () => {
  it('gives every campaign route a published campaign and every content page its text, once', async () => {
    for (let i = 0; i < 2; i++) {
      await seedContent(shop.services.content);
      await seedCampaigns(shop.services);
    }
    expect(await shop.services.campaigns.list()).toHaveLength(CAMPAIGN_ROUTES.length);
    for (const route of CAMPAIGN_ROUTES) {
      const page = await shop.call('GET', '/v1/campaign/page', { query: { route }, language: 'kh' });
      expect(page.body.code, route).toBe('0');
      expect(page.body.data.title.length).toBeGreaterThan(0);
    }
    const states = await Promise.all(
      CAMPAIGN_ROUTES.map(
        async (route) => (await shop.call('GET', '/v1/campaign/page', { query: { route } })).body.data.state,
      ),
    );
    expect(new Set(states)).toEqual(new Set(['running', 'upcoming', 'ended']));
    for (const key of Object.keys(SHOP_PAGES)) {
      const doc = await shop.call('GET', '/v1/content/document', { query: { key }, language: 'chs' });
      expect(doc.body.data.html, key).toMatch(/<h2>|<p>/);
    }
  });
});
