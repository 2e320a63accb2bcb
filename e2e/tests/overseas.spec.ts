import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DESKTOP, E2E_OWNER, ownerToken, signIn } from './console-support.ts';
import { journeyLanguages } from './languages-sample.ts';
import { LANGUAGES, type Language, newPhonePage, setPayPassword, signUpBySms, staffDesk } from './shopper-support.ts';
import { screenshot } from './support.ts';

/**
 * The overseas channel Smilebuy (issue 22): from the home page's Overseas card to a search, a
 * product opened by a pasted link, two shops in one order paid by wallet, staff carrying it to the
 * door, tracking, and a refund when the seller refuses.
 */
const texts = (language: Language) =>
  JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, `../../apps/web/src/features/overseas/locales/${language}.json`),
      'utf8',
    ),
  );

/** The local source's product ids (integrations/overseas-source/local.ts): index → id. */
const taobaoId = (index: number) => String(610_000_000_000 + index * 7919);
const H = { apptype: 'h5', appversion: '1.0' };

async function api(request: APIRequestContext, url: string, params: Record<string, string>) {
  const answer = await (await request.get(url, { headers: H, params })).json();
  expect(answer.code, answer.msg).toBe('0');
  return answer.data;
}

async function consoleCall(request: APIRequestContext, path: string, data: object) {
  const headers = { authorization: `Bearer ${await ownerToken(request)}` };
  const answer = await (await request.post(`/admin-api/v1/${path}`, { headers, data })).json();
  expect(answer.code, `${path}: ${answer.msg}`).toBe('0');
  return answer.data;
}

/** Chooses the first SKU in stock and adds it to the overseas cart. */
async function addFirstSku(page: Page) {
  await page.getByTestId('haitao-sku').and(page.locator(':not([disabled])')).first().click();
  await page.getByTestId('haitao-add-cart').click();
  await expect(page.getByText('Added to the overseas cart')).toBeVisible();
}

async function pasteLink(page: Page, text: string) {
  await page.goto('/h5/Smilebuy');
  await page.getByTestId('haitao-link').fill(text);
  await page.getByTestId('haitao-link-open').click();
  await expect(page).toHaveURL(/\/Smilebuy\/product\?productId=/);
}

async function payByWallet(page: Page, payPassword: string) {
  await expect(page).toHaveURL(/\/cashier\?orderId=.*kind=overseas/);
  await page.getByTestId('channel-row-wallet').click();
  await page.getByTestId('pay-password').fill(payPassword);
  await page.getByTestId('pay').click();
  await expect(page).toHaveURL(/\/Smilebuy\/orderDetail\?orderId=/);
  return new URL(page.url()).searchParams.get('orderId') as string;
}

test.describe('Smilebuy', () => {
  for (const language of journeyLanguages(LANGUAGES, 'overseas'))
    test(`the main screens in ${language}`, async ({ browser, baseURL }) => {
      const page = await newPhonePage(browser, baseURL as string, language);
      const t = texts(language);
      await page.goto('/h5/');
      await page.getByTestId('home-overseas').click();
      await expect(page).toHaveURL(/\/h5\/Smilebuy$/);
      await expect(page.locator('.page-header')).toContainText(t.title);
      await expect(page.getByTestId('haitao-promise')).toContainText('7');
      await expect(page.getByTestId('haitao-card').first()).toBeVisible();
      await screenshot(page, `smilebuy-home-${language}`);
      // The channel switch is kept on the phone.
      await page.getByTestId('haitao-channel-alibaba').click();
      await page.reload();
      await expect(page.getByTestId('haitao-channel-alibaba')).toHaveAttribute('aria-selected', 'true');
      await page.getByTestId('haitao-channel-taobao').click();
      await page.getByTestId('haitao-search').fill('连衣裙');
      await page.getByTestId('haitao-search').press('Enter');
      await expect(page).toHaveURL(/ProductSearchList\?keywork=/);
      await expect(page.getByTestId('haitao-card').first()).toBeVisible();
      await screenshot(page, `smilebuy-search-${language}`);
      await page.getByTestId('haitao-card').first().click();
      await expect(page.getByTestId('haitao-product-title')).toContainText('连衣裙');
      if (language !== 'chs') await expect(page.getByTestId('haitao-title-zh').first()).toBeVisible();
      await screenshot(page, `smilebuy-product-${language}`);
      await page.goto('/h5/Smilebuy/ZTLogisticsFreight');
      await expect(page.getByTestId('haitao-freight')).toContainText('$3.00');
      await screenshot(page, `smilebuy-freight-${language}`);
      await page.context().close();
    });

  test('a shopper buys from two shops, pays by wallet, follows the order to the door, and a refused purchase is refunded', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const me = await signUpBySms(page);
    await setPayPassword(page, '246813');
    const desk = await staffDesk(request);
    await desk.credit(me.e164, 'cash', 50_000, 'Overseas test money');
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('shop.session') ?? '{}').token as string);
    const address = await (
      await request.post(`/v1/address/addaddress?token=${token}`, {
        headers: H,
        data: {
          receiver: 'Sok Dara',
          mobile: me.phone,
          provinceCode: '12',
          cityCode: '1201',
          districtCode: '120101',
          detail: 'House 1, St 2',
          isDefault: true,
        },
      })
    ).json();
    expect(address.code, address.msg).toBe('0');

    // From the home page's Overseas card, a search.
    await page.goto('/h5/');
    await page.getByTestId('home-overseas').click();
    await page.getByTestId('haitao-search').fill('dress');
    await page.getByTestId('haitao-search').press('Enter');
    const first = (
      await api(request, '/v1/haitao/product/list', { channel: 'taobao', keyword: 'dress', page: '1', size: '20' })
    ).list[0];
    await page.getByTestId('haitao-card').first().click();
    await expect(page).toHaveURL(new RegExp(`productId=${first.productId}`));
    await addFirstSku(page);

    // A product of another shop, opened by pasting share text with its taobao link.
    let other = 1;
    while (
      (await api(request, '/v1/haitao/product/detail', { channel: 'taobao', productId: taobaoId(other) })).shop
        .shopId === first.shopId
    )
      other += 1;
    await pasteLink(
      page,
      `【淘宝】好物推荐 https://item.taobao.com/item.htm?id=${taobaoId(other)}&spm=a1 点击链接直接打开`,
    );
    await addFirstSku(page);

    await page.goto('/h5/Smilebuy/shoppingCart');
    await expect(page.getByTestId('haitao-cart-shop')).toHaveCount(2);
    await screenshot(page, 'smilebuy-cart');
    await page.getByTestId('haitao-checkout').click();
    await expect(page.getByTestId('haitao-quote-total')).toBeVisible();
    await screenshot(page, 'smilebuy-confirm');
    const total = await page.getByTestId('haitao-quote-total').textContent();
    await page.getByTestId('haitao-place-order').click();
    await expect(page.getByTestId('cashier-amount')).toContainText(total as string);
    const orderId = await payByWallet(page, '246813');

    // The purchase from the sellers follows by itself; then staff move it on.
    await expect(page.getByTestId('haitao-state').first()).toHaveAttribute('data-state', 'BOUGHT', { timeout: 30_000 });
    await expect(page.getByTestId('haitao-source-order')).toHaveCount(2);
    await expect(page.getByTestId('haitao-estimate')).toBeVisible();
    await screenshot(page, 'smilebuy-order-bought');
    for (const to of ['WAREHOUSE', 'FREIGHT', 'ARRIVED'])
      await consoleCall(request, 'overseas/order/move', {
        id: orderId,
        to,
        ...(to === 'FREIGHT' ? { note: 'Truck PP-12' } : {}),
      });
    await page.getByTestId('haitao-tracking-link').click();
    await expect(page.getByTestId('haitao-events').locator('li')).toHaveCount(6);
    await expect(page.getByTestId('haitao-events')).toContainText('Truck PP-12');
    await screenshot(page, 'smilebuy-tracking');
    // Staff deliver it from the console.
    const orderNo = (await api(request, '/v1/haitao/order/detail', { orderId, token })).orderNo as string;
    const desk2 = await browser.newPage({ ...DESKTOP, baseURL });
    await signIn(desk2, E2E_OWNER.login, E2E_OWNER.password);
    await desk2.goto('/admin/overseas');
    await desk2.getByTestId(`overseas-move-${orderNo}`).click();
    await expect(desk2.getByTestId('overseas-table')).toContainText('Delivered');
    await screenshot(desk2, 'smilebuy-console');
    await desk2.context().close();
    await page.goto('/h5/Smilebuy/orderList?tab=finish');
    await expect(page.getByTestId('haitao-order')).toHaveCount(1);
    await screenshot(page, 'smilebuy-orders-delivered');

    // The seller refuses this one (the local source's test product): the money comes back, once.
    await pasteLink(page, `https://item.taobao.com/item.htm?id=${taobaoId(5)}`);
    await page.getByTestId('haitao-sku').and(page.locator(':not([disabled])')).first().click();
    await page.getByTestId('haitao-buy-now').click();
    await page.getByTestId('haitao-place-order').click();
    await payByWallet(page, '246813');
    await expect(page.getByTestId('haitao-state').first()).toHaveAttribute('data-state', 'REFUNDED', {
      timeout: 30_000,
    });
    await expect(page.getByTestId('haitao-failure')).toContainText('your money has been returned');
    await screenshot(page, 'smilebuy-refunded');
    await page.goto('/h5/myWallet');
    const goods = Number((total as string).replace(/[^0-9.]/g, ''));
    await expect(page.getByTestId('wallet-cash')).toContainText(`$${(500 - goods).toFixed(2)}`);
  });

  test('the search box opens a pasted link and cuts a long keyword; the quote says why its freight and prices are what they are; a new address brings the shopper back', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const t = texts('en-US');
    // A 1688 link pasted into the search box (not the link box) opens its product.
    await page.goto('/h5/Smilebuy');
    await page
      .getByTestId('haitao-search')
      .fill(`看看这个 https://detail.1688.com/offer/${String(720_000_000_000 + 3 * 7919)}.html?x=1`);
    await page.getByTestId('haitao-search').press('Enter');
    await expect(page).toHaveURL(/\/Smilebuy\/product\?productId=\d+&channel=alibaba$/);
    await expect(page.getByTestId('haitao-product-title')).toBeVisible();
    // A 3,000-character keyword: searched cut to the list's 60, no raw error over an empty page.
    await page.goto('/h5/Smilebuy');
    await page.getByTestId('haitao-search').fill('dress '.repeat(500));
    await page.getByTestId('haitao-search').press('Enter');
    await expect(page).toHaveURL(/ProductSearchList\?keywork=/);
    expect((new URL(page.url()).searchParams.get('keywork') ?? '').length).toBeLessThanOrEqual(60);
    await expect(page.getByTestId('haitao-result-count')).not.toBeEmpty();
    await page.goto(`/h5/Smilebuy/ProductSearchList?keywork=${'x'.repeat(3000)}&channel=taobao`);
    await expect(page.getByTestId('haitao-result-count')).not.toBeEmpty();
    await expect(page.getByText(/Invalid request|Invalid input/)).toHaveCount(0);
    await screenshot(page, 'smilebuy-long-keyword-en');

    // A shopper with no address buys a bulky product now.
    await signUpBySms(page);
    let bulky = '';
    for (let i = 1; i < 200 && !bulky; i++) {
      const answer = await (
        await request.get('/v1/haitao/product/detail', {
          headers: H,
          params: { channel: 'taobao', productId: taobaoId(i) },
        })
      ).json();
      const p = answer.data;
      if (answer.code === '0' && Math.ceil((p.volumeCm3 * 1000) / 6000) > p.weightG && i % 13 !== 5)
        bulky = taobaoId(i);
    }
    expect(bulky).not.toBe('');
    await page.goto(`/h5/Smilebuy/product?productId=${bulky}&channel=taobao`);
    await page.getByTestId('haitao-sku').and(page.locator(':not([disabled])')).first().click();
    await page.getByTestId('haitao-buy-now').click();
    await expect(page.getByTestId('haitao-quote-total')).toBeVisible();
    // The freight line names the volume weight it is charged on, and the real weight it beats.
    await expect(page.getByTestId('haitao-freight-line')).toContainText(
      /Land freight \(volume weight [\d.]+ kg, larger than [\d.]+ kg actual\)/,
    );
    await screenshot(page, 'smilebuy-confirm-volume-en');
    const confirmUrl = page.url();
    // Add an address from here: saved, it comes back to this order with that address chosen.
    await page.getByTestId('haitao-add-address').click();
    await expect(page).toHaveURL(/\/addressEdit\?returnTo=/);
    await page.getByTestId('address-receiver').fill('Chan Sophea');
    await page.getByTestId('address-mobile').fill('012 345 678');
    await page.getByTestId('address-province').selectOption('12');
    await page.getByTestId('address-city').selectOption('1201');
    await page.getByTestId('address-district').selectOption('120101');
    await page.getByTestId('address-detail').fill('House 8, Street 63');
    await page.getByTestId('address-save').click();
    await expect(page).toHaveURL(/\/Smilebuy\/orderConfirm\?.*addressId=/);
    expect(new URL(page.url()).searchParams.get('skuId')).toBe(new URL(confirmUrl).searchParams.get('skuId'));
    await expect(page.locator('.haitao-address input[type=radio]:checked')).toHaveCount(1);
    await expect(page.locator('.haitao-address label', { has: page.locator('input:checked') })).toContainText(
      'Chan Sophea',
    );
    await expect(page.getByTestId('haitao-place-order')).toBeEnabled();
    await expect(page.getByTestId('haitao-place-order')).toHaveText(t.placeOrder);
    await screenshot(page, 'smilebuy-confirm-new-address-en');
    await page.getByTestId('haitao-place-order').click();
    await expect(page).toHaveURL(/\/cashier\?orderId=/);
    // One order of one item: "1 item", not "1 items".
    await page.goto('/h5/Smilebuy/orderList');
    await expect(page.getByTestId('haitao-order').first()).toContainText(/(^|\D)1 item · \$/);
    await screenshot(page, 'smilebuy-orders-one-item-en');

    // Only the shop's exchange rate changes: the cart and the quote say so, not "at the seller".
    await page.goto(`/h5/Smilebuy/product?productId=${taobaoId(3)}&channel=taobao`);
    await addFirstSku(page);
    const rules = { perKgCents: 300, minimumCents: 100, volumetricDivisor: 6000, feeBp: 500 };
    await consoleCall(request, 'overseas/settings', { ...rules, rateMilli: 6900 });
    try {
      await page.goto('/h5/Smilebuy/shoppingCart');
      await expect(page.getByTestId('haitao-changed').first()).toContainText('Our exchange rate changed');
      await page.getByTestId('haitao-checkout').click();
      await expect(page.getByTestId('haitao-quote-changed')).toHaveText(t.quoteChangedRate);
      await screenshot(page, 'smilebuy-confirm-rate-changed-en');
    } finally {
      await consoleCall(request, 'overseas/settings', { ...rules, rateMilli: 7200 });
    }
  });

  test('a banner of each overseas jump type opens its Smilebuy screen', async ({ page, request }) => {
    test.setTimeout(120_000);
    const L = (en: string) => ({ 'en-US': en, chs: en, kh: en });
    const banners: [string, object, RegExp, string][] = [
      ['haitao', { channel: 'alibaba' }, /\/h5\/Smilebuy$/, 'haitao-channel-alibaba'],
      [
        'haitaoCategory',
        { jumpValue: '16', channel: 'taobao' },
        /ProductSearchList\?keywork=.+&channel=taobao&categoryId=16$/,
        'haitao-card',
      ],
      [
        'haitaoTag',
        { jumpValue: 'summer', channel: 'taobao' },
        /ProductSearchList\?keywork=summer&channel=taobao$/,
        'haitao-card',
      ],
      [
        'haitaoSearch',
        { jumpValue: '连衣裙', channel: 'alibaba' },
        /ProductSearchList\?keywork=.+&channel=alibaba$/,
        'haitao-card',
      ],
      [
        'haitaoProduct',
        { jumpValue: taobaoId(1), channel: 'taobao' },
        /\/Smilebuy\/product\?productId=\d+&channel=taobao$/,
        'haitao-product-title',
      ],
      [
        'haitaoStore',
        { jumpValue: '3007', channel: 'taobao' },
        /\/Smilebuy\/shop\?shopId=3007&channel=taobao&shopName=/,
        'haitao-shop',
      ],
    ];
    for (const [jumpType, extra] of banners)
      await consoleCall(request, 'catalogue/banners/create', {
        position: 'wingh5',
        name: L(`Overseas ${jumpType}`),
        jumpType,
        ...extra,
      });
    for (const [jumpType, , url, testId] of banners) {
      await page.goto('/h5/index3');
      const slide = page.getByTestId(`banner-${jumpType}`);
      await expect(async () => {
        await page.reload();
        await expect(slide).toBeAttached({ timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      await slide.scrollIntoViewIfNeeded();
      await slide.click();
      await expect(page, `${jumpType} banner`).toHaveURL(url);
      await expect(page.getByTestId(testId).first()).toBeVisible();
      if (jumpType === 'haitao') await expect(page.getByTestId(testId)).toHaveAttribute('aria-selected', 'true');
    }
    await screenshot(page, 'smilebuy-banner-store');

    // Search by picture: a photo of a product finds products like it.
    const photo = await (await request.get(`/v1/haitao/picture/taobao/${taobaoId(13)}/0?w=320`)).body();
    await page.goto('/h5/Smilebuy/imageupload');
    await page
      .getByTestId('haitao-picture-input')
      .setInputFiles({ name: 'photo.webp', mimeType: 'image/webp', buffer: photo });
    await expect(page.getByTestId('haitao-picture-result').first()).toBeVisible();
    await screenshot(page, 'smilebuy-picture-search');

    // Spec §2: leaving the Smilebuy product page for the index goes to /Smilebuy.
    await page.goto(`/h5/Smilebuy/product?productId=${taobaoId(1)}&channel=taobao`);
    await expect(page.getByTestId('haitao-product-title')).toBeVisible();
    await page.locator('.page-header .adm-nav-bar-back').click();
    await expect(page).toHaveURL(/\/h5\/Smilebuy$/);
  });
});
