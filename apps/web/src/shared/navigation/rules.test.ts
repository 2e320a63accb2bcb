import { describe, expect, it } from 'vitest';
import {
  deepLinkFor,
  HISTORY_LIMIT,
  loginRedirectOf,
  nextLongTrail,
  partnerLoginFor,
  pushHistory,
  redirectFor,
  returnPathFor,
  returnWith,
} from './rules.ts';

describe('visited-path history (spec §2, §3)', () => {
  it('keeps about 10 entries, newest last', () => {
    let history: string[] = [];
    for (let i = 0; i < 15; i++) history = pushHistory(history, `/p${i}`);
    expect(history).toHaveLength(HISTORY_LIMIT);
    expect(history[0]).toBe('/p5');
    expect(history.at(-1)).toBe('/p14');
  });

  it('does not add a consecutive duplicate, but does add a repeat after another page', () => {
    expect(pushHistory(['/a'], '/a')).toEqual(['/a']);
    expect(pushHistory(['/a', '/b'], '/a')).toEqual(['/a', '/b', '/a']);
  });
});

describe('return path on /login and /setLanguage', () => {
  it('remembers the page the visitor came from', () => {
    expect(returnPathFor('/login', '/product?productItemId=3')).toBe('/product?productItemId=3');
    expect(returnPathFor('/setLanguage', '/ContactUs')).toBe('/ContactUs');
  });
  it('changes nothing for other pages or when coming from the other remembered page', () => {
    expect(returnPathFor('/cart', '/home')).toBeNull();
    expect(returnPathFor('/login', '/setLanguage')).toBeNull();
    expect(returnPathFor('/login', undefined)).toBeNull();
  });
  it('keeps the return path when the shopper comes back to /login from the agreement or the register screen', () => {
    expect(returnPathFor('/login', '/privacy')).toBeNull();
    expect(returnPathFor('/login', '/terms')).toBeNull();
    expect(returnPathFor('/login', '/register')).toBeNull();
  });
});

describe('Smilebuy redirects', () => {
  it('leaving the Smilebuy product page for the index goes to /Smilebuy', () => {
    expect(redirectFor('/Smilebuy/product', '/', undefined)).toBe('/Smilebuy');
    expect(redirectFor('/Smilebuy/product', '/home', 'facebook')).toBe('/Smilebuy');
  });
  it('leaving any Smilebuy page for / goes to /Smilebuy only for a bank-partner source', () => {
    expect(redirectFor('/Smilebuy/shop', '/', 'ABA')).toBe('/Smilebuy');
    expect(redirectFor('/Smilebuy/shop', '/', 'facebook')).toBeNull();
    expect(redirectFor('/cart', '/', 'aba')).toBeNull();
  });
});

describe('the "long" source trail', () => {
  it('resets on /', () => {
    expect(nextLongTrail(['/a', '/b'], '/?source=long')).toEqual(['/?source=long']);
    expect(nextLongTrail(['/'], '/cart')).toEqual(['/', '/cart']);
  });
});

describe('openapp=1 deep link', () => {
  it('opens the same page in the app, without the flag', () => {
    expect(deepLinkFor('angkormall', '/product', '?productItemId=7&openapp=1')).toBe(
      'angkormall://open?path=%2Fproduct%3FproductItemId%3D7',
    );
  });
});

describe('a login banner names where the login returns', () => {
  it('an in-shop path of /login?redirect= is the return path; anything else is not', () => {
    expect(loginRedirectOf('/login?redirect=%2FnewShopperCoupon')).toBe('/newShopperCoupon');
    expect(loginRedirectOf('/login?redirect=//evil.example')).toBeNull();
    expect(loginRedirectOf('/login?redirect=https%3A%2F%2Fevil.example')).toBeNull();
    expect(loginRedirectOf('/login')).toBeNull();
    expect(loginRedirectOf('/register?redirect=%2Fcoupon')).toBeNull();
  });
});

describe('partner entry (spec §6, decision 0024)', () => {
  it('sends a guest with a bank-partner source to the login screen first, coming back afterwards', () => {
    expect(partnerLoginFor('/?source=aba', 'aba', false)).toBe(
      `/login?partner=1&redirect=${encodeURIComponent('/?source=aba')}`,
    );
    expect(partnerLoginFor('/product?productItemId=3', 'Wing', false)).toBe(
      '/login?partner=1&redirect=%2Fproduct%3FproductItemId%3D3',
    );
    expect(loginRedirectOf(partnerLoginFor('/cart', 'acleda', false) as string)).toBe('/cart');
  });
  it('lets a signed-in shopper, another source and the way to log in through', () => {
    expect(partnerLoginFor('/cart', 'aba', true)).toBeNull();
    expect(partnerLoginFor('/cart', 'long', false)).toBeNull();
    expect(partnerLoginFor('/cart', undefined, false)).toBeNull();
    for (const open of ['/login?partner=1', '/register', '/forgotPassword', '/privacy', '/terms', '/setLanguage'])
      expect(partnerLoginFor(open, 'aba', false)).toBeNull();
  });
});

describe('returnWith (a form opened to add something goes back to the screen that asked)', () => {
  it('goes back to the path of the shop with what was made, replacing an older value', () => {
    expect(returnWith('/Smilebuy/orderConfirm?channel=taobao&skuId=1', { addressId: 'a-1' })).toBe(
      '/Smilebuy/orderConfirm?channel=taobao&skuId=1&addressId=a-1',
    );
    expect(returnWith('/Smilebuy/orderConfirm?addressId=old', { addressId: 'new' })).toBe(
      '/Smilebuy/orderConfirm?addressId=new',
    );
    expect(returnWith('/Smilebuy/orderConfirm', { addressId: 'a-1' })).toBe('/Smilebuy/orderConfirm?addressId=a-1');
  });

  it('follows no other site and nothing when none is given', () => {
    for (const bad of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', '', null])
      expect(returnWith(bad, { addressId: 'a-1' })).toBeNull();
  });
});
