import { expect, type Page, test } from '@playwright/test';
import { DESKTOP, E2E_OWNER, ownerToken, signIn } from './console-support.ts';
import { screenshot } from './support.ts';

test.use(DESKTOP);
test.setTimeout(240_000);

async function fillLocalized(page: Page, testId: string, en: string) {
  await page.getByTestId(`${testId}-en-US`).fill(en);
  await page.getByTestId(`${testId}-chs`).fill(`${en}（中文）`);
  await page.getByTestId(`${testId}-kh`).fill(`${en} (ខ្មែរ)`);
}

const L = (en: string) => ({ 'en-US': en, chs: `${en}（中文）`, kh: `${en} (ខ្មែរ)` });

test('staff edit an existing product, category, tag, banner and campaign page; the shop shows the changes', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const before = `Kettle ${stamp}`;
  const after = `Steel kettle ${stamp}`;

  // A product to edit, added through the console's API by the owner.
  const headers = { authorization: `Bearer ${await ownerToken(request)}` };
  const categories = (await (await request.get('/admin-api/v1/catalogue/categories', { headers })).json()).data;
  const leaf = categories.find((c: { level: number }) => c.level === 3);
  const created = await (
    await request.post('/admin-api/v1/catalogue/products/create', {
      headers,
      data: {
        categoryId: leaf.id,
        name: L(before),
        description: L('Boils water'),
        published: true,
        imageIds: [],
        items: [{ spec: [{ name: L('Colour'), value: L('White') }], priceCents: 1500, stock: 8 }],
      },
    })
  ).json();
  expect(created.code, created.msg).toBe('0');
  const { productId, itemIds } = created.data as { productId: number; itemIds: number[] };

  // The product editor: new name, new price and limit, a second item with its specification.
  await signIn(page, E2E_OWNER.login, E2E_OWNER.password);
  await page.getByTestId('nav').getByText('Products', { exact: true }).click();
  await page.getByTestId(`product-edit-${productId}`).click();
  await expect(page.getByTestId('product-name-en-US')).toHaveValue(before);
  await page.getByTestId('product-name-en-US').fill(after);
  await page.getByTestId('item-0-price').fill('11.90');
  await page.getByTestId('item-0-max').fill('3');
  await page.getByTestId('item-add').click();
  await fillLocalized(page, 'item-1-spec-0-name', 'Colour');
  await fillLocalized(page, 'item-1-spec-0-value', 'Black');
  await page.getByTestId('item-1-price').fill('12.90');
  await screenshot(page, 'console-product-edit');
  await page.getByTestId('product-save').click();
  await expect(page.getByTestId('product-table')).toContainText(after);
  await expect(page.getByTestId('product-table')).toContainText('$11.90');

  // The shop shows the new name and price.
  const shop = await (await request.get(`/v1/product/queryproductitemsinproduct?productId=${productId}`)).json();
  expect(shop.data.name).toBe(after);
  expect(shop.data.items.map((i: { priceCents: number }) => i.priceCents)).toEqual(
    expect.arrayContaining([1190, 1290]),
  );
  const shopper = await page.context().newPage();
  await shopper.goto(`/h5/product?productItemId=${itemIds[0]}`);
  await expect(shopper.getByText(after).first()).toBeVisible();
  await expect(shopper.getByText('11.90').first()).toBeVisible();
  await shopper.close();

  // A category renamed in three languages.
  await page.getByTestId('nav').getByText('Categories', { exact: true }).click();
  await page.getByTestId(`category-edit-${leaf.id}`).click();
  await fillLocalized(page, 'category-name', `Kettles ${stamp}`);
  await page.getByTestId('category-save').click();
  await expect(page.getByText(`Kettles ${stamp}`)).toBeVisible();
  await screenshot(page, 'console-categories-edit');

  // A tag holding the product.
  await page.getByTestId('nav').getByText('Tags', { exact: true }).click();
  await page.getByTestId('tag-new').click();
  await fillLocalized(page, 'tag-name', `Deals ${stamp}`);
  await page.getByTestId('tag-products').click();
  await page.keyboard.type(after);
  await page.locator('.ant-select-item-option', { hasText: after }).click();
  await page.keyboard.press('Escape');
  await screenshot(page, 'console-tag-edit');
  await page.getByTestId('tag-save').click();
  await expect(page.getByTestId('tag-table')).toContainText(`Deals ${stamp}`);
  const tags = (await (await request.get('/admin-api/v1/catalogue/tags', { headers })).json()).data;
  expect(tags.find((t: { name: { 'en-US': string } }) => t.name['en-US'] === `Deals ${stamp}`).productIds).toEqual([
    productId,
  ]);

  // A banner changed from the product to the category, with the preview of where it now jumps.
  const banner = await (
    await request.post('/admin-api/v1/catalogue/banners/create', {
      headers,
      data: { position: 'home', name: L(`Launch ${stamp}`), jumpType: 'product', productItemId: itemIds[0] },
    })
  ).json();
  await page.getByTestId('nav').getByText('Banners', { exact: true }).click();
  await page.getByTestId(`banner-edit-${banner.data.id}`).click();
  await expect(page.getByTestId('banner-preview')).toContainText(`/h5/product?productItemId=${itemIds[0]}`);
  await page.getByTestId('banner-jump-type').click();
  // Chosen with the keyboard: a click on the option could land while the list scrolled it into
  // view (antd's list draws only what shows; the option was detached, flaky).
  const active = page.locator('.ant-select-item-option-active');
  await expect(active).toBeVisible();
  for (let i = 0; i < 30 && (await active.textContent()) !== 'Category'; i++) await page.keyboard.press('ArrowDown');
  await expect(active).toHaveText('Category');
  await page.keyboard.press('Enter');
  await page.getByTestId('banner-jump-value').fill(String(leaf.id));
  await expect(page.getByTestId('banner-preview')).toContainText(`/h5/category?categoryId=${leaf.id}`);
  await screenshot(page, 'console-banner-edit');
  await page.getByTestId('banner-save').click();
  await expect(page.getByTestId('banner-table')).toContainText(`/h5/category?categoryId=${leaf.id}`);
  const carousel = await (await request.get('/v1/carousel/query')).json();
  expect(carousel.data.find((b: { id: number }) => b.id === banner.data.id)).toMatchObject({
    jumpType: 'category',
    jumpValue: String(leaf.id),
  });

  // The New Year campaign page: staff write its title and text; the shop page shows them.
  await page.getByTestId('nav').getByText('Campaign pages', { exact: true }).click();
  await page.getByRole('tab', { name: 'Claim page /newyearCoupon' }).click();
  // The coupons the campaign already gives are chosen (saving keeps them).
  await expect(page.getByTestId('campaign-coupons')).toContainText('Spend $5, save $2');
  await fillLocalized(page, 'campaign-title', `New Year ${stamp}`);
  await fillLocalized(page, 'campaign-text', 'Two coupons to start the year');
  await page.getByTestId('campaign-save').click();
  await expect(page.getByText(/Last saved/)).toBeVisible();
  await screenshot(page, 'console-campaign');
  const campaign = await page.context().newPage();
  await campaign.goto('/h5/newyearCoupon');
  await expect(campaign.getByTestId('campaign-title')).toHaveText(`New Year ${stamp}`);
  await expect(campaign.getByTestId('campaign-text')).toHaveText('Two coupons to start the year');
  await expect(campaign.getByTestId('offer')).toHaveCount(2);
  await screenshot(campaign, 'campaign-newyear-edited');
  await campaign.close();

  // Invitation rewards and activities open for finance and catalogue work.
  await page.getByTestId('nav').getByText('Invitation rewards', { exact: true }).click();
  await expect(page.getByTestId('invite-summary')).toBeVisible();
  await screenshot(page, 'console-invitations');
  // An activity with the product, running from yesterday to next month.
  await page.getByTestId('nav').getByText('Activities', { exact: true }).click();
  await page.getByTestId('activity-new').click();
  await fillLocalized(page, 'activity-name', `Water week ${stamp}`);
  await fillLocalized(page, 'activity-subtitle', 'Kettles for less');
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const period = page.locator('.ant-modal .ant-picker-range input');
  await period.nth(0).click();
  await period.nth(0).fill(`${day(-1)} 00:00:00`);
  await period.nth(0).press('Enter');
  await period.nth(1).fill(`${day(30)} 00:00:00`);
  await period.nth(1).press('Enter');
  await page.getByTestId('activity-products').click();
  await page.keyboard.type(after);
  await page.locator('.ant-select-item-option', { hasText: after }).click();
  await page.keyboard.press('Escape');
  await screenshot(page, 'console-activity-edit');
  await page.getByTestId('activity-save').click();
  await expect(page.getByTestId('activity-table')).toContainText(`Water week ${stamp}`);
  await screenshot(page, 'console-activities');
  const running = await (await request.get('/v1/activity/queryall')).json();
  const activity = running.data.find((a: { name: string }) => a.name === `Water week ${stamp}`);
  const inActivity = await (await request.get(`/v1/activity/queryproductitem?activityId=${activity.id}`)).json();
  expect(JSON.stringify(inActivity.data.list)).toContain(after);

  // Every edit is in the audit log with before and after.
  const audit = await (
    await request.get('/admin-api/v1/audit/list?action=catalogue.product.update', { headers })
  ).json();
  const row = audit.data.list.find((r: { targetId: string }) => r.targetId === String(productId));
  expect(row.before.name['en-US']).toBe(before);
  expect(row.after.name['en-US']).toBe(after);
});
