import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { DESKTOP, E2E_OWNER, signIn } from './console-support.ts';
import { screenshot, signInByApi, useLanguage } from './support.ts';

/** The content pages of the route table and a phrase each shows, per language (the demo texts). */
const PAGES = [
  ['/UPIcashback', 'UnionPay cashback 10%', '银联卡返现 10%', 'ប្រាក់ត្រឡប់វិញ 10% ជាមួយ UnionPay'],
  ['/alipayRemittance', 'Receive money from China with Alipay', '支付宝跨境汇款到账', 'ទទួលប្រាក់ពីប្រទេសចិនតាម Alipay'],
  ['/abvance', 'Pay faster with ABA PAY', '使用 ABA PAY 快速付款', 'ទូទាត់លឿនជាមួយ ABA PAY'],
  ['/smartVIP', 'Smart VIP privileges', 'Smart VIP 会员专享', 'សិទ្ធិពិសេស Smart VIP'],
  ['/uageGuide', 'How to shop with us', '购物指南', 'របៀបទិញទំនិញជាមួយយើង'],
  ['/abamini/preferential', 'ABA Mobile exclusive offers', 'ABA Mobile 专属优惠', 'ការផ្តល់ជូនពិសេស ABA Mobile'],
  [
    '/emoney/activity',
    'Wallet week: pay with balance, win more',
    '钱包周：余额支付赢更多',
    'សប្តាហ៍កាបូប៖ បង់ដោយសមតុល្យ ឈ្នះបន្ថែម',
  ],
] as const;

test('the content pages show their console-managed text in the three languages', async ({ page, baseURL }) => {
  for (const [index, language] of (['en-US', 'chs', 'kh'] as const).entries()) {
    await useLanguage(page, language, baseURL as string);
    for (const [path, ...titles] of PAGES) {
      await page.goto(`/h5${path}`);
      await expect(page.locator('.page-header')).toContainText(titles[index]);
      await expect(page.locator('.content-doc__body h2').first()).toBeVisible();
    }
    await screenshot(page, `content-emoney-${language}`);
  }
  await page.goto('/h5/UPIcashback');
  await screenshot(page, 'content-upicashback-kh');
});

/** What each promotion page asks the shopper to do, and where its first button leads. */
const ACTIONS = [
  ['/UPIcashback', ['cart', 'shop'], /\/h5\/cart$/],
  ['/alipayRemittance', ['wallet'], /\/h5\/myWallet$/],
  ['/abvance', ['payOrders', 'cart'], /\/h5\/orderList\?tab=waitpay$/],
  ['/smartVIP', ['topup', 'coupons'], /\/h5\/topup$/],
  ['/abamini/preferential', ['cart', 'shop'], /\/h5\/cart$/],
  ['/emoney/activity', ['wallet', 'shop'], /\/h5\/myWallet$/],
] as const;

test('each promotion page carries the action it describes; ABA Mobile is named only when the shop came from it', async ({
  page,
  request,
  baseURL,
}) => {
  await useLanguage(page, 'en-US', baseURL as string);
  for (const [path, actions, first] of ACTIONS) {
    await page.goto(`/h5${path}`);
    await expect(page.locator('.content-doc__body h2').first()).toBeVisible();
    const buttons = page.getByTestId('content-actions').getByRole('link');
    await expect(buttons).toHaveCount(actions.length);
    for (const action of actions) await expect(page.getByTestId(`content-action-${action}`)).toBeVisible();
    if (path === '/emoney/activity') await screenshot(page, 'content-emoney-actions-en');
    await page.getByTestId(`content-action-${actions[0]}`).click();
    await expect(page, `${path} → ${actions[0]}`).toHaveURL(first);
  }
  // In a plain browser the ABA Mobile page does not say the shop was opened from ABA Mobile.
  await page.goto('/h5/abamini/preferential');
  await expect(page.getByTestId('aba-mobile-note')).toHaveAttribute('data-from-aba', 'false');
  await expect(page.locator('.content-doc')).not.toContainText('You opened Angkor Mall from');
  await expect(page.getByTestId('aba-mobile-note')).not.toContainText('You opened Angkor Mall from');
  await screenshot(page, 'content-abamini-browser-en');
  // Opened from ABA Mobile (its source; a bank partner's customer logs in first): it says so.
  await signInByApi(page, request);
  await page.goto('/h5/abamini/preferential?source=abamini');
  await expect(page.getByTestId('aba-mobile-note')).toHaveAttribute('data-from-aba', 'true');
  await expect(page.getByTestId('aba-mobile-note')).toContainText('You opened Angkor Mall from ABA Mobile');
  await screenshot(page, 'content-abamini-from-aba-en');
});

test.describe('console', () => {
  test.use(DESKTOP);
  test('staff rewrite a page in three languages with a preview; the shop shows it sanitised', async ({
    page,
    baseURL,
  }) => {
    const stamp = Date.now().toString(36);
    await signIn(page, E2E_OWNER.login, E2E_OWNER.password);
    await page.goto('/admin/catalogue/content');
    await page.getByTestId('content-filter').locator('input').fill('smartvip');
    await page.getByText('page.smartVIP').click();
    await expect(page.getByTestId('content-key')).toHaveValue('page.smartVIP');
    await page.getByTestId('content-title-en-US').fill(`Smart VIP ${stamp}`);
    await page.getByTestId('content-body-en-US').fill(`## Perks ${stamp}\n\n**Double** data.<script>alert(1)</script>`);
    await page.getByTestId('content-preview').click();
    await expect(page.getByTestId('content-preview-html').locator('strong')).toHaveText('Double');
    await expect(page.getByTestId('content-preview-html').locator('script')).toHaveCount(0);
    await screenshot(page, 'content-console');
    await page.getByTestId('content-save').click();
    await expect(page.getByText(/Saved|已保存|រក្សាទុក/).first()).toBeVisible();

    const shop = await page.context().newPage();
    await shop.setViewportSize({ width: 390, height: 844 });
    await useLanguage(shop, 'en-US', baseURL as string);
    await shop.goto('/h5/smartVIP');
    await expect(shop.locator('.page-header')).toContainText(`Smart VIP ${stamp}`);
    await expect(shop.locator('.content-doc__body h2')).toHaveText(`Perks ${stamp}`);
    expect(await shop.locator('.content-doc__body').innerHTML()).not.toContain('script');
    // The other languages keep their own words.
    await useLanguage(shop, 'chs', baseURL as string);
    await shop.goto('/h5/smartVIP');
    await expect(shop.locator('.page-header')).toContainText('Smart VIP 会员专享');
  });
});

test('/startup shows the launch advert with a counting skip button, then opens the page it was opened for', async ({
  page,
  baseURL,
}) => {
  await useLanguage(page, 'kh', baseURL as string);
  await page.goto('/h5/startup?redirect=/h5/topup');
  await expect(page.getByTestId('startup-advert')).toBeVisible();
  await expect(page.getByTestId('startup-skip')).toContainText('រំលង');
  await screenshot(page, 'startup-kh');
  await expect(page).toHaveURL(/\/h5\/topup$/, { timeout: 8_000 });
  await page.goto('/h5/startup?redirect=https://evil.example/');
  await page.getByTestId('startup-skip').click();
  await expect(page).toHaveURL(/\/h5\/?$/);
});

test('/h5/test: outside the app the bridge is absent; in the wallet app it shows the app and each call’s answer', async ({
  page,
  baseURL,
}) => {
  await page.goto('/h5/h5/test');
  await expect(page.getByTestId('webview-bridge')).toContainText('Absent');
  await page.getByTestId('bridge-call-host.info').getByRole('button').click();
  await expect(page.getByTestId('bridge-answer-host.info')).toContainText('No host app');

  // The wallet app, played by a page that frames the shop and answers host.info and shop.share.
  const server = http.createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(`<!doctype html><body style="margin:0"><iframe id="shop" src="${baseURL}/h5/h5/test" style="width:390px;height:844px;border:0"></iframe>
      <script>
        addEventListener('message', (e) => {
          const m = e.data;
          if (!m || m.channel !== 'angkormall-bridge' || !m.id) return;
          const payload = m.type === 'host.info' ? { appVersion: '3.4.1', language: 'kh', platform: 'android' }
            : m.type === 'shop.share' ? { shared: true } : undefined;
          if (payload) e.source.postMessage({ channel: 'angkormall-bridge', id: m.id, type: m.type, payload }, '*');
        });
      </script></body>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  await page.goto(`http://localhost:${(server.address() as AddressInfo).port}/wallet-host`);
  const shop = page.frameLocator('#shop');
  await expect(shop.getByTestId('webview-bridge')).toContainText('Present');
  await expect(shop.getByTestId('webview-app-version')).toHaveText('3.4.1');
  await shop.getByTestId('bridge-call-shop.share').getByRole('button').click();
  await expect(shop.getByTestId('bridge-answer-shop.share')).toContainText('"shared": true');
  server.close();
});

test('/h5/home opens the home page', async ({ page }) => {
  await page.goto('/h5/h5/home');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
});
