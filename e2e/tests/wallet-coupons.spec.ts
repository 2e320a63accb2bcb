import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { journeyLanguages } from './languages-sample.ts';
import {
  anItemPriced,
  buyNow,
  LANGUAGES,
  type Language,
  newPhonePage,
  placeAndPayByCard,
  signUpBySms,
  staffDesk,
} from './shopper-support.ts';
import { screenshot, useLanguage } from './support.ts';

const couponTexts = (language: Language) =>
  JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, `../../apps/web/src/features/coupons/locales/${language}.json`),
      'utf8',
    ),
  );

const INVALID = {
  'en-US': 'Promotion code is invalid, please enter a valid promotion code',
  chs: '优惠码无效，请输入有效的优惠码',
  kh: 'លេខកូដប្រូម៉ូសិនមិនត្រឹមត្រូវ សូមបញ្ចូលលេខកូដដែលត្រឹមត្រូវ',
} as const;

/** The shop's New Year offer "spend $5, save $2" (coupons/service.ts STANDARD_BATCHES). */
const SPEND_5_SAVE_2 = { 'en-US': 'Spend $5, save $2', chs: '满 $5 减 $2', kh: 'ចំណាយ $5 សន្សំ $2' } as const;

for (const language of journeyLanguages(LANGUAGES, 'wallet-coupons')) {
  test(`coupons: a promo code, a claimed coupon used at checkout, then shown as used (${language})`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const t = couponTexts(language);
    const code = `ANGKOR${Date.now().toString(36).toUpperCase()}${language.length}`;
    await (await staffDesk(request)).promoCode(code, 300, 100);
    await useLanguage(page, language, baseURL as string);
    await signUpBySms(page);

    // From the personal centre to the coupons: a wrong code is said under the field, silently.
    await page.getByTestId('to-coupons').click();
    await expect(page).toHaveURL(/\/h5\/coupon$/);
    await expect(page.getByTestId('coupon')).toHaveCount(0);
    // (the "code sent" toast of the sign-up fades first)
    await expect(page.locator('#shop-toast')).toBeHidden();
    await page.getByTestId('promo-code').locator('input').fill('NOT-A-CODE');
    await page.getByTestId('promo-submit').click();
    await expect(page.getByTestId('promo-error')).toHaveText(INVALID[language]);
    // COUPONCODE0005 passes silently: no toast on top of the message.
    await expect(page.locator('#shop-toast')).toBeHidden();
    await screenshot(page, `coupons-invalid-${language}`);
    await page.getByTestId('promo-code').locator('input').fill(code.toLowerCase());
    await page.getByTestId('promo-submit').click();
    await expect(page.getByTestId('coupon')).toHaveCount(1);
    await expect(page.getByTestId('coupon').first()).toContainText('$1.00');
    await expect(page.getByTestId('promo-error')).toHaveCount(0);
    await screenshot(page, `coupons-valid-${language}`);

    // The New Year page: claim "spend $5, save $2".
    await page.goto('/h5/newyearCoupon');
    await expect(page.getByTestId('offer').first()).toContainText(SPEND_5_SAVE_2[language]);
    await page.getByTestId('offer-claim').first().click();
    await expect(page.getByTestId('offer-claim').first()).toBeDisabled();
    await expect(page.getByTestId('offer-claim').first()).toHaveText(t.taken);
    await screenshot(page, `coupons-newyear-${language}`);

    // Checkout: both coupons fit this order; the $2 one is chosen.
    await buyNow(page, await anItemPriced(request, 600, 2400));
    const before = (await page.getByTestId('payable').textContent()) as string;
    await expect(page.getByTestId('confirm-coupon')).toContainText('2');
    await page.getByTestId('confirm-coupon').click();
    await expect(page.getByTestId('coupon-option')).toHaveCount(2);
    await expect(page.getByTestId('coupon-option').first()).toContainText(SPEND_5_SAVE_2[language]);
    await screenshot(page, `coupons-checkout-picker-${language}`);
    await page.getByTestId('coupon-option').first().click();
    await expect(page.locator('.adm-popup-body')).toBeHidden();
    await expect(page.getByTestId('confirm-coupon')).toContainText('-$2.00');
    await expect(page.getByTestId('discount')).toContainText('-$2.00');
    const cents = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
    await expect
      .poll(async () => cents((await page.getByTestId('payable').textContent()) as string))
      .toBe(cents(before) - 200);
    await screenshot(page, `coupons-checkout-${language}`);
    await placeAndPayByCard(page);

    // The coupon moved to the used tab; the promo coupon is still there to use.
    await page.goto('/h5/coupon');
    await expect(page.getByTestId('coupon')).toHaveCount(1);
    await expect(page.getByTestId('coupon')).toContainText('$1.00');
    await page.getByText(t.tab.used, { exact: true }).click();
    await expect(page.getByTestId('coupon')).toHaveCount(1);
    await expect(page.getByTestId('coupon')).toContainText('$2.00');
    await screenshot(page, `coupons-used-${language}`);
  });
}

test('claim page: a visitor sees the offers and is asked to log in to claim', async ({ browser, baseURL }) => {
  const visitor = await newPhonePage(browser, baseURL as string, 'en-US');
  await visitor.goto('/h5/newyearCoupon');
  await expect(visitor.getByTestId('offer')).toHaveCount(2);
  await expect(visitor.getByTestId('offer').first()).toContainText('Spend $5, save $2');
  await expect(visitor.getByTestId('offer').nth(1)).toContainText('Spend $25, save $5');
  await screenshot(visitor, 'coupons-newyear-visitor-en-US');
  await visitor.getByTestId('offer-claim').first().click();
  await expect(visitor.getByRole('alertdialog')).toContainText('Please log in to continue.');
  await visitor.context().close();
});
