import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

const dir = path.resolve(import.meta.dirname, '../screenshots');
mkdirSync(dir, { recursive: true });

/** Keeps a phone-sized screenshot under e2e/screenshots/ for people to look at. */
export async function screenshot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  // The pictures drawn, all of them: a whole-page picture shows what is below the fold too, which
  // the page loads lazily (when scrolled to) and the server's paint names in data-src until the
  // first screen is shown (page-scripts/boot.js). At most 5 s: a picture that does not come shows
  // as missing. A screen that moves on by itself meanwhile (a result page's redirect) is taken as it
  // then is.
  const waited = page.evaluate(async () => {
    const settled = (img: HTMLImageElement) =>
      new Promise<void>((done) => {
        if (img.complete) return done();
        img.addEventListener('load', () => done(), { once: true });
        img.addEventListener('error', () => done(), { once: true });
      }).then(() => img.decode().catch(() => undefined));
    const deadline = Date.now() + 5000;
    const drawn = async () => {
      while (document.querySelector('img[data-src]') && Date.now() < deadline) {
        await new Promise((done) => setTimeout(done, 50));
      }
      const pictures = [...document.images].filter((img) => img.getAttribute('src'));
      for (const img of pictures) img.loading = 'eager';
      await Promise.all(pictures.map(settled));
    };
    await Promise.race([drawn(), new Promise((done) => setTimeout(done, deadline - Date.now()))]);
  });
  await waited.catch(() => undefined);
  // A whole-page picture is taken without scrolling: what the shop lays out only near the screen
  // (content-visibility: auto, the list's cards) is drawn for it, as a phone draws it scrolled to.
  const drawAll = await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  // From the page's top: a whole-page picture taken scrolled draws what is fixed (the header) where
  // the screen then was, over the page's middle. The scroll is given back after, for the journey.
  const scrolled = await page.evaluate(() => {
    const at = { x: window.scrollX, y: window.scrollY };
    window.scrollTo({ left: 0, top: 0, behavior: 'instant' });
    return at;
  });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
  await page.evaluate((at) => window.scrollTo({ left: at.x, top: at.y, behavior: 'instant' }), scrolled);
  await drawAll.evaluate((style) => style.remove());
}

/**
 * Waits for the app to run the screen. A screen the server drew (decision 0026) is on view before
 * the app's code has come: what the app does on arrival (cookies, history) waits for this.
 */
export async function appRuns(page: Page) {
  await page.waitForFunction(() => (window as { shopTakenOver?: boolean }).shopTakenOver === true);
}

/** Sets the shop's language cookie before the first page loads. */
export async function useLanguage(page: Page, language: 'en-US' | 'chs' | 'kh', baseURL: string) {
  await page.context().addCookies([{ name: 'language', value: language, url: baseURL }]);
}

const API_HEADERS = { apptype: 'h5', appversion: '1.0' };

/** Signs a new shopper in through the accounts calls (SMS code shown outside production). */
export async function signInByApi(page: Page, request: APIRequestContext) {
  const phone = `012${String(Math.floor(100000 + Math.random() * 899999))}`;
  const sms = await (
    await request.post('/v1/customer/sendsms', { headers: API_HEADERS, data: { phone, type: 'login' } })
  ).json();
  expect(sms.code).toBe('0');
  const login = await (
    await request.post('/v1/customer/registandlogin', {
      headers: API_HEADERS,
      data: { phone, code: sms.data.devCode, agree: true },
    })
  ).json();
  expect(login.code).toBe('0');
  await page.addInitScript((data) => {
    localStorage.setItem(
      'shop.session',
      JSON.stringify({ token: data.token, userId: data.userId, userMobile: data.userMobile }),
    );
  }, login.data);
  return { ...(login.data as { token: string; userId: string }), phone };
}

/**
 * On the cashier: pays at the sandbox bank. The journeys' server sends the bank's answer a few
 * seconds after the shopper is back (SANDBOX_CALLBACK_DELAY_MS), as a real bank may.
 */
export async function payAtTheBank(page: Page) {
  await page.getByTestId('channel-row-sandbox').click();
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('amount')).toContainText('USD');
  await page.getByRole('button', { name: /^Pay USD/ }).click();
}

/**
 * Watches every page this tab loads from now on for what must not be on screen while a payment is
 * being confirmed: whenever "Confirming your payment…" is drawn, each of `selectors` drawn beside it
 * is noted. A wait such as toHaveCount(0) cannot say it: the bank's answer comes a few seconds later
 * and those buttons go then anyway. Read with `seenWhileConfirming` before the tab loads another page.
 */
export async function watchWhileConfirming(page: Page, selectors: string[]) {
  await page.addInitScript((watched) => {
    const seen = { confirming: false, beside: [] as string[] };
    (window as unknown as { confirmingWatch: typeof seen }).confirmingWatch = seen;
    const check = () => {
      if (!document.querySelector('[data-testid="payment-confirming"]')) return;
      seen.confirming = true;
      for (const s of watched) if (document.querySelector(s) && !seen.beside.includes(s)) seen.beside.push(s);
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true });
  }, selectors);
}

/** What `watchWhileConfirming` saw on this page: whether it confirmed, and what was drawn beside. */
export async function seenWhileConfirming(page: Page) {
  return page.evaluate(
    () =>
      (window as unknown as { confirmingWatch?: { confirming: boolean; beside: string[] } }).confirmingWatch ?? null,
  );
}

/**
 * Back from the bank, the result page says the payment is being confirmed, then `settled` shows by
 * itself: the same document all along (a reload would lose the mark set here).
 */
export async function confirmingThenSettled(page: Page, settled: () => Promise<void>) {
  await expect(page.getByTestId('payment-confirming')).toBeVisible();
  await page.evaluate(() => {
    (window as { sameDocument?: boolean }).sameDocument = true;
  });
  await settled();
  await expect(page.getByTestId('payment-confirming')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
}
