import { type APIRequestContext, expect, test } from '@playwright/test';
import { journeyLanguages } from './languages-sample.ts';
import { screenshot, signInByApi, useLanguage } from './support.ts';

const H = { apptype: 'h5', appversion: '1.0' };

async function api(request: APIRequestContext, path: string, query: Record<string, string> = {}, language = 'en-US') {
  const res = await request.get(path, { params: query, headers: { ...H, language } });
  const body = await res.json();
  expect(body.code).toBe('0');
  return body.data;
}

test('browse home: carousel, categories, promotions, tags and an endless feed', async ({ page }) => {
  await page.goto('/h5/');
  await expect(page.getByTestId('carousel')).toBeVisible();
  await expect(page.getByTestId('home-category')).toHaveCount(10);
  await expect(page.getByTestId('home-activity').first()).toBeVisible();
  await expect(page.getByTestId('home-tag').first()).toBeVisible();
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  expect(await page.getByTestId('product-card').count()).toBe(20);
  // The first picture of the feed is lazy and sized by srcset.
  const img = page.getByTestId('product-card').first().locator('img');
  await expect(img).toHaveAttribute('loading', 'lazy');
  await expect(img).toHaveAttribute('srcset', /\?w=160 160w/);
  await screenshot(page, 'catalogue-home-en-US');
  await page.getByTestId('product-card').nth(19).scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
  await expect.poll(() => page.getByTestId('product-card').count()).toBeGreaterThan(20);
  // Links of the foundation stay reachable.
  await expect(page.getByTestId('home-contact')).toBeVisible();
  await expect(page.getByTestId('tab-categories')).toBeVisible();
});

test('open a category three levels deep and sort it', async ({ page }) => {
  await page.goto('/h5/');
  await page.getByTestId('tab-categories').click();
  await expect(page).toHaveURL(/\/categories/);
  await page.getByTestId('top-category').nth(3).click();
  await expect(page.getByTestId('top-category').nth(3)).toHaveClass(/active/);
  const leaf = page.getByTestId('leaf-category').first();
  const leafName = (await leaf.textContent())?.trim() ?? '';
  await screenshot(page, 'catalogue-categories-en-US');
  await leaf.click();
  await expect(page).toHaveURL(/\/category\?categoryId=\d+/);
  await expect(page.getByTestId('list-title')).toHaveText(leafName);
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await page.getByTestId('sort-priceAsc').click();
  await expect(page).toHaveURL(/sort=priceAsc/);
  const prices = await page.locator('.product-card__price strong').allTextContents();
  const cents = prices.map((p) => Number(p.replace(/[$,]/g, '')));
  expect(cents).toEqual([...cents].sort((a, b) => a - b));
  await screenshot(page, 'catalogue-category-en-US');
});

test('search by word with a typo, with history (no duplicates) and hot keywords', async ({ page }) => {
  await page.goto('/h5/ProductSearchList');
  await expect(page.getByTestId('hot-keyword').first()).toBeVisible();
  await page.getByTestId('search-submit').click();
  await expect(page.locator('#shop-toast')).toHaveText('Please enter a search keyword');
  await page.getByTestId('search-input').fill('smartphnoe');
  await page.getByTestId('search-submit').click();
  await expect(page).toHaveURL(/keyword=smartphnoe/);
  await expect(page.getByTestId('product-card').first()).toContainText(/Smartphone/);
  await screenshot(page, 'catalogue-search-typo-en-US');
  await page.getByTestId('search-input').fill('rice cooker');
  await page.getByTestId('search-submit').click();
  await expect(page.getByTestId('product-card').first()).toContainText(/Rice Cooker/);
  await page.goto('/h5/ProductSearchList');
  await page.getByTestId('search-input').fill('smartphnoe');
  await page.getByTestId('search-submit').click();
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await page.goto('/h5/ProductSearchList');
  await expect(page.getByTestId('history-keyword')).toHaveText(['smartphnoe', 'rice cooker']);
  await screenshot(page, 'catalogue-search-page-en-US');
});

test('search by photo and see similar products', async ({ page, request }) => {
  // A shopper photographs something they saw: here, the picture of a product of the shop.
  const found = await api(request, '/v1/product/search', { keyword: 'football', size: '1' });
  const target = found.list[0];
  const picture = await request.get(`${target.imageUrl}?w=480`);
  await page.goto('/h5/ProductSearchList');
  await page
    .getByTestId('photo-input')
    .setInputFiles({ name: 'photo.webp', mimeType: 'image/webp', buffer: await picture.body() });
  await expect(page).toHaveURL(/by=photo/);
  await expect(page.getByTestId('product-card').first()).toContainText(target.name);
  await screenshot(page, 'catalogue-photo-search-en-US');
  // Not a picture: the upload is refused in the shopper's words.
  await page
    .getByTestId('photo-input')
    .setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not an image') });
  await expect(page.locator('#shop-toast')).toHaveText('Upload failed or empty image');
  await page.getByTestId('product-card').first().click();
  await expect(page.getByTestId('product-name')).toHaveText(target.name);
  await page.getByTestId('more-similar').click();
  await expect(page).toHaveURL(/similarTo=/);
  await expect(page.getByTestId('product-card').first()).toBeVisible();
});

test('pick a specification: price, stock and flags follow the chosen item', async ({ page, request }) => {
  const found = await api(request, '/v1/product/search', { keyword: 'smartphone', size: '5' });
  const detail = await api(request, '/v1/product/queryproductitemsinproduct', {
    productId: String(found.list[0].productId),
  });
  expect(detail.items.length).toBeGreaterThan(1);
  await page.goto(`/h5/product?productItemId=${detail.items[0].productItemId}`);
  await expect(page.getByTestId('product-name')).toHaveText(detail.name);
  await screenshot(page, 'catalogue-product-en-US');
  await page.getByTestId('choose-spec').click();
  await expect(page.getByTestId('spec-picker')).toBeVisible();
  const second = detail.items[1];
  await page.getByTestId('spec-value').filter({ hasText: second.spec[0].value }).click();
  await expect(page.getByTestId('picker-price')).toHaveText(
    `$${(second.priceCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  );
  await screenshot(page, 'catalogue-spec-picker-en-US');
  await expect(page).toHaveURL(new RegExp(`productItemId=${second.productItemId}`));
  // The picker on its own page (/specsMode) shows the same item.
  await page.goto(`/h5/specsMode?productItemId=${second.productItemId}`);
  await expect(page.getByTestId('spec-value').filter({ hasText: second.spec[0].value })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // Parameters and manual pages.
  await page.goto(`/h5/parameter?productId=${detail.productId}`);
  await expect(page.getByTestId('parameters-table')).toContainText('Brand');
});

test('an out-of-stock item offers "notify me"; a visitor is asked to log in first', async ({ page, request }) => {
  let soldOut: { productItemId: number } | undefined;
  for (let pageNo = 1; pageNo <= 17 && !soldOut; pageNo++) {
    const feed = await api(request, '/v1/newcategory/queryproductitem', { page: String(pageNo), size: '20' });
    soldOut = feed.list.find((p: { flags: { outOfStock: boolean } }) => p.flags.outOfStock);
  }
  expect(soldOut).toBeTruthy();
  await page.goto(`/h5/product?productItemId=${soldOut?.productItemId}`);
  await expect(page.getByTestId('flag-outOfStock').first()).toBeVisible();
  await page.getByTestId('notify-me').click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await screenshot(page, 'catalogue-notify-login-en-US');
});

test('favourite a product, see it in /favourite, remove it', async ({ page, request }) => {
  await signInByApi(page, request);
  const found = await api(request, '/v1/product/search', { keyword: 'headphones', size: '1' });
  await page.goto(`/h5/product?productItemId=${found.list[0].productItemId}`);
  await expect(page.getByTestId('favourite')).toHaveAttribute('aria-pressed', 'false');
  await page.getByTestId('favourite').click();
  await expect(page.getByTestId('favourite')).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/h5/favourite');
  await expect(page.getByTestId('product-card')).toHaveCount(1);
  await expect(page.getByTestId('product-card')).toContainText(found.list[0].name);
  await screenshot(page, 'catalogue-favourites-en-US');
  await page.getByTestId('remove-favourite').click();
  await expect(page.getByTestId('list-empty')).toBeVisible();
});

test('add to cart (the cart call, the badge follows) and buy now (a direct preorder, then confirmation)', async ({
  page,
  request,
}) => {
  await signInByApi(page, request);
  const found = await api(request, '/v1/product/search', { keyword: 'coffee', size: '1' });
  await page.goto(`/h5/product?productItemId=${found.list[0].productItemId}`);
  await page.getByTestId('add-to-cart').click();
  await page.getByTestId('picker-add-to-cart').click();
  await expect(page.locator('#shop-toast')).toHaveText('Added to cart');
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('shop.session') ?? '{}').cartCount))
    .toBe(1);
  await page.getByTestId('picker-buy-now').click();
  await expect(page).toHaveURL(/\/orderConfirm\?preorderId=/);
});

/** What a shopper reads and types in each language, and where the help banner leads. */
const JOURNEY = {
  'en-US': {
    tab: 'Categories',
    typo: 'samsnug smartphnoe',
    noun: 'Smartphone',
    help: /\/delivery\?traceToken=[0-9a-f]+&language=en-US&pathType=h5$/,
  },
  chs: {
    tab: '分类',
    typo: 'samsnug 手机',
    noun: '智能手机',
    help: /\/zh\/delivery\?traceToken=[0-9a-f]+&language=chs&pathType=h5$/,
  },
  kh: {
    tab: 'ប្រភេទ',
    typo: 'samsnug ស្មាតហ្វូន',
    noun: 'ស្មាតហ្វូន',
    help: /\/kh\/delivery\?traceToken=[0-9a-f]+&language=kh&pathType=h5$/,
  },
} as const;

/** Every jump kind of the demo shop's carousels: home (`/`) and the wallet app's entry (`/index3`). */
const BANNERS: [string, string, RegExp][] = [
  ['/h5/', 'product', /\/h5\/product\?productItemId=\d+$/],
  ['/h5/', 'default', /\/h5\/tagProductList\?tagId=\d+&name=/],
  ['/h5/', 'topCategory', /\/h5\/categories\?categoryId=\d+&name=/],
  ['/h5/', 'category', /\/h5\/category\?categoryId=\d+&name=.+&upperid=\d+/],
  ['/h5/', 'topup', /\/h5\/topup\?value=5&name=/],
  ['/h5/', 'taobao', /\/h5\/Smilebuy$/],
  ['/h5/', 'wallet', /\/h5\/myWallet$/],
  ['/h5/index3', 'default', /\/h5\/tagProductList\?tagId=\d+&name=/],
  ['/h5/index3', 'alibaba', /\/h5\/Smilebuy$/],
];

for (const language of journeyLanguages(['en-US', 'chs', 'kh'] as const, 'catalogue')) {
  test(`a new shopper on a phone in ${language}: categories, typo and photo search, specification, favourite, banners`, async ({
    page,
    request,
    baseURL,
    context,
  }) => {
    const words = JOURNEY[language];
    await context.route('https://help.angkormall.com.kh/**', (route) =>
      route.fulfill({ status: 200, body: 'help page' }),
    );
    await useLanguage(page, language, baseURL as string);
    await signInByApi(page, request);

    // Home, then a category three levels deep: top (home icon) → middle → leaf.
    await page.goto('/h5/');
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await expect(page.getByTestId('tab-categories')).toContainText(words.tab);
    await screenshot(page, `journey-home-${language}`);
    await page.getByTestId('home-category').first().click();
    await expect(page).toHaveURL(/\/categories\?categoryId=\d+/);
    const mid = page.getByTestId('mid-category').first();
    const midName = (await mid.textContent())?.trim() ?? '';
    await mid.click();
    await expect(page.getByTestId('list-title')).toHaveText(midName);
    const leaf = page.getByTestId('sub-category').first();
    const leafName = (await leaf.textContent())?.trim() ?? '';
    await leaf.click();
    await expect(page).toHaveURL(/\/category\?categoryId=\d+&name=.+&upperid=\d+/);
    await expect(page.getByTestId('list-title')).toHaveText(leafName);
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await screenshot(page, `journey-category-${language}`);

    // A search with a typo in the brand still finds the phones, named in the shopper's language.
    await page.goto('/h5/ProductSearchList');
    await page.getByTestId('search-input').fill(words.typo);
    await page.getByTestId('search-submit').click();
    await expect(page.getByTestId('product-card').first()).toContainText('Samsung');
    await expect(page.getByTestId('product-card').first()).toContainText(words.noun);
    await screenshot(page, `journey-search-typo-${language}`);

    // A photo of a product of the shop finds that product first.
    const ball = (await api(request, '/v1/product/search', { keyword: 'football', size: '1' }, language)).list[0];
    const photo = await request.get(`${ball.imageUrl}?w=480`);
    await page.goto('/h5/ProductSearchList');
    await page
      .getByTestId('photo-input')
      .setInputFiles({ name: 'photo.webp', mimeType: 'image/webp', buffer: await photo.body() });
    await expect(page.getByTestId('product-card').first()).toContainText(ball.name);

    // Pick another specification: the price follows; then favourite the product.
    const phone = (await api(request, '/v1/product/search', { keyword: 'smartphone', size: '1' }, language)).list[0];
    const detail = await api(
      request,
      '/v1/product/queryproductitemsinproduct',
      { productId: String(phone.productId) },
      language,
    );
    await page.goto(`/h5/product?productItemId=${detail.items[0].productItemId}`);
    await expect(page.getByTestId('product-name')).toHaveText(detail.name);
    await page.getByTestId('choose-spec').click();
    const second = detail.items[1];
    await page.getByTestId('spec-value').filter({ hasText: second.spec[0].value }).click();
    await expect(page.getByTestId('picker-price')).toHaveText(
      `$${(second.priceCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
    await screenshot(page, `journey-spec-${language}`);
    await page.getByTestId('picker-close').click();
    await page.getByTestId('favourite').click();
    await expect(page.getByTestId('favourite')).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/h5/favourite');
    await expect(page.getByTestId('product-card')).toHaveCount(1);
    await expect(page.getByTestId('product-card')).toContainText(detail.name);

    // Every kind of banner leads where the jump table says.
    for (const [from, type, url] of [...BANNERS, ['/h5/', 'h5', words.help] as [string, string, RegExp]]) {
      await page.goto(from);
      const slide = page.getByTestId(`banner-${type}`);
      await slide.scrollIntoViewIfNeeded();
      await slide.click();
      await expect(page, `${type} banner of ${from}`).toHaveURL(url);
    }
    await page.goto('/h5/');
    // The channel is a cookie: the server draws the overseas home in it (decision 0055).
    expect((await page.context().cookies()).find((c) => c.name === 'shop_haitao_channel')?.value).toBe('1');
  });
}
