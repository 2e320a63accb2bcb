import { expect, test } from '@playwright/test';
import { axeViolations } from './a11y-support.ts';
import { ownerToken } from './console-support.ts';
import { journeyLanguages } from './languages-sample.ts';
import { shipAnOrder } from './notify-support.ts';
import { screenshot, signInByApi, useLanguage } from './support.ts';

// Settings › Notifications (issue 46): link Telegram through its deep link in the local Telegram
// stand-in, then an order shipped from the console reaches the chat, in the shopper's language.

test.use({ viewport: { width: 360, height: 640 } });

const TEXT = {
  'en-US': { link: 'Link Telegram', linked: 'Linked to Dara', chat: 'Linked.', shipped: 'Order shipped' },
  chs: { link: '绑定 Telegram', linked: '已绑定 Dara', chat: '已绑定。', shipped: '订单已发货' },
  kh: { link: 'ភ្ជាប់ Telegram', linked: 'បានភ្ជាប់ជាមួយ Dara', chat: 'បានភ្ជាប់។', shipped: 'ការបញ្ជាទិញត្រូវបានដឹកជញ្ជូន' },
} as const;

let chatSerial = Math.floor(Math.random() * 1_000_000);

for (const language of journeyLanguages(['en-US', 'chs', 'kh'] as const, 'notifications #1')) {
  test(`${language}: link Telegram in the stand-in and read an order-shipped message there`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const words = TEXT[language];
    await useLanguage(page, language, baseURL as string);
    const { token, phone } = await signInByApi(page, request);
    await page.goto('/h5/settingsNotifications');
    await expect(page.getByTestId('group-promotions')).toBeVisible();
    // Promotions are off until the shopper turns them on; the others are on where they can go.
    await expect(page.getByTestId('ntf-promotions-sms')).not.toBeChecked();
    await expect(page.getByTestId('ntf-orders-sms')).toBeChecked();
    expect(await axeViolations(page, `notifications ${language}`)).toEqual([]);
    await screenshot(page, `notifications-settings-${language}-360`);

    await page.getByRole('button', { name: words.link }).click();
    const deepLink = (await page.getByTestId('telegram-link').getAttribute('href')) as string;
    expect(deepLink).toMatch(/^https:\/\/t\.me\/\w+\?start=[\w-]{20,64}$/);
    await screenshot(page, `notifications-link-${language}-360`);

    // The shopper opens the link in "Telegram" (the stand-in) and presses Start.
    chatSerial += 1;
    const chat = String(5_000_000 + chatSerial);
    const telegram = await context.newPage();
    await telegram.goto('/telegram-sim/app');
    await telegram.getByTestId('tg-link').fill(deepLink);
    await telegram.getByTestId('tg-chat').fill(chat);
    await telegram.getByTestId('tg-start').click();
    await expect(telegram.getByTestId('tg-log')).toContainText(words.chat);

    // The settings show the link without a reload.
    await expect(page.getByTestId('telegram-state')).toContainText(words.linked, { timeout: 15_000 });
    await expect(page.getByTestId('ntf-orders-telegram')).toBeChecked();
    expect(await axeViolations(page, `notifications linked ${language}`)).toEqual([]);
    await screenshot(page, `notifications-linked-${language}-360`);

    // An order (cash on delivery) shipped from the console.
    const waybill = `JT-${chat}`;
    await shipAnOrder(request, { token, phone }, waybill);

    // The message reaches the chat in the shopper's language (after Telegram's one-a-second wait).
    await expect
      .poll(
        async () => {
          const log = await (await request.get(`/telegram-sim/chats/${chat}/messages`)).json();
          return (log.messages as { text: string }[]).find((m) => m.text.includes(waybill))?.text ?? '';
        },
        { timeout: 30_000 },
      )
      .toContain(words.shipped);
    await telegram.goto(`/telegram-sim/app?chat=${chat}`);
    await expect(telegram.getByTestId('tg-log')).toContainText(waybill);
    await screenshot(telegram, `notifications-telegram-chat-${language}-360`);
  });
}

const PROMO = {
  'en-US': { consent: 'You agreed to receive promotions' },
  kh: { consent: 'អ្នកបានយល់ព្រមទទួលការផ្សព្វផ្សាយ' },
} as const;

for (const language of journeyLanguages(['en-US', 'kh'] as const, 'notifications #2')) {
  test(`${language}: a promotion is withheld until the shopper turns promotions on`, async ({
    page,
    request,
    baseURL,
  }) => {
    await useLanguage(page, language, baseURL as string);
    const { token, phone } = await signInByApi(page, request);
    const owner = await ownerToken(request);
    const promote = async (tag: string) => {
      const text = { 'en-US': `Sale ${tag}`, chs: `促销 ${tag}`, kh: `ការលក់ ${tag}` };
      const res = await (
        await request.post('/admin-api/v1/support/notice', {
          headers: { authorization: `Bearer ${owner}`, language: 'en-US' },
          data: { phone: `+855${phone.slice(1)}`, title: text, body: text, link: '/home', promotion: true },
        })
      ).json();
      expect(res.code, res.msg).toBe('0');
    };
    const notices = async () => {
      const res = await (await request.get(`/v1/notify/list?token=${token}&page=1&size=50`)).json();
      return (res.data.list as { title: string }[]).map((n) => n.title).join(' | ');
    };
    const tag = `P${Date.now() % 100000}`;

    // Off by default: the first promotion reaches no one.
    await promote(`${tag}-1`);
    await page.goto('/h5/settingsNotifications');
    await expect(page.getByTestId('ntf-promotions-inApp')).not.toBeChecked();
    await page.waitForTimeout(2000); // the job runner's turn (500 ms) has come and gone
    expect(await notices()).not.toContain(`${tag}-1`);

    // Turned on: the consent is recorded with its time, and the next one arrives in the shop.
    await page.getByTestId('ntf-promotions-inApp').check();
    await expect(page.getByTestId('promotions-consent')).toContainText(PROMO[language].consent);
    expect(await axeViolations(page, `notifications promotions ${language}`)).toEqual([]);
    await screenshot(page, `notifications-promotions-on-${language}-360`);
    await promote(`${tag}-2`);
    await expect.poll(notices, { timeout: 15_000 }).toContain(`${tag}-2`);

    // Turned off again: withheld.
    await page.getByTestId('ntf-promotions-inApp').uncheck();
    await expect(page.getByTestId('promotions-consent')).not.toContainText(PROMO[language].consent);
    await promote(`${tag}-3`);
    await page.waitForTimeout(2000);
    expect(await notices()).not.toContain(`${tag}-3`);
  });
}
