import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { axeViolations } from './a11y-support.ts';
import { journeyLanguages } from './languages-sample.ts';
import { screenshot, signInByApi, useLanguage } from './support.ts';

/**
 * Gift cards bought and sent (issue 46 point 5), in en-US and kh: a shopper sends a card to a
 * friend's phone and pays at the sandbox bank; the list says "sent". The friend (whose Telegram is
 * linked in the stand-in) gets the claim link in the chat, opens it in another browser, signs in
 * (the link survives the sign-in) and sees the gift balance grow; the buyer's list says "claimed"
 * without a reload.
 */
const texts = (language: string) =>
  JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, `../../apps/web/src/features/giftcards/locales/${language}.json`),
      'utf8',
    ),
  );

let chatSerial = Math.floor(Math.random() * 1_000_000);

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 360, height: 640 });
  await screenshot(page, `${name}-360`);
  await page.setViewportSize({ width: 390, height: 844 });
}

for (const language of journeyLanguages(['en-US', 'kh'] as const, 'gift-sending'))
  test(`${language}: send a gift card, pay at the bank, and the friend claims it in another browser`, async ({
    browser,
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const origin = baseURL as string;
    const t = texts(language);

    // The friend: a shopper who linked Telegram (the stand-in), in a browser of their own.
    const friendContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const friendPage = await friendContext.newPage();
    const friend = await signInByApi(friendPage, request);
    const link = await (
      await request.post(`/v1/notify/telegram/link?token=${friend.token}`, { headers: { language }, data: {} })
    ).json();
    expect(link.code, link.msg).toBe('0');
    chatSerial += 1;
    const chat = String(7_000_000 + chatSerial);
    await friendPage.goto('/telegram-sim/app');
    await friendPage.getByTestId('tg-link').fill(link.data.link);
    await friendPage.getByTestId('tg-chat').fill(chat);
    await friendPage.getByTestId('tg-start').click();
    await expect(friendPage.getByTestId('tg-log')).toContainText(/\S/);

    // The buyer sends a $20 card with a message to the friend's phone.
    await useLanguage(page, language, origin);
    await signInByApi(page, request);
    await page.goto('/h5/giftCard');
    await expect(page.getByTestId('giftcards-sent')).toBeVisible();
    expect(await axeViolations(page, `gift cards ${language}`)).toEqual([]);
    await shot(page, `gift-home-${language}`);
    await page.getByTestId('giftcards-send').click();
    await expect(page).toHaveURL(/\/giftCard\/send$/);
    await page.getByTestId('gift-amount-2000').click();
    await page.getByTestId('gift-design-angkor').check();
    await page.getByTestId('gift-message').fill(language === 'kh' ? 'រីករាយថ្ងៃកំណើត!' : 'Happy birthday, Dara!');
    await page.getByTestId('gift-phone').fill('012 34');
    await page.getByTestId('gift-send').click();
    // A number that is not a mobile number is said on its field, in the page's language.
    await expect(page.getByTestId('field-error')).toHaveText(t.send.phoneWrong);
    await page.getByTestId('gift-phone').fill(friend.phone);
    expect(await axeViolations(page, `gift send ${language}`)).toEqual([]);
    await shot(page, `gift-send-${language}`);
    await page.getByTestId('gift-send').click();

    // The cashier offers no gift balance; the shopper pays at the sandbox bank.
    await expect(page).toHaveURL(/\/cashier\?orderId=.+&kind=giftcard/);
    await expect(page.getByTestId('channel-row-sandbox')).toBeVisible();
    await page.getByTestId('channel-row-sandbox').click();
    await page.getByTestId('pay').click();
    await expect(page.getByTestId('amount')).toContainText('USD');
    await page.getByRole('button', { name: /^Pay USD/ }).click();

    // Back on the cards sent: "sent" once the bank's answer arrives, without a reload.
    await expect(page).toHaveURL(/\/giftCard\/sent/, { timeout: 30_000 });
    const card = page.getByTestId('gift-sent').first();
    await expect(card.getByTestId('gift-sent-state')).toHaveText(t.state.sent, { timeout: 30_000 });
    await expect(card).not.toContainText(/\b\d{8}\b/); // no code shown
    expect(await axeViolations(page, `gift sent ${language}`)).toEqual([]);
    await shot(page, `gift-sent-${language}`);

    // The friend's chat gets the claim link (Telegram, since it is linked).
    let claimPath = '';
    await expect
      .poll(
        async () => {
          const log = await (await request.get(`/telegram-sim/chats/${chat}/messages`)).json();
          const text = (log.messages as { text: string }[]).find((m) => m.text.includes('giftClaim'))?.text ?? '';
          claimPath = /\/giftClaim\?t=[\w-]{43}/.exec(text)?.[0] ?? '';
          return text;
        },
        { timeout: 45_000 },
      )
      .toContain('$20.00');
    await friendPage.goto(`/telegram-sim/app?chat=${chat}`);
    await expect(friendPage.getByTestId('tg-log')).toContainText('giftClaim');
    await shot(friendPage, `gift-telegram-${language}`);

    // Opened in another browser, signed out: sign in first, and the link survives it.
    const claimContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    await claimContext.addCookies([{ name: 'language', value: language, url: origin }]);
    const claimPage = await claimContext.newPage();
    await claimPage.goto(`/h5${claimPath}`);
    await expect(claimPage.getByTestId('gift-claim-login')).toBeVisible();
    expect(await axeViolations(claimPage, `gift claim ${language}`)).toEqual([]);
    await shot(claimPage, `gift-claim-signin-${language}`);
    await claimPage.getByTestId('gift-claim-login').click();
    await expect(claimPage).toHaveURL(/\/login/);
    await claimPage.getByTestId('phone').locator('input').fill(friend.phone);
    // The friend's phone had a code when it signed up: a second one waits out the resend gap (60 s).
    let sent = { code: '', msg: '', data: { devCode: '' } };
    for (let i = 0; i < 8 && sent.code !== '0'; i++) {
      if (i > 0) await claimPage.waitForTimeout(10_000);
      const answer = claimPage.waitForResponse((r) => r.url().includes('/v1/customer/sendsms'));
      await claimPage.getByTestId('send-code').click();
      sent = await (await answer).json();
      if (sent.code !== '0') expect(sent.code, sent.msg).toBe('USR00013');
    }
    expect(sent.code, sent.msg).toBe('0');
    await claimPage.getByTestId('code').locator('input').fill(sent.data.devCode);
    await claimPage.getByTestId('agree').locator('.adm-checkbox-icon').click();
    await claimPage.getByTestId('login-submit').click();
    await expect(claimPage).toHaveURL(/\/giftClaim\?t=/);
    await expect(claimPage.getByTestId('gift-claimed')).toBeVisible();
    await expect(claimPage.getByTestId('gift-claim-balance')).toContainText('$20.00');
    expect(await axeViolations(claimPage, `gift claimed ${language}`)).toEqual([]);
    await shot(claimPage, `gift-claimed-${language}`);
    await claimPage.goto('/h5/giftCard');
    await expect(claimPage.getByTestId('giftcards-balance')).toHaveText('$20.00');

    // The buyer's list says "claimed" by itself.
    await expect(card.getByTestId('gift-sent-state')).toHaveText(t.state.claimed, { timeout: 30_000 });
    await shot(page, `gift-claimed-buyer-${language}`);
    await friendContext.close();
    await claimContext.close();
  });
