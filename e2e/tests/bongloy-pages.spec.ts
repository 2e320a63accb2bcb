import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { field, pickDate } from './bongloy-support.ts';
import { journeyLanguages } from './languages-sample.ts';
import { dragSliderTo, findGap } from './puzzle-support.ts';
import { LANGUAGES, type Language, newPhone, newPhonePage, signUpBySms } from './shopper-support.ts';
import { screenshot } from './support.ts';

/**
 * The prepaid card's information pages (issue 21): console-managed documents in the three
 * languages, the wallet app's download page with its store links, the share page inside the wallet
 * app and in a browser; and step 1's SMS code behind the slide puzzle when the phone asked often.
 */
const texts = (language: Language) =>
  JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, `../../apps/web/src/features/bongloy/locales/${language}.json`),
      'utf8',
    ),
  );

const PAGES: [route: string, key: string][] = [
  ['/bongloy/openAccountSteps', 'openAccountSteps'],
  ['/bongloy/usageGuid', 'usageGuide'],
  ['/bongloy/operatingManual', 'operatingManual'],
  ['/bongloy/strategy', 'strategy'],
  ['/bongloy/customer', 'customer'],
  ['/bongloy/agreement', 'agreement'],
  ['/walletCardProtocol', 'walletCardProtocol'],
  ['/masterProtocol', 'masterProtocol'],
  ['/master/faq', 'masterFaq'],
  ['/master/termsAndConditions', 'masterTerms'],
  ['/bongloyDownload', 'download'],
  ['/download/bongloy', 'download'],
  ['/bongloyShare', 'share'],
];

/** A page that frames the shop as the wallet app's web view would, answering `shop.share`. */
async function walletHost(baseURL: string, path: string) {
  const server = http.createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(`<!doctype html><body style="margin:0"><iframe id="shop" src="${baseURL}/h5${path}" style="width:390px;height:844px;border:0"></iframe>
      <script>
        window.shared = [];
        addEventListener('message', (e) => {
          const m = e.data;
          if (!m || m.channel !== 'angkormall-bridge' || !m.id) return;
          if (m.type === 'shop.share') window.shared.push(m.payload);
          const payload = m.type === 'host.info' ? { appVersion: '3.4.1', platform: 'android' } : { shared: true };
          e.source.postMessage({ channel: 'angkormall-bridge', id: m.id, type: m.type, payload }, '*');
        });
      </script></body>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}/wallet-host`, close: () => server.close() };
}

async function documentTitle(page: Page, key: string, language: Language): Promise<string> {
  const answer = await page.request.get(`/v1/content/document?key=bongloy.${key}`, {
    headers: { apptype: 'h5', appversion: '1.0', language },
  });
  return (await answer.json()).data.title;
}

for (const language of journeyLanguages(LANGUAGES, 'bongloy-pages'))
  test(`the card's information pages open in ${language}, reached from /bongloy`, async ({ browser, baseURL }) => {
    const t = texts(language);
    const page = await newPhonePage(browser, baseURL as string, language);
    for (const [route, key] of PAGES) {
      await page.goto(`/h5${route}`);
      await expect(page.locator('.page-header'), route).toContainText(await documentTitle(page, key, language));
      await expect(
        page.locator('.content-doc__body h2, .content-doc__body ol, .content-doc__body table').first(),
      ).toBeVisible();
    }
    for (const [route, name] of [
      ['/master/faq', 'master-faq'],
      ['/bongloyDownload', 'download'],
      ['/bongloy/customer', 'customer'],
    ]) {
      await page.goto(`/h5${route}`);
      await expect(page.locator('.content-doc__body h2').first()).toBeVisible();
      await screenshot(page, `bongloy-${name}-${language}`);
    }
    await page.getByTestId('to-contact').click();
    await expect(page).toHaveURL(/\/h5\/ContactUs$/);

    // A shopper finds them on the card's home page.
    await signUpBySms(page);
    await page.goto('/h5/bongloy');
    await expect(page.getByTestId('more')).toContainText(t.more.masterTerms);
    await screenshot(page, `bongloy-home-more-${language}`);
    await page.getByTestId('more').getByRole('button', { name: t.more.operatingManual }).click();
    await expect(page).toHaveURL(/\/bongloy\/operatingManual$/);
    await expect(page.locator('.content-doc__body table')).toBeVisible();
    await screenshot(page, `bongloy-operating-manual-${language}`);
    await page.context().close();
  });

test('the download page offers the wallet app in the visitor’s own store first; inside the app, the card', async ({
  browser,
  baseURL,
}) => {
  const config = (await (await fetch(`${baseURL}/v1/other/system/config`)).json()).data;
  const android = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  });
  const page = await android.newPage();
  await page.goto('/h5/download/bongloy');
  const stores = page.getByTestId('stores').locator('a.blg-store');
  await expect(stores.first()).toHaveAttribute('href', config.walletAppLinks.googlePlay);
  await expect(stores.first()).toHaveClass(/blg-store--mine/);
  await expect(stores.nth(1)).toHaveAttribute('href', config.walletAppLinks.appStore);
  await expect(page.getByTestId('open-app')).toHaveAttribute('href', /^angkormall:\/\/open\?path=%2Fbongloy$/);
  await screenshot(page, 'bongloy-download-android');
  await android.close();

  const iphone = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });
  const onIphone = await iphone.newPage();
  await onIphone.goto('/h5/bongloyDownload');
  await expect(onIphone.getByTestId('store-appStore')).toHaveClass(/blg-store--mine/);
  await iphone.close();

  const host = await walletHost(baseURL as string, '/bongloyDownload');
  const inApp = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await inApp.goto(host.url);
  const shop = inApp.frameLocator('#shop');
  await expect(shop.getByTestId('to-card')).toBeVisible();
  await expect(shop.locator('a.blg-store')).toHaveCount(0);
  await inApp.close();
  host.close();
});

test('sharing the card: through the wallet app inside it, the link copied in a browser without Web Share', async ({
  browser,
  baseURL,
}) => {
  const en = texts('en-US');
  const host = await walletHost(baseURL as string, '/bongloyShare');
  const inApp = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await inApp.goto(host.url);
  const shop = inApp.frameLocator('#shop');
  await shop.getByTestId('bongloy-share').click();
  await expect
    .poll(() => inApp.evaluate(() => (window as unknown as { shared: unknown[] }).shared))
    .toEqual([{ title: en.share.title, text: en.share.text, url: `${baseURL}/h5/download/bongloy` }]);
  await screenshot(inApp, 'bongloy-share-in-app-en-US');
  await inApp.close();
  host.close();

  const t = texts('kh');
  const page = await newPhonePage(browser, baseURL as string, 'kh');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL as string });
  await page.goto('/h5/bongloyShare');
  await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
  await page.getByTestId('bongloy-share').click();
  await expect(page.locator('#shop-toast')).toHaveText(t.share.copied);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${t.share.text} ${baseURL}/h5/download/bongloy`,
  );
  await screenshot(page, 'bongloy-share-kh');
  await page.context().close();
});

test('step 1: the SMS code of a phone that asked often comes after the slide puzzle', async ({ browser, baseURL }) => {
  const t = texts('en-US');
  const page = await newPhonePage(browser, baseURL as string, 'en-US');
  await signUpBySms(page);
  // Another phone that had two codes today (login and register): its card code wants the puzzle.
  const other = newPhone();
  for (const type of ['login', 'register']) {
    const sent = await page.request.post('/v1/customer/sendsms', {
      headers: { apptype: 'h5', appversion: '1.0' },
      data: { phone: other.phone, type },
    });
    expect((await sent.json()).code).toBe('0');
  }
  await page.goto('/h5/bongloy/step1');
  await field(page, 'firstName', 'Dara');
  await field(page, 'lastName', 'Keo');
  await field(page, 'passportId', 'N7654321');
  await pickDate(page, 'certificateValidity', '2030-11-30');
  await field(page, 'email', 'dara@example.com');
  await pickDate(page, 'birthday', '1990-09-02');
  await field(page, 'birthplace', 'Siem Reap');
  await field(page, 'phone', other.phone);
  const refused = page.waitForResponse((r) => r.url().includes('/v1/customer/sendsms'));
  await page.getByTestId('send-code').click();
  expect((await (await refused).json()).code).toBe('USR00016');
  await expect(page.getByTestId('puzzle')).toBeVisible();
  await expect(page.getByTestId('send-code')).toHaveText(t.step1.sendCode);
  const gap = await findGap(page);
  const sent = page.waitForResponse((r) => r.url().includes('/v1/customer/sendsms'));
  await dragSliderTo(page, gap, 'bongloy-step1-puzzle-en-US');
  const answer = await (await sent).json();
  expect(answer.code).toBe('0');
  await expect(page.getByTestId('puzzle')).toHaveCount(0);
  await expect(page.locator('[name="verifycode"]')).toHaveValue(answer.data.devCode);
  await page.getByTestId('step1-next').click();
  await expect(page).toHaveURL(/\/bongloy\/step2$/);
  await page.context().close();
});
