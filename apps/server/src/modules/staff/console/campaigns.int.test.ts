import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../../test/harness.ts';

let shop: TestShop;
let token: string;
const L = (en: string, chs = `${en}（中）`, kh = `${en} (ខ្មែរ)`) => ({ 'en-US': en, chs, kh });
let batchA: number;
let batchB: number;

beforeAll(async () => {
  shop = await startTestShop();
  const owner = await shop.services.staff.createOwner('owner', 'Angkor2026pass');
  const m = await shop.services.staff.create(
    { login: 'fin.pages', displayName: 'Finance', password: 'Angkor2026pass', roles: ['finance'] },
    { staffId: owner.id, login: 'owner' },
  );
  token = (await shop.ctx.sessions.create('staff', m.id)).token;
  const create = (title: string, minSpendCents: number) =>
    shop.call('POST', '/admin-api/v1/finance/coupons/create', {
      token,
      body: { title: L(title), minSpendCents, discountCents: 300, validDays: 30, perUserLimit: 1 },
    });
  batchA = (await create('Spend 20 save 3', 2000)).body.data.id;
  batchB = (await create('Spend 40 save 3', 4000)).body.data.id;
});
afterAll(() => shop.close());

const save = (body: Record<string, unknown>, language = 'en-US') =>
  shop.call('POST', '/admin-api/v1/finance/campaigns/save', {
    token,
    language,
    body: {
      campaign: 'newyear',
      title: L('Lunar sale'),
      body: L('Two coupons'),
      imageUrl: null,
      batchIds: [],
      ...body,
    },
  });
const shopPage = (language = 'en-US') =>
  shop.call('GET', '/v1/coupon/campaign', { query: { campaign: 'newyear' }, language });

describe('campaign pages from the console', () => {
  it('writes the page and its coupons; the shop page shows them in the shopper language', async () => {
    const res = await save({
      title: L('Lunar sale', '春节特卖', 'លក់ចូលឆ្នាំ'),
      body: L('Two coupons\nfor the new year'),
      imageUrl: '/v1/catalogue/image/7',
      batchIds: [batchA, batchB],
    });
    expect(res.body.code).toBe('0');
    expect(res.body.data).toMatchObject({ campaign: 'newyear', batchIds: [batchA, batchB] });
    const kh = await shopPage('kh');
    expect(kh.body.data.page).toEqual({
      title: 'លក់ចូលឆ្នាំ',
      body: 'Two coupons\nfor the new year (ខ្មែរ)',
      imageUrl: '/v1/catalogue/image/7',
    });
    expect(kh.body.data.offers.map((o: { batchId: number }) => o.batchId)).toEqual(
      expect.arrayContaining([batchA, batchB]),
    );
  });

  it('changes which coupons the page gives; the audit row has before and after', async () => {
    const res = await save({ batchIds: [batchB] });
    expect(res.body.data.batchIds).toEqual([batchB]);
    const offers = (await shopPage()).body.data.offers.map((o: { batchId: number }) => o.batchId);
    expect(offers).toContain(batchB);
    expect(offers).not.toContain(batchA);
    const audit = (await shop.services.staff.auditList({ page: 1, size: 1, action: 'finance.campaign.save' })).list[0];
    expect(audit).toMatchObject({
      staffLogin: 'fin.pages',
      before: { batchIds: [batchA, batchB] },
      after: { batchIds: [batchB], title: L('Lunar sale') },
    });
    const list = await shop.call('GET', '/admin-api/v1/finance/campaigns', { token });
    expect(list.body.data).toEqual([expect.objectContaining({ campaign: 'newyear', batchIds: [batchB] })]);
  });

  it.each([
    [{ campaign: 'blackfriday' }, 'STF00025'],
    [{ imageUrl: 'https://elsewhere.example/x.png' }, 'STF00043'],
    [{ batchIds: [999999] }, 'STF00027'],
    [{ body: L('') }, 'STF00020'],
  ])('refuses %j: %s', async (patch, code) => {
    const res = await save(patch, 'chs');
    expect(res.body.code).toBe(code);
    expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
  });
});
