import {
  BANNER_POSITIONS,
  CAMPAIGN_PAGES,
  INVITATION_STATES,
  JUMP_TYPES,
  STAFF_ROLES,
  systemConfig,
  WITHDRAWAL_STATES,
} from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { jumpNeeds, jumpTarget } from './jump.ts';
import chs from './locales/chs.json';
import en from './locales/en-US.json';
import kh from './locales/kh.json';

describe('console texts', () => {
  it('has every key in all three languages, none empty', () => {
    const keys = Object.keys(en).sort();
    expect(Object.keys(chs).sort()).toEqual(keys);
    expect(Object.keys(kh).sort()).toEqual(keys);
    for (const texts of [en, chs, kh] as Record<string, string>[]) {
      for (const key of keys) expect(texts[key].trim(), key).not.toBe('');
    }
  });

  it("writes placeholders as the console's t fills them ({name}), the same names in each language", () => {
    const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of Object.entries(en)) {
      for (const other of [chs, kh] as Record<string, string>[]) {
        expect(other[key].includes('{{'), key).toBe(false);
        expect(names(other[key]), key).toEqual(names(text));
      }
      expect(text.includes('{{'), key).toBe(false);
    }
  });

  it('names every role, jump type, banner position, withdrawal state and setting', () => {
    const needed = [
      ...STAFF_ROLES.map((r) => `role.${r}`),
      ...JUMP_TYPES.map((j) => `jump.${j}`),
      ...BANNER_POSITIONS.map((p) => `position.${p}`),
      ...WITHDRAWAL_STATES.map((s) => `withdrawal.state.${s}`),
      ...INVITATION_STATES.map((s) => `invite.state.${s}`),
      ...JUMP_TYPES.flatMap((j) => (jumpNeeds(j).value ? [`jump.field.${jumpNeeds(j).value}`] : [])),
      ...Object.keys(CAMPAIGN_PAGES).map((c) => `campaign.${c}`),
      ...Object.keys(systemConfig.shape).map((k) => `setting.${k}`),
    ];
    expect(needed.filter((k) => !(k in en))).toEqual([]);
  });
});

describe('where a banner jumps (spec §2)', () => {
  it.each([
    [{ jumpType: 'product', productItemId: 12 }, '/h5/product?productItemId=12'],
    [{ jumpType: 'orderDetail', jumpValue: 'A1' }, '/h5/orderDetail?orderId=A1'],
    [{ jumpType: 'topCategory', jumpValue: '3', name: 'Phones' }, '/h5/categories?categoryId=3&name=Phones'],
    [
      { jumpType: 'category', jumpValue: '9', name: 'Android', upperid: 4 },
      '/h5/category?categoryId=9&name=Android&upperid=4',
    ],
    [{ jumpType: 'topup', jumpValue: '5', name: 'Top up' }, '/h5/topup?value=5&name=Top+up'],
    [{ jumpType: 'wallet' }, '/h5/myWallet'],
    [{ jumpType: 'coupon' }, '/h5/personal'],
    [{ jumpType: 'login' }, '/h5/login'],
    [{ jumpType: 'bongloy' }, '/h5/bongloy'],
    [{ jumpType: 'urlwithlogin', url: 'https://x.example/a?b=1' }, 'https://x.example/a?b=1&entrance=H5'],
    [{ jumpType: 'taobao' }, '/h5/Smilebuy'],
    [{ jumpType: 'alibaba' }, '/h5/Smilebuy'],
    [
      { jumpType: 'haitaoSearch', jumpValue: 'shoes', channel: 'taobao' },
      '/h5/Smilebuy/ProductSearchList?keywork=shoes&channel=taobao',
    ],
    [
      { jumpType: 'haitaoStore', jumpValue: '77', channel: 'alibaba', name: 'S' },
      '/h5/Smilebuy/shop?shopId=77&channel=alibaba&shopName=S',
    ],
    [{ jumpType: 'default', jumpValue: '2', name: 'Deals' }, '/h5/tagProductList?tagId=2&name=Deals'],
  ])('%j → %s', (banner, target) => {
    expect(jumpTarget(banner)).toBe(target);
  });

  it("previews the address of the shopper's language, with what the shop adds to it", () => {
    const h5 = { jumpType: 'h5', url: 'https://a.example/x', urlKh: 'https://a.example/kh' };
    expect(jumpTarget(h5, 'kh')).toBe('https://a.example/kh?traceToken=&language=kh&pathType=h5');
    expect(jumpTarget(h5, 'chs')).toBe('https://a.example/x?traceToken=&language=chs&pathType=h5');
  });

  it('asks for what each jump needs', () => {
    expect(jumpNeeds('product')).toEqual({ item: true });
    expect(jumpNeeds('h5')).toEqual({ url: true });
    expect(jumpNeeds('haitaoStore')).toEqual({ value: 'shopId', channel: true });
    expect(jumpNeeds('wallet')).toEqual({});
  });
});
