import { expect, type Page, test } from '@playwright/test';
import { axeViolations } from './a11y-support.ts';
import { journeyLanguages } from './languages-sample.ts';
import { shipAnOrder } from './notify-support.ts';
import { screenshot, signInByApi, useLanguage } from './support.ts';

// Web push (issue 46, decision 0073): nothing is registered or asked on a first visit; in
// Settings › Notifications the shopper turns push on (the real service worker registers, the
// browser's permission is granted), the shop subscribes at the push-service stand-in (which plays
// the browser's push service here: Chromium's own is Google's FCM, out of reach), an order shipped
// from the console is pushed, VAPID-signed and encrypted, and the stand-in decrypts it. The decrypted
// message is then handed to the page's real service worker as a push event (DevTools protocol's
// ServiceWorker.deliverPushMessage), which shows it as a notification.

test.use({ viewport: { width: 360, height: 640 } });

const TEXT = {
  'en-US': { turnOn: 'Turn on push', on: 'Push is on here', shipped: 'Order shipped' },
  kh: { turnOn: 'បើកការជូនដំណឹងរុញ', on: 'ការជូនដំណឹងរុញបានបើកនៅទីនេះ', shipped: 'ការបញ្ជាទិញត្រូវបានដឹកជញ្ជូន' },
} as const;

/** Records every service worker registration and permission request the page makes. */
async function watchAsks(page: Page) {
  await page.addInitScript(() => {
    const asks: string[] = [];
    (window as unknown as { __asks: string[] }).__asks = asks;
    if ('serviceWorker' in navigator) {
      const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
      navigator.serviceWorker.register = (...args: Parameters<typeof register>) => {
        asks.push(`register ${String(args[0])}`);
        return register(...args);
      };
    }
    if ('Notification' in window) {
      const request = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = (...args: Parameters<typeof request>) => {
        asks.push('permission');
        return request(...args);
      };
    }
  });
}

const asks = (page: Page) => page.evaluate(() => (window as unknown as { __asks: string[] }).__asks);

test('a first visit registers no service worker and asks no permission', async ({ page }) => {
  await watchAsks(page);
  await page.goto('/h5/');
  await page.waitForLoadState('networkidle');
  await page.goto('/h5/category');
  await page.waitForLoadState('networkidle');
  expect(await asks(page)).toEqual([]);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  // The shop is installable: its manifest names the icons (192, 512, maskable) and starts at /h5/.
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await page.request.get(href as string)).json();
  expect(manifest).toMatchObject({ start_url: '/h5/', display: 'standalone', theme_color: '#cf2c30' });
  expect(manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );
});

for (const language of journeyLanguages(['en-US', 'kh'] as const, 'push')) {
  test(`${language}: turn on push in settings and receive an order-shipped push`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const words = TEXT[language];
    await watchAsks(page);
    await useLanguage(page, language, baseURL as string);
    const { token, phone } = await signInByApi(page, request);
    await page.goto('/h5/settingsNotifications');
    await expect(page.getByTestId('push-state')).toHaveAttribute('data-state', 'off');
    expect(await asks(page)).toEqual([]);
    await expect(page.getByTestId('ntf-orders-push')).toBeDisabled();
    expect(await axeViolations(page, `push off ${language}`)).toEqual([]);
    await screenshot(page, `push-settings-off-${language}-360`);

    // The shopper allows notifications when the browser asks.
    await context.grantPermissions(['notifications'], { origin: baseURL as string });
    await page.getByRole('button', { name: words.turnOn }).click();
    await expect(page.getByTestId('push-state')).toHaveAttribute('data-state', 'on');
    await expect(page.getByTestId('push-state')).toContainText(words.on);
    await expect(page.getByTestId('ntf-orders-push')).toBeChecked();
    expect(await asks(page)).toEqual(['register /h5/sw.js', 'permission']);
    expect(await axeViolations(page, `push on ${language}`)).toEqual([]);
    await screenshot(page, `push-settings-on-${language}-360`);
    const endpoint = (await page.evaluate(() => localStorage.getItem('am.push.endpoint'))) as string;
    const subscription = endpoint.split('/').at(-1) as string;

    // An order (cash on delivery) shipped from the console.
    const waybill = `JTP-${Date.now().toString().slice(-9)}`;
    await shipAnOrder(request, { token, phone }, waybill);

    // The push service (stand-in) verified the VAPID token and decrypted the message.
    let payload = '';
    await expect
      .poll(
        async () => {
          const log = await (await request.get(`/push-sim/subscriptions/${subscription}/messages`)).json();
          payload = (log.messages as { payload: string }[]).find((m) => m.payload.includes(waybill))?.payload ?? '';
          return payload;
        },
        { timeout: 30_000 },
      )
      .toContain(words.shipped);
    const message = JSON.parse(payload);
    expect(message).toMatchObject({ tag: 'order.shipped', lang: language });

    // The page's service worker gets it as a push event and shows the notification.
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
        const found = event.registrations.find((r) => r.scopeURL === `${baseURL}/h5/` && !r.isDeleted);
        if (found) resolve(found.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseURL as string,
      registrationId: await registrationId,
      data: payload,
    });
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => `${n.title} | ${n.body}`),
        ),
      )
      .toEqual([expect.stringContaining(waybill)]);
    const shown = await page.evaluate(
      async () => (await (await navigator.serviceWorker.ready).getNotifications())[0].title,
    );
    expect(shown).toBe(message.title);

    // Offline, a page that cannot load is the service worker's offline page, in the three languages.
    await context.setOffline(true);
    await page.goto('/h5/orderList').catch(() => undefined);
    await expect(page.locator('section[lang="km"] h2')).toHaveText('អ្នកមិនមានអ៊ីនធឺណិត');
    await expect(page.locator('section[lang="en"] h2')).toHaveText('You are offline');
    await expect(page.locator('section[lang="zh-Hans"] h2')).toHaveText('您已离线');
    expect(await axeViolations(page, `offline ${language}`)).toEqual([]);
    await screenshot(page, `push-offline-${language}-360`);
    await context.setOffline(false);

    const standIn = await context.newPage();
    await standIn.goto('/push-sim/app');
    await expect(standIn.getByTestId('push-message').filter({ hasText: waybill })).toHaveCount(1);
    await screenshot(standIn, `push-stand-in-${language}-360`);
  });
}
