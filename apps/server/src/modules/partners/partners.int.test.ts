import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { quietShopper } from '../../../test/shoppers.ts';

let shop: TestShop;
let owner: string;
let support: string;
let catalogue: string;
beforeAll(async () => {
  shop = await startTestShop();
  const o = await shop.services.staff.createOwner('owner', 'Angkor2026pass');
  const by = { staffId: o.id, login: 'owner' };
  const make = async (login: string, roles: ('support' | 'catalogue')[]) => {
    const m = await shop.services.staff.create({ login, displayName: login, password: 'Angkor2026pass', roles }, by);
    return (await shop.ctx.sessions.create('staff', m.id)).token;
  };
  owner = (await shop.ctx.sessions.create('staff', o.id)).token;
  support = await make('support.one', ['support']);
  catalogue = await make('cat.one', ['catalogue']);
});
afterAll(() => shop.close());

const form = { kind: 'shop', contactName: 'Sok Dara', businessName: 'Dara Phones', note: 'Phones in Toul Kork' };

describe('the partner programme', () => {
  it('explains itself in three languages through the content module', async () => {
    for (const language of ['en-US', 'chs', 'kh']) {
      const doc = await shop.call('GET', '/v1/content/document', { query: { key: 'partner.programme' }, language });
      expect(doc.body.code).toBe('0');
      expect(doc.body.data.html).toContain('<h2');
    }
    const en = await shop.call('GET', '/v1/content/document', { query: { key: 'partner.programme' } });
    const kh = await shop.call('GET', '/v1/content/document', { query: { key: 'partner.programme' }, language: 'kh' });
    expect(en.body.data.title).not.toBe(kh.body.data.title);
  });

  it('a visitor gets the login prompt; a shopper applies once, in their language, and bad input is refused', async () => {
    expect((await shop.call('POST', '/v1/partner/apply', { body: form })).status).toBe(400);
    const { token } = await quietShopper(shop);
    expect((await shop.call('GET', '/v1/partner/query', { token })).body.data).toEqual({ application: null });
    for (const body of [
      { ...form, kind: 'bank' },
      { ...form, contactName: '   ' },
      { ...form, note: 'x'.repeat(501) },
    ])
      expect((await shop.call('POST', '/v1/partner/apply', { token, body })).body.code).toBe('SYS00001');
    // Two taps at once: one application, the other told it waits.
    const [a, b] = await Promise.all([
      shop.call('POST', '/v1/partner/apply', { token, body: form, language: 'kh' }),
      shop.call('POST', '/v1/partner/apply', { token, body: form, language: 'kh' }),
    ]);
    const codes = [a.body.code, b.body.code].sort();
    expect(codes).toEqual(['0', 'PTN00001']);
    expect([a, b].find((r) => r.body.code !== '0')?.body.msg).toBe('ពាក្យស្នើសុំជាដៃគូរបស់អ្នកកំពុងរង់ចាំការសម្រេច');
    const mine = (await shop.call('GET', '/v1/partner/query', { token })).body.data.application;
    expect(mine).toMatchObject({ state: 'pending', kind: 'shop', businessName: 'Dara Phones', decisionNote: null });
  });

  it('staff with the support role approve or refuse; the shopper is told and may apply again after a refusal', async () => {
    const first = await quietShopper(shop);
    const second = await quietShopper(shop);
    const one = (await shop.call('POST', '/v1/partner/apply', { token: first.token, body: form })).body.data
      .application;
    const two = (
      await shop.call('POST', '/v1/partner/apply', { token: second.token, body: { ...form, kind: 'agent' } })
    ).body.data.application;

    // The role check: catalogue staff learn nothing of the queue.
    expect((await shop.call('GET', '/admin-api/v1/partners', { token: catalogue })).body.code).toBe('STF00003');
    const queue = await shop.call('GET', '/admin-api/v1/partners', { token: support });
    expect(queue.body.data.list.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([one.id, two.id]));
    expect(queue.body.data.list.find((p: { id: number }) => p.id === one.id).userPhone).toMatch(/^\+85597/);

    const decide = (body: Record<string, unknown>, token = support, language = 'en-US') =>
      shop.call('POST', '/admin-api/v1/partners/decide', { token, body, language });
    expect((await decide({ id: one.id, decision: 'approve' }, catalogue)).body.code).toBe('STF00003');
    expect((await decide({ id: two.id, decision: 'refuse' })).body.code).toBe('PTN00005');
    expect((await decide({ id: 999_999, decision: 'approve' })).body.code).toBe('PTN00003');
    const approved = await decide({ id: one.id, decision: 'approve' });
    expect(approved.body.data).toMatchObject({ state: 'approved', decidedBy: 'support.one' });
    expect((await decide({ id: one.id, decision: 'refuse', note: 'late' })).body.code).toBe('PTN00004');
    const refused = await decide({ id: two.id, decision: 'refuse', note: 'No business address' }, support, 'chs');
    expect(refused.body.data).toMatchObject({ state: 'refused', decisionNote: 'No business address' });

    // Told by a notice; a partner cannot apply again, a refused shopper can.
    const notices = await shop.call('GET', '/v1/notify/list', {
      token: second.token,
      query: { page: '1', size: '20' },
      language: 'chs',
    });
    expect(JSON.stringify(notices.body.data.list)).toContain('No business address');
    expect((await shop.call('POST', '/v1/partner/apply', { token: first.token, body: form })).body.code).toBe(
      'PTN00002',
    );
    const again = await shop.call('POST', '/v1/partner/apply', { token: second.token, body: form });
    expect(again.body.data.application).toMatchObject({ state: 'pending', decisionNote: null });

    // Audited with who decided.
    const audit = await shop.call('GET', '/admin-api/v1/audit/list', {
      token: owner,
      query: { targetType: 'partner', page: '1', size: '20' },
    });
    expect(audit.body.data.list.map((e: { action: string }) => e.action).sort()).toEqual([
      'partner.approve',
      'partner.refuse',
    ]);
  });
});
