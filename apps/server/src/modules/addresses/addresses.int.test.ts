import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';

let shop: TestShop;
let token: string;
let other: string;
beforeAll(async () => {
  // Phnom Penh (12), Kandal (08) and Siem Reap (17) are served; the rest is not.
  shop = await startTestShop({ servedProvinces: ['12', '08', '17'] });
  token = (await shop.ctx.sessions.create('shopper', 'user-addr-1')).token;
  other = (await shop.ctx.sessions.create('shopper', 'user-addr-2')).token;
});
afterAll(() => shop.close());

const home = {
  receiver: 'Sok Dara',
  mobile: '012 345 678',
  provinceCode: '12',
  cityCode: '1201',
  districtCode: '120101',
  detail: 'House 12, Street 51',
  zipCode: '120101',
  latitude: 11.5564,
  longitude: 104.9282,
};

describe('Cambodian divisions', () => {
  it('lists 25 provinces with Khmer names and the served flag', async () => {
    const res = await shop.call('GET', '/v1/address/queryprovince', { language: 'kh' });
    expect(res.body.code).toBe('0');
    expect(res.body.data).toHaveLength(25);
    const pp = res.body.data.find((p: { code: string }) => p.code === '12');
    expect(pp).toMatchObject({ name: 'ភ្នំពេញ', type: 'capital', served: true });
    expect(res.body.data.find((p: { code: string }) => p.code === '01').served).toBe(false);
  });

  it('walks province → district → commune', async () => {
    const cities = await shop.call('GET', '/v1/address/querycity', { query: { provinceCode: '12' } });
    expect(cities.body.data.length).toBeGreaterThan(10);
    expect(
      cities.body.data.every((c: { code: string; type: string }) => c.code.startsWith('12') && c.type === 'khan'),
    ).toBe(true);
    const communes = await shop.call('GET', '/v1/address/querydistrict', { query: { cityCode: '1201' } });
    expect(
      communes.body.data.every(
        (c: { code: string; type: string }) => c.code.startsWith('1201') && c.type === 'sangkat',
      ),
    ).toBe(true);
    const bad = await shop.call('GET', '/v1/address/querycity', { query: { provinceCode: 'x' } });
    expect(bad.status).toBe(400);
  });

  it('gives provinces and districts the point the map picker centres on', async () => {
    const provinces = await shop.call('GET', '/v1/address/queryprovince');
    const kampot = provinces.body.data.find((p: { code: string }) => p.code === '07');
    expect(kampot.latitude).toBeCloseTo(10.63, 1);
    expect(kampot.longitude).toBeCloseTo(104.13, 1);
    expect(provinces.body.data.every((p: { latitude?: number }) => typeof p.latitude === 'number')).toBe(true);
    const districts = await shop.call('GET', '/v1/address/querycity', { query: { provinceCode: '17' } });
    const siemReap = districts.body.data.find((d: { code: string }) => d.code === '1710');
    expect(siemReap.latitude).toBeCloseTo(13.36, 1);
    expect(siemReap.longitude).toBeCloseTo(103.86, 1);
    // Every district has a point: its own, or its province's.
    expect(districts.body.data.every((d: { latitude?: number }) => typeof d.latitude === 'number')).toBe(true);
    const communes = await shop.call('GET', '/v1/address/querydistrict', { query: { cityCode: '1710' } });
    expect(communes.body.data[0].latitude).toBeUndefined();
  });
});

describe('address book', () => {
  let firstId: string;
  it('adds the first address as default, mobile in E.164, with coordinates', async () => {
    const res = await shop.call('POST', '/v1/address/addaddress', { token, body: home });
    expect(res.body.code).toBe('0');
    expect(res.body.data).toMatchObject({
      isDefault: true,
      mobile: '+85512345678',
      reachable: true,
      latitude: 11.5564,
    });
    expect(res.body.data.fullText).toContain('Phnom Penh');
    firstId = res.body.data.id;
  });

  it('moves the default to a new default address, one default at a time', async () => {
    const res = await shop.call('POST', '/v1/address/addaddress', {
      token,
      body: {
        ...home,
        receiver: 'Chan Li',
        mobile: '+86 138 1234 5678',
        provinceCode: '08',
        cityCode: '0801',
        districtCode: '080101',
        isDefault: true,
      },
    });
    expect(res.body.data.isDefault).toBe(true);
    const list = await shop.call('GET', '/v1/address/queryaddress', { token });
    expect(list.body.data).toHaveLength(2);
    expect(list.body.data.filter((a: { isDefault: boolean }) => a.isDefault)).toHaveLength(1);
    expect(list.body.data[0].receiver).toBe('Chan Li');
  });

  it('refuses a wrong phone, a broken hierarchy and an unreachable province, in the shopper’s language', async () => {
    const phone = await shop.call('POST', '/v1/address/addaddress', {
      token,
      body: { ...home, mobile: '+1 202 555 0100' },
    });
    expect(phone.body.code).toBe('ADDR0003');
    const chain = await shop.call('POST', '/v1/address/addaddress', { token, body: { ...home, cityCode: '0801' } });
    expect(chain.body.code).toBe('ADDR0004');
    const far = await shop.call('POST', '/v1/address/addaddress', {
      token,
      language: 'kh',
      body: { ...home, provinceCode: '01', cityCode: '0102', districtCode: '010201' },
    });
    expect(far.body).toMatchObject({ code: 'ADDR0002', msg: 'មិនអាចដឹកជញ្ជូនដល់អាសយដ្ឋាននេះបានទេ សូមជ្រើសរើសម្តងទៀត' });
    const empty = await shop.call('POST', '/v1/address/addaddress', { token, body: { ...home, receiver: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('SYS00001');
  });

  it('keeps the picked map point, and refuses a point outside the chosen province', async () => {
    const siemReap = {
      ...home,
      provinceCode: '17',
      cityCode: '1710',
      districtCode: '171001',
      latitude: 13.3633,
      longitude: 103.8564,
    };
    const kept = await shop.call('POST', '/v1/address/addaddress', { token, body: siemReap });
    expect(kept.body.code).toBe('0');
    expect(kept.body.data).toMatchObject({ latitude: 13.3633, longitude: 103.8564 });
    // Phnom Penh's point on a Siem Reap address: the picker was never moved.
    const stale = await shop.call('POST', '/v1/address/addaddress', {
      token,
      language: 'chs',
      body: { ...siemReap, latitude: 11.5564, longitude: 104.9282 },
    });
    expect(stale.body).toMatchObject({ code: 'ADDR0006', msg: '地图上的位置不在所选省份内，请重新标记位置' });
    const half = await shop.call('POST', '/v1/address/addaddress', {
      token,
      body: { ...siemReap, longitude: undefined },
    });
    expect(half.body.code).toBe('ADDR0006');
    await shop.call('POST', '/v1/address/removeaddress', { token, body: { id: kept.body.data.id } });
  });

  it('modifies and removes only the owner’s address; removing the default promotes another', async () => {
    const stranger = await shop.call('POST', '/v1/address/modifyaddress', {
      token: other,
      body: { ...home, id: firstId },
    });
    expect(stranger.body.code).toBe('ADDR0001');
    const changed = await shop.call('POST', '/v1/address/modifyaddress', {
      token,
      body: { ...home, id: firstId, detail: 'House 99' },
    });
    expect(changed.body.data.detail).toBe('House 99');
    const list = await shop.call('GET', '/v1/address/queryaddress', { token });
    const def = list.body.data.find((a: { isDefault: boolean }) => a.isDefault);
    await shop.call('POST', '/v1/address/removeaddress', { token, body: { id: def.id } });
    const after = await shop.call('GET', '/v1/address/queryaddress', { token });
    expect(after.body.data).toHaveLength(1);
    expect(after.body.data[0]).toMatchObject({ id: firstId, isDefault: true });
    const again = await shop.call('POST', '/v1/address/removeaddress', { token, body: { id: def.id } });
    expect(again.body.code).toBe('ADDR0001');
  });

  it('asks a guest to log in', async () => {
    const res = await shop.call('GET', '/v1/address/queryaddress');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('USR00001');
  });

  it('keeps one default under concurrent first adds', async () => {
    const t = (await shop.ctx.sessions.create('shopper', 'user-addr-race')).token;
    await Promise.all(
      Array.from({ length: 5 }, () => shop.call('POST', '/v1/address/addaddress', { token: t, body: home })),
    );
    const list = await shop.call('GET', '/v1/address/queryaddress', { token: t });
    expect(list.body.data).toHaveLength(5);
    expect(list.body.data.filter((a: { isDefault: boolean }) => a.isDefault)).toHaveLength(1);
  });
});

describe('international addresses', () => {
  it('adds, modifies, removes and answers the default', async () => {
    const add = await shop.call('POST', '/v1/address/international/add', {
      token,
      body: {
        receiver: 'Li Wei',
        mobile: '+8613812345678',
        country: 'China',
        state: 'Guangdong',
        city: 'Shenzhen',
        detail: 'Nanshan 1',
        zipCode: '518000',
      },
    });
    expect(add.body.data.isDefault).toBe(true);
    const second = await shop.call('POST', '/v1/address/international/add', {
      token,
      body: { receiver: 'Dara', mobile: '012345678', country: 'Cambodia', city: 'Phnom Penh', detail: 'St 51' },
    });
    expect(second.body.data.isDefault).toBe(false);
    const mod = await shop.call('POST', '/v1/address/international/modify', {
      token,
      body: {
        id: second.body.data.id,
        receiver: 'Dara K',
        mobile: '012345678',
        country: 'Cambodia',
        city: 'Phnom Penh',
        detail: 'St 51',
        isDefault: true,
      },
    });
    expect(mod.body.data).toMatchObject({ receiver: 'Dara K', isDefault: true });
    const def = await shop.call('GET', '/v1/address/international/default/query', { token });
    expect(def.body.data.id).toBe(second.body.data.id);
    await shop.call('POST', '/v1/address/international/remove', { token, body: { id: second.body.data.id } });
    const after = await shop.call('GET', '/v1/address/international/query', { token });
    expect(after.body.data).toHaveLength(1);
    expect(after.body.data[0]).toMatchObject({ id: add.body.data.id, isDefault: true });
  });
});
