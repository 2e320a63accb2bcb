import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { smallCatalogue } from '../catalogue/fixtures.ts';

let shop: TestShop;
let staff: string;
let tagId: number;
const L = (en: string) => ({ 'en-US': en, chs: `${en}（中）`, kh: `${en} (ខ្មែរ)` });
const DAY = 86_400_000;

async function shopper() {
  const userId = `u-${randomUUID()}`;
  return { userId, token: (await shop.ctx.sessions.create('shopper', userId)).token };
}

beforeAll(async () => {
  shop = await startTestShop();
  const cat = await smallCatalogue(shop.services);
  tagId = cat.tag;
  const owner = await shop.services.staff.createOwner('owner', 'Angkor2026pass');
  const m = await shop.services.staff.create(
    { login: 'fin.campaigns', displayName: 'Finance', password: 'Angkor2026pass', roles: ['finance'] },
    { staffId: owner.id, login: 'owner' },
  );
  staff = (await shop.ctx.sessions.create('staff', m.id)).token;
});
afterAll(() => shop.close());

async function batch(totalLimit: number, perUserLimit = 3) {
  return shop.services.coupons.createBatch({
    title: L('Spend 20 save 3'),
    minSpendCents: 2000,
    discountCents: 300,
    totalLimit,
    perUserLimit,
    staffId: 'st',
  });
}

async function campaign(route: string, fromDays: number, toDays: number, batchIds: number[], publish = true) {
  const saved = await shop.call('POST', '/admin-api/v1/campaigns/save', {
    token: staff,
    body: {
      route,
      title: L(`Sale ${route}`),
      startsAt: new Date(Date.now() + fromDays * DAY).toISOString(),
      endsAt: new Date(Date.now() + toDays * DAY).toISOString(),
      blocks: [
        { type: 'hero', imageUrl: null, caption: L('Big deals') },
        { type: 'countdown' },
        { type: 'coupons', batchIds, heading: L('Coupons') },
        { type: 'products', source: 'tag', sourceId: tagId, heading: L('Picks'), limit: 4 },
        { type: 'rules', heading: L('Rules'), text: L('**One** per shopper <script>x</script>') },
        { type: 'share' },
      ],
    },
  });
  expect(saved.body.code).toBe('0');
  if (publish)
    await shop.call('POST', '/admin-api/v1/campaigns/publish', {
      token: staff,
      body: { id: saved.body.data.id, published: true },
    });
  return saved.body.data as { id: number; previewPath: string };
}

const page = (route: string, options: { token?: string; language?: string; preview?: string } = {}) =>
  shop.call('GET', '/v1/campaign/page', {
    query: { route, ...(options.preview ? { preview: options.preview } : {}) },
    token: options.token,
    language: options.language,
  });

describe('campaign pages', () => {
  it('a running campaign shows its blocks in the caller’s language; rules are sanitised', async () => {
    const b = await batch(10);
    await campaign('christmas', -1, 10, [b.id]);
    const res = await page('christmas', { language: 'kh' });
    expect(res.body.data).toMatchObject({ state: 'running', preview: false, title: 'Sale christmas (ខ្មែរ)' });
    const types = res.body.data.blocks.map((x: { type: string }) => x.type);
    expect(types).toEqual(['hero', 'countdown', 'coupons', 'products', 'rules', 'share']);
    const rules = res.body.data.blocks.find((x: { type: string }) => x.type === 'rules');
    expect(rules.html).toContain('<strong>One</strong>');
    expect(rules.html).not.toContain('script');
    // "See all" names the campaign, so its list is titled by it rather than by the tag.
    const products = res.body.data.blocks.find((x: { type: string }) => x.type === 'products');
    expect(products.more).toBe(`/tagProductList?tagId=${tagId}&name=${encodeURIComponent('Sale christmas (ខ្មែរ)')}`);
    const coupons = res.body.data.blocks.find((x: { type: string }) => x.type === 'coupons');
    expect(coupons.offers[0]).toMatchObject({ batchId: b.id, claimed: false, soldOut: false });
  });

  it('before the start it says when (hero and countdown only); after the end no blocks; unpublished is not shown', async () => {
    await campaign('blackFridav', 2, 5, [(await batch(5)).id]);
    const before = (await page('blackFridav')).body.data;
    expect(before.state).toBe('upcoming');
    expect(before.blocks.map((x: { type: string }) => x.type)).toEqual(['hero', 'countdown']);
    await campaign('Cambodiaactivity', -10, -2, [(await batch(5)).id]);
    const after = (await page('Cambodiaactivity')).body.data;
    expect(after).toMatchObject({ state: 'ended', blocks: [] });
    const draft = await campaign('decathlon', -1, 3, [(await batch(5)).id], false);
    const none = await page('decathlon', { language: 'chs' });
    expect(none.body).toMatchObject({ code: 'CMP00001', msg: '此页面当前没有活动' });
    // Staff's preview link shows the draft with all its blocks.
    const token = new URL(draft.previewPath, 'http://x').searchParams.get('preview') as string;
    const preview = (await page('decathlon', { preview: token })).body.data;
    expect(preview).toMatchObject({ preview: true, state: 'running' });
    expect(preview.blocks).toHaveLength(6);
    // A preview token of another route or a guessed one shows nothing more than the public page.
    expect((await page('christmas', { preview: token })).body.data.preview).toBe(false);
    expect((await page('decathlon', { preview: 'x'.repeat(24) })).body.code).toBe('CMP00001');
  });

  it('claims: log in first, once per shopper, only coupons of a running campaign', async () => {
    const b = await batch(10, 5);
    const other = await batch(10);
    const c = await campaign('newbg', -1, 3, [b.id]);
    const visitor = await shop.call('POST', '/v1/campaign/claim', { body: { campaignId: c.id, batchId: b.id } });
    expect(visitor.body.code).toBe('USR00001');
    const { token } = await shopper();
    const first = await shop.call('POST', '/v1/campaign/claim', { token, body: { campaignId: c.id, batchId: b.id } });
    expect(first.body.code).toBe('0');
    const again = await shop.call('POST', '/v1/campaign/claim', { token, body: { campaignId: c.id, batchId: b.id } });
    expect(again.body.code).toBe('COUPONCODE0006');
    const foreign = await shop.call('POST', '/v1/campaign/claim', {
      token,
      body: { campaignId: c.id, batchId: other.id },
      language: 'chs',
    });
    expect(foreign.body).toMatchObject({ code: 'CMP00004', msg: '该活动不提供此优惠券' });
    const seen = (await page('newbg', { token })).body.data.blocks.find((x: { type: string }) => x.type === 'coupons');
    expect(seen.offers[0].claimed).toBe(true);
    const early = await campaign('valentineActivity', 3, 9, [b.id]);
    expect(
      (await shop.call('POST', '/v1/campaign/claim', { token, body: { campaignId: early.id, batchId: b.id } })).body
        .code,
    ).toBe('CMP00002');
  });

  it('simultaneous claims never give more than the coupons left, nor two to one shopper', async () => {
    const b = await batch(7, 5);
    const c = await campaign('Shortactivity', -1, 1, [b.id]);
    const users = await Promise.all(Array.from({ length: 12 }, () => shopper()));
    // Each shopper taps twice at once; twelve shoppers race for seven coupons.
    const results = await Promise.all(
      [...users, ...users].map((u) =>
        shop.call('POST', '/v1/campaign/claim', { token: u.token, body: { campaignId: c.id, batchId: b.id } }),
      ),
    );
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((x) => x === '0')).toHaveLength(7);
    expect(codes.every((x) => ['0', 'COUPONCODE0006', 'COUPONCODE0007'].includes(x))).toBe(true);
    const perUser = await Promise.all(
      users.map(
        async (u) => (await shop.services.coupons.list(u.userId, 'valid', { page: 1, size: 10 }, 'en-US')).total,
      ),
    );
    expect(perUser.every((n) => n <= 1)).toBe(true);
    expect(perUser.reduce((a, n) => a + n, 0)).toBe(7);
  });

  it('staff input is checked: dates in order, real batches, finance only', async () => {
    const base = {
      route: 'twelveActivity',
      title: L('x'),
      blocks: [{ type: 'share' }],
      startsAt: '2026-12-12T00:00:00+07:00',
      endsAt: '2026-12-11T00:00:00+07:00',
    };
    expect((await shop.call('POST', '/admin-api/v1/campaigns/save', { token: staff, body: base })).body.code).toBe(
      'CMP00005',
    );
    const missing = await shop.call('POST', '/admin-api/v1/campaigns/save', {
      token: staff,
      body: {
        ...base,
        endsAt: '2026-12-13T00:00:00+07:00',
        blocks: [{ type: 'coupons', batchIds: [987654], heading: L('x') }],
      },
    });
    expect(missing.body.code).toBe('CMP00007');
    expect(
      (await shop.call('POST', '/admin-api/v1/campaigns/save', { token: staff, body: { ...base, route: 'nowhere' } }))
        .body.code,
    ).toBe('SYS00001');
    const list = await shop.call('GET', '/admin-api/v1/campaigns', { token: staff });
    expect(list.body.data.list.length).toBeGreaterThan(3);
    expect(list.body.data.choices.tags.length).toBeGreaterThan(0);
  });
});
