import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';

function hostPage(shopUrl: string) {
  return `<!doctype html><html><body style="margin:0">
    <iframe id="shop" src="${shopUrl}" style="width:390px;height:800px;border:0"></iframe>
    <script>
      window.received = [];
      window.addEventListener('message', (event) => {
        if (event.data && event.data.channel === 'angkormall-bridge') window.received.push(event.data);
      });
      window.sendToShop = (type, payload) =>
        document.getElementById('shop').contentWindow.postMessage({ channel: 'angkormall-bridge', type, payload }, '*');
    </script></body></html>`;
}

/**
 * The wallet app's web view, played by a test host page that frames the shop and speaks the
 * bridge protocol (shared/bridge/bridge.ts).
 */
test('the shop talks to its host app over the bridge', async ({ page, baseURL }) => {
  // The host is a page of its own origin on this machine (localhost:<port>), as a wallet app's is.
  const server = http.createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(hostPage(`${baseURL}/h5/ContactUs`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `http://localhost:${(server.address() as AddressInfo).port}`;
  await page.goto(`${host}/wallet-host`);
  await expect.poll(() => page.evaluate(() => (window as any).received.length)).toBeGreaterThan(0);
  const first = await page.evaluate(() => (window as any).received[0]);
  expect(first).toMatchObject({ type: 'shop.page', payload: { path: '/ContactUs', language: 'en-US' } });

  const shop = page.frameLocator('#shop');
  await expect(shop.getByTestId('support-hours')).toContainText('Monday');
  await page.evaluate(() => (window as any).sendToShop('host.language', 'kh'));
  await expect(shop.getByTestId('support-hours')).toContainText('ច័ន្ទ');
  server.close();
});
