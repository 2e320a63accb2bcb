import { expect, test } from '@playwright/test';
import { screenshot, signInByApi, useLanguage } from './support.ts';

test('a visitor sees the bonus advert on the front page: it leads to login, and closed it stays closed today', async ({
  page,
  baseURL,
}) => {
  await useLanguage(page, 'kh', baseURL as string);
  await page.goto('/h5/');
  const advert = page.getByTestId('bonus-advert-unlogin');
  await expect(advert).toContainText('អ្នកថ្មី');
  await screenshot(page, 'advert-bonus-kh');
  await advert.getByRole('button', { name: /អ្នកថ្មី/ }).click();
  await expect(page).toHaveURL(/\/h5\/login/);
  await page.goto('/h5/');
  await page.getByTestId('bonus-advert-close').click();
  await expect(page.getByTestId('bonus-advert-unlogin')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await expect(page.getByTestId('bonus-advert-unlogin')).toHaveCount(0);
});

for (const [language, invite, prepaid] of [
  ['en-US', 'Invite friends', 'Apply for a prepaid card'],
  ['chs', '邀请好友', '申请预付卡'],
] as const) {
  test(`a signed-in shopper in ${language}: the bonus advert invites friends; the personal page's adverts jump`, async ({
    page,
    request,
    baseURL,
  }) => {
    await useLanguage(page, language, baseURL as string);
    await signInByApi(page, request);
    await page.goto('/h5/');
    const advert = page.getByTestId('bonus-advert-login');
    await expect(advert).toContainText(invite);
    await advert.getByRole('button', { name: invite }).click();
    await expect(page).toHaveURL(/\/h5\/invite\?entrance=H5$/);

    await page.goto('/h5/personal');
    const adverts = page.getByTestId('mypage-adverts');
    await expect(adverts).toContainText(prepaid);
    await screenshot(page, `advert-mypage-${language}`);
    await adverts.getByTestId('banner-bongloy').click();
    await expect(page).toHaveURL(/\/h5\/bongloy$/);
    await page.goto('/h5/');
    await page.goto('/h5/personal');
    // The coupon kind leads to the personal centre (spec §2 jump table): the page it is on.
    await page.getByTestId('mypage-adverts').getByTestId('banner-coupon').click({ force: true });
    await expect(page).toHaveURL(/\/h5\/personal$/);
  });
}
