import { expect, test } from '@playwright/test';
import { DESKTOP, E2E_OWNER, signIn } from './console-support.ts';
import { screenshot, signInByApi, useLanguage } from './support.ts';

test('a campaign page: visitors see it and are asked to log in to claim; a shopper claims once', async ({
  page,
  request,
  baseURL,
}) => {
  await useLanguage(page, 'kh', baseURL as string);
  await page.goto('/h5/christmas');
  await expect(page.getByTestId('campaign')).toHaveAttribute('data-state', 'running');
  await expect(page.getByTestId('campaign-hero')).toContainText('ផ្សារអំណោយបុណ្យណូអែល');
  await expect(page.getByTestId('campaign-countdown')).toContainText('បញ្ចប់ក្នុង');
  await expect(page.getByTestId('campaign-products').getByTestId('product-card').first()).toBeVisible();
  await expect(page.getByTestId('campaign-rules')).toContainText('គូប៉ុងមួយក្នុងម្នាក់');
  await screenshot(page, 'campaign-christmas-kh');
  await page.getByTestId('campaign-claim').first().click();
  await expect(page.locator('.dialog')).toBeVisible();

  await signInByApi(page, request);
  await useLanguage(page, 'en-US', baseURL as string);
  await page.goto('/h5/christmas');
  await page.getByTestId('campaign-claim').first().click();
  await expect(page.getByTestId('campaign-claim').first()).toHaveText('Claimed');
  await expect(page.getByTestId('campaign-claim').first()).toBeDisabled();
  await page.goto('/h5/coupon');
  await expect(page.getByText('Christmas: spend $40, save $6')).toBeVisible();
});

test('a list opened from a banner or a campaign’s "See all" is titled by where the shopper came from', async ({
  page,
  baseURL,
}) => {
  await useLanguage(page, 'en-US', baseURL as string);
  // The home carousel's "Water Festival Sale" banner leads to a tag's list (the tag is "Hot Deals").
  await page.goto('/h5/');
  const banner = page.getByTestId('banner-default').first();
  await banner.scrollIntoViewIfNeeded();
  await banner.click();
  await expect(page).toHaveURL(/\/tagProductList\?/);
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await expect(page.getByTestId('list-title')).toHaveText('Water Festival Sale');
  await screenshot(page, 'list-from-banner-en');
  // Christmas' products block: "See all" keeps the campaign's title.
  await useLanguage(page, 'chs', baseURL as string);
  await page.goto('/h5/christmas');
  await page
    .getByTestId('campaign-products')
    .getByRole('link', { name: /查看全部|See all/ })
    .click();
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await expect(page.getByTestId('list-title')).toHaveText('圣诞礼物市集');
  await screenshot(page, 'list-from-campaign-chs');
});

test('before its start a campaign says when; after its end it says so and offers home', async ({ page, baseURL }) => {
  await useLanguage(page, 'chs', baseURL as string);
  await page.goto('/h5/blackFridav');
  await expect(page.getByTestId('campaign-upcoming')).toContainText('开始');
  await expect(page.getByTestId('campaign-countdown')).toContainText('距开始');
  await expect(page.getByTestId('campaign-coupons')).toHaveCount(0);
  await screenshot(page, 'campaign-upcoming-chs');
  await page.goto('/h5/Cambodiaactivity');
  await expect(page.getByTestId('campaign-ended')).toContainText('活动已结束');
  await page.getByTestId('campaign-home').click();
  await expect(page).toHaveURL(/\/h5\/?$/);
});

test.describe('console', () => {
  test.use(DESKTOP);
  test('staff build a campaign from blocks, preview it before publishing, then publish it', async ({
    page,
    baseURL,
  }) => {
    const stamp = Date.now().toString(36);
    await signIn(page, E2E_OWNER.login, E2E_OWNER.password);
    await page.goto('/admin/finance/campaigns');
    await expect(page.getByTestId('campaign-edit-christmas')).toBeVisible();
    await page.getByTestId('campaign-new').click();
    // The route by keyboard (/newbg is the sixth), and the form shows it chosen.
    await page.getByRole('combobox', { name: 'Route' }).focus();
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'Enter'])
      await page.keyboard.press(key);
    await expect(page.locator('.ant-drawer').getByTitle('/newbg')).toBeVisible();
    // An hour ago in Phnom Penh: the newest start among the route's running campaigns is the one shown.
    const anHourAgo = new Date(Date.now() + 6 * 3_600_000).toISOString().slice(0, 16);
    await page.getByTestId('campaign-starts').fill(anHourAgo);
    await page.getByTestId('campaign-ends').fill('2030-01-01T00:00');
    await page.getByTestId('campaign-name-en-US').fill(`Launch week ${stamp}`);
    await page.getByTestId('campaign-name-chs').fill(`上新周 ${stamp}`);
    await page.getByTestId('campaign-name-kh').fill(`សប្តាហ៍ដាក់លក់ ${stamp}`);
    await page.getByTestId('block-0-caption-en-US').fill('All new');
    await page.getByTestId('block-0-caption-chs').fill('全新');
    await page.getByTestId('block-0-caption-kh').fill('ថ្មីទាំងអស់');
    await page.getByTestId('campaign-add-rules').click();
    await page.getByTestId('block-3-heading-en-US').fill('Rules');
    await page.getByTestId('block-3-heading-chs').fill('规则');
    await page.getByTestId('block-3-heading-kh').fill('លក្ខខណ្ឌ');
    await page.getByTestId('block-3-text-en-US').fill('**Members** only');
    await page.getByTestId('block-3-text-chs').fill('仅限会员');
    await page.getByTestId('block-3-text-kh').fill('សម្រាប់សមាជិក');
    await screenshot(page, 'campaign-console-editor');
    await page.getByTestId('campaign-save').click();
    const link = page.getByTestId('campaign-preview-link');
    await expect(link).toBeVisible();
    const preview = (await link.getAttribute('href')) as string;

    const shop = await page.context().newPage();
    await shop.setViewportSize({ width: 390, height: 844 });
    await useLanguage(shop, 'en-US', baseURL as string);
    // Not published: shoppers still see the demo campaign; the preview link shows the new one.
    await shop.goto('/h5/newbg');
    await expect(shop.getByTestId('campaign-hero')).toBeVisible();
    await expect(shop.getByTestId('campaign-hero')).not.toContainText(`Launch week ${stamp}`);
    await shop.goto(preview);
    await expect(shop.getByTestId('campaign-preview')).toBeVisible();
    await expect(shop.getByTestId('campaign-hero')).toContainText(`Launch week ${stamp}`);
    await expect(shop.getByTestId('campaign-rules').locator('strong')).toHaveText('Members');

    await page.keyboard.press('Escape');
    const row = page.locator('tr', { hasText: `Launch week ${stamp}` });
    await row.getByRole('button', { name: 'Publish' }).click();
    await expect(row.getByRole('button', { name: 'Unpublish' })).toBeVisible();
    await shop.goto('/h5/newbg');
    await expect(shop.getByTestId('campaign-hero')).toContainText(`Launch week ${stamp}`);
    await expect(shop.getByTestId('campaign-preview')).toHaveCount(0);
  });
});

test.describe('console: lucky draw', () => {
  test.use(DESKTOP);
  test('staff add a lucky draw with a prize and its odds; the preview shows it', async ({ page, baseURL }) => {
    const stamp = Date.now().toString(36);
    await signIn(page, E2E_OWNER.login, E2E_OWNER.password);
    await page.goto('/admin/finance/campaigns');
    await page.getByTestId('campaign-new').click();
    await page.getByRole('combobox', { name: 'Route' }).focus();
    for (const key of ['ArrowDown', 'ArrowDown', 'Enter']) await page.keyboard.press(key);
    await page.getByTestId('campaign-starts').fill('2029-01-01T00:00');
    await page.getByTestId('campaign-ends').fill('2030-01-01T00:00');
    for (const [l, v] of [
      ['en-US', `Draw week ${stamp}`],
      ['chs', `抽奖周 ${stamp}`],
      ['kh', `សប្តាហ៍ចាប់រង្វាន់ ${stamp}`],
    ]) {
      await page.getByTestId(`campaign-name-${l}`).fill(v as string);
      await page.getByTestId(`block-0-caption-${l}`).fill(v as string);
    }
    await page.getByTestId('campaign-add-luckyDraw').click();
    for (const [l, v] of [
      ['en-US', 'Spin to win'],
      ['chs', '幸运转盘'],
      ['kh', 'បង្វិលឈ្នះ'],
    ])
      await page.getByTestId(`block-3-heading-${l}`).fill(v as string);
    await page.getByTestId('block-3-draws').fill('2');
    await page.getByTestId('block-3-miss').fill('3');
    await page.getByTestId('block-3-prize-0-batch').click();
    await page.keyboard.press('Enter');
    await screenshot(page, 'campaign-console-lucky-draw');
    await page.getByTestId('campaign-save').click();
    const link = page.getByTestId('campaign-preview-link');
    await expect(link).toBeVisible();

    const shop = await page.context().newPage();
    await shop.setViewportSize({ width: 390, height: 844 });
    await useLanguage(shop, 'en-US', baseURL as string);
    await shop.goto((await link.getAttribute('href')) as string);
    const draw = shop.getByTestId('campaign-draw');
    await expect(draw).toContainText('Spin to win');
    // One prize of weight 1 against a no-prize weight of 3: a 25% chance; 10 in stock (the default).
    await expect(draw.getByTestId('draw-prize')).toContainText('25% chance · 10 left');
    await expect(draw.getByTestId('draw-button')).toBeDisabled(); // a staff preview draws nothing
  });
});
