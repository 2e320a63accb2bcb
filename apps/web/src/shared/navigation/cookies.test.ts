import { afterEach, describe, expect, it } from 'vitest';
import { getCookie, paintWithCookies } from './cookies.ts';

describe('cookies while the server draws a page (src/paint.tsx, no document)', () => {
  afterEach(() => paintWithCookies(undefined));

  it("reads the page request's cookies, decoded, whatever the spacing", () => {
    paintWithCookies('language=kh;shop_bonus_closed_unlogin=1; name=Sok%20Dara');
    expect(getCookie('shop_bonus_closed_unlogin')).toBe('1');
    expect(getCookie('language')).toBe('kh');
    expect(getCookie('name')).toBe('Sok Dara');
    expect(getCookie('shop_bonus_closed_login')).toBeUndefined();
  });

  it('knows no cookie once the page is drawn, nor one whose name only ends the same', () => {
    paintWithCookies('xshop_bonus_closed_login=1');
    expect(getCookie('shop_bonus_closed_login')).toBeUndefined();
    paintWithCookies(undefined);
    expect(getCookie('language')).toBeUndefined();
  });
});
