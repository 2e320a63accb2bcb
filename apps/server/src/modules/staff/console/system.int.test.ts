import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../../test/harness.ts';

let shop: TestShop;
let owner: string;
beforeAll(async () => {
  shop = await startTestShop();
  const o = await shop.services.staff.createOwner('owner', 'Angkor2026pass');
  owner = (await shop.ctx.sessions.create('staff', o.id)).token;
});
afterAll(() => shop.close());

describe('business constants from the console', () => {
  it('reads the settings and changes one; the shop follows; the audit row has before and after', async () => {
    const read = await shop.call('GET', '/admin-api/v1/system/settings', { token: owner });
    expect(read.body.data.withdrawalMinCents).toBe(500);
    const set = await shop.call('POST', '/admin-api/v1/system/settings/set', {
      token: owner,
      body: { key: 'withdrawalMinCents', value: 800 },
    });
    expect(set.body.code).toBe('0');
    expect(set.body.data.withdrawalMinCents).toBe(800);
    const shopConfig = await shop.call('GET', '/v1/other/system/config');
    expect(shopConfig.body.data.withdrawalMinCents).toBe(800);
    const audit = await shop.services.staff.auditList({ page: 1, size: 5, action: 'system.setting' });
    expect(audit.list[0]).toMatchObject({
      staffLogin: 'owner',
      targetId: 'withdrawalMinCents',
      before: 500,
      after: 800,
    });
  });

  it('refuses unknown keys and values of the wrong shape with clear errors', async () => {
    const unknown = await shop.call('POST', '/admin-api/v1/system/settings/set', {
      token: owner,
      body: { key: 'freeMoney', value: 1 },
    });
    expect(unknown.body.code).toBe('STF00015');
    expect(unknown.body.msg).toBe('There is no setting named "freeMoney"');
    const wrong = await shop.call('POST', '/admin-api/v1/system/settings/set', {
      token: owner,
      body: { key: 'supportHours', value: { days: [1], open: '8am', close: '21:00', timeZone: 'Asia/Phnom_Penh' } },
      language: 'chs',
    });
    expect(wrong.body.code).toBe('STF00016');
    expect(wrong.body.msg).toContain('open');
    expect((await shop.call('GET', '/v1/other/system/config')).body.data.supportHours.open).toBe('08:00');
    const noSlots = await shop.call('POST', '/admin-api/v1/system/settings/set', {
      token: owner,
      body: { key: 'valuationSlotCapacity', value: 0 },
    });
    expect(noSlots.body.code).toBe('STF00016');
    const slot = await shop.call('POST', '/admin-api/v1/system/settings/set', {
      token: owner,
      body: { key: 'valuationSlotMinutes', value: 45 },
    });
    expect(slot.body.data.valuationSlotMinutes).toBe(45);
  });
});
