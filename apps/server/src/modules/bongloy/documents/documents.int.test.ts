import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../../test/harness.ts';
import { bongloyModule } from '../module.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
  await bongloyModule.seedDemo?.(shop.ctx, shop.services);
});
afterAll(() => shop.close());

/** The documents the shop's card pages name (apps/web/src/app/routes.tsx and the card's screens). */
const PAGES = [
  'introduce',
  'faq',
  'terms',
  'cardholderAgreement',
  'kycFaq',
  'usageGuide',
  'operatingManual',
  'openAccountSteps',
  'strategy',
  'agreement',
  'walletCardProtocol',
  'masterProtocol',
  'masterFaq',
  'masterTerms',
  'customer',
  'download',
  'share',
];

describe('the prepaid card’s information pages', () => {
  it('are in place in the three languages, rendered from Markdown', async () => {
    for (const name of PAGES) {
      const titles = new Set<string>();
      for (const [language, script] of [
        ['en-US', /[A-Za-z]/],
        ['chs', /[\u4e00-\u9fff]/],
        ['kh', /[\u1780-\u17ff]/],
      ] as const) {
        const doc = await shop.call('GET', '/v1/content/document', { query: { key: `bongloy.${name}` }, language });
        expect(doc.body.code, `${name} ${language}`).toBe('0');
        expect(doc.body.data.title).toMatch(script);
        expect(doc.body.data.html).toMatch(script);
        expect(doc.body.data.html).toMatch(/<(h2|ol|ul|p)>/);
        // Markdown left unrendered would show its marks.
        expect(doc.body.data.html, `${name} ${language}`).not.toMatch(/\*\*|^#|\n## /);
        titles.add(doc.body.data.title);
      }
      expect(titles.size, name).toBe(3);
    }
  });

  it('show the operating manual’s table as a table', async () => {
    const doc = await shop.call('GET', '/v1/content/document', { query: { key: 'bongloy.operatingManual' } });
    expect(doc.body.data.html).toContain('<table>');
    expect(doc.body.data.html).toContain('<td><strong>Activate this card</strong></td>');
  });
});
