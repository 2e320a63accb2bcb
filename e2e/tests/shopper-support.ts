import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { ownerToken } from './console-support.ts';

export type Language = 'en-US' | 'chs' | 'kh';
export const LANGUAGES: Language[] = ['en-US', 'chs', 'kh'];

/** A fresh Cambodian mobile number (Smart 096 range), and its E.164 form. */
export function newPhone(): { phone: string; e164: string } {
  const phone = `096${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  return { phone, e164: `+855${phone.slice(1)}` };
}

/** Taps "get code" and reads the code from the development answer of v1/customer/sendsms. */
export async function getCode(page: Page): Promise<string> {
  const answer = page.waitForResponse((r) => r.url().includes('/v1/customer/sendsms'));
  await page.getByTestId('send-code').click();
  const body = await (await answer).json();
  expect(body.code).toBe('0');
  expect(body.data.devCode).toMatch(/^\d{4}$/);
  return body.data.devCode;
}

export async function fill(page: Page, testId: string, value: string) {
  await page.getByTestId(testId).locator('input,textarea').first().fill(value);
}

export async function tickAgreement(page: Page) {
  await page.getByTestId('agree').locator('.adm-checkbox-icon').click();
}

/** A phone-sized browser of its own (a second person on the same shop), in `language`. */
export async function newPhonePage(browser: Browser, baseURL: string, language: Language): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  await context.addCookies([{ name: 'language', value: language, url: baseURL }]);
  return context.newPage();
}

/**
 * A new shopper signs up on the login screen with an SMS code (the first login creates the
 * account), starting from the personal centre; they land back there.
 */
export async function signUpBySms(page: Page): Promise<{ phone: string; e164: string }> {
  const who = newPhone();
  await page.goto('/h5/personal');
  await page.getByTestId('personal-login').click();
  await expect(page).toHaveURL(/\/h5\/login$/);
  await fill(page, 'phone', who.phone);
  await fill(page, 'code', await getCode(page));
  await tickAgreement(page);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/h5\/personal$/);
  return who;
}

/** Sets the pay password on its screen: a code to the own phone, then 6 digits twice. */
export async function setPayPassword(page: Page, payPassword: string) {
  await page.goto('/h5/settingsPayPassword');
  await fill(page, 'code', await getCode(page));
  await page.getByTestId('pay-code-submit').click();
  await page.getByTestId('pay-first').click();
  await page.keyboard.type(payPassword);
  await page.getByTestId('pay-second').click();
  await page.keyboard.type(payPassword);
  await page.getByTestId('pay-submit').click();
  await expect(page).toHaveURL(/\/h5\/settings$/);
}

/** A product of the demo catalogue on sale at a price in [minCents, maxCents]. */
export async function anItemPriced(request: APIRequestContext, minCents: number, maxCents: number): Promise<number> {
  for (let page = 1; page <= 10; page += 1) {
    const feed = await (await request.get(`/v1/newcategory/queryproductitem?page=${page}&size=40`)).json();
    const card = feed.data.list.find(
      (c: { priceCents: number; flags: { outOfStock: boolean; unpublished: boolean; expired: boolean } }) =>
        c.priceCents >= minCents &&
        c.priceCents <= maxCents &&
        !c.flags.outOfStock &&
        !c.flags.unpublished &&
        !c.flags.expired,
    );
    if (card) return card.productItemId;
  }
  throw new Error(`no item between ${minCents} and ${maxCents} cents`);
}

/** "Buy now" on a product page, store pickup: the order confirmation screen. */
export async function buyNow(page: Page, productItemId: number) {
  await page.goto(`/h5/product?productItemId=${productItemId}`);
  await page.getByTestId('add-to-cart').click();
  await page.getByTestId('picker-buy-now').click();
  await expect(page).toHaveURL(/\/orderConfirm\?preorderId=/);
  await page.getByTestId('ship-STORE').click();
  // The totals are the server's answer to the change: the radio follows that answer.
  await expect(page.getByTestId('ship-STORE')).toHaveClass(/adm-radio-checked/);
  await expect(page.getByTestId('payable')).toContainText('$');
}

/** Places the order on the confirmation screen and pays it with a card at the sandbox bank. */
export async function placeAndPayByCard(page: Page) {
  await page.getByTestId('submit-order').click();
  await expect(page.getByTestId('cashier-amount')).toContainText('$');
  await page.getByTestId('channel-sandbox').click();
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('amount')).toContainText('USD');
  await page.getByRole('button', { name: /^Pay USD/ }).click();
  await expect(page.getByTestId('pay-result-paid')).toBeVisible({ timeout: 20_000 });
}

/**
 * The console's staff calls, made as the finance desk makes them: signed in as the e2e owner
 * (created by the server's start command), over the console's API.
 */
export async function staffDesk(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await ownerToken(request)}` };
  const post = async (path: string, data: object) => {
    const answer = await (await request.post(`/admin-api/v1/${path}`, { headers, data })).json();
    expect(answer.code, `${path}: ${answer.msg}`).toBe('0');
    return answer.data;
  };
  const get = async (path: string, params: Record<string, string>) => {
    const answer = await (await request.get(`/admin-api/v1/${path}`, { headers, params })).json();
    expect(answer.code, `${path}: ${answer.msg}`).toBe('0');
    return answer.data;
  };
  return {
    /** Credits a shopper's account with a reason shown on their bill. */
    credit: (e164: string, account: 'cash' | 'gift', amountCents: number, reason: string) =>
      post('finance/adjust', { phone: e164, account, amountCents, reason, requestId: randomUUID() }),
    /** The shopper's withdrawals waiting in one state, oldest first. */
    withdrawals: async (e164: string, status: 'init' | 'agree') =>
      (await get('finance/withdrawals', { status, page: '1', size: '100' })).list.filter(
        (w: { userPhone: string | null }) => w.userPhone === e164,
      ) as { id: number; amountCents: number }[],
    /** A coupon batch with a promo code shoppers can enter. */
    promoCode: (code: string, minSpendCents: number, discountCents: number) =>
      post('finance/coupons/create', {
        title: {
          'en-US': `Promo ${code}: spend $${minSpendCents / 100}, save $${discountCents / 100}`,
          chs: `优惠码 ${code}：满 $${minSpendCents / 100} 减 $${discountCents / 100}`,
          kh: `កូដ ${code}៖ ចំណាយ $${minSpendCents / 100} សន្សំ $${discountCents / 100}`,
        },
        minSpendCents,
        discountCents,
        validDays: 30,
        code,
        perUserLimit: 1,
      }),
    decide: (id: number, decision: 'agree' | 'refuse' | 'finish', reason?: string) =>
      post('finance/withdrawals/decide', { id, decision, ...(reason ? { reason } : {}) }),
  };
}
