import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { screenshot } from './support.ts';
import { type LiveShop, newShopper, openAs, startLiveShop } from './wallet-support.ts';

let live: LiveShop;
test.beforeAll(async () => {
  live = await startLiveShop();
});
test.afterAll(async () => {
  await live?.close();
});

const WORDS = {
  'en-US': { done: 'Done', reward: 'Invitation reward earned', progress: 'In progress' },
  chs: { done: '已完成', reward: '获得邀请奖励', progress: '进行中' },
  kh: { done: 'រួចរាល់', reward: 'ទទួលបានរង្វាន់អញ្ជើញ', progress: 'កំពុងដំណើរការ' },
} as const;

for (const language of ['en-US', 'chs', 'kh'] as const) {
  test(`invite a friend who registers and buys, then see the reward and the notice (${language})`, async ({
    browser,
  }) => {
    const words = WORDS[language];
    const inviter = await newShopper(live, null);
    const page = await openAs(browser, live, inviter, language);
    await page.goto(`${live.url}/h5/invite`);
    const code = (await page.getByTestId('invite-code').textContent())?.trim() as string;
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    await expect(page.getByTestId('invite-link')).toContainText(`/h5/invite/accept?inviteCode=${code}`);
    await screenshot(page, `invite-${language}`);

    const friend = await newShopper(live, null);
    const friendPage = await openAs(browser, live, friend, language);
    // The friend opens the invite link signed in (as after registering): the page binds them.
    await friendPage.goto((await page.getByTestId('invite-link').textContent()) as string);
    await expect(friendPage.getByTestId('invite-accept-done')).toBeVisible();
    await screenshot(friendPage, `invite-accept-${language}`);
    await friendPage.context().close();
    await page.reload();
    await expect(page.getByTestId('invite-progress')).toHaveText('1');

    // The friend's first order is paid (as checkout does it: wallet payment, then the hook).
    const services = live.shop.services;
    await services.wallet.adjust({
      userId: friend.userId,
      account: 'cash',
      amountCents: 3000,
      reason: 'top-up',
      staffId: 's',
      idempotencyKey: randomUUID(),
    });
    await services.wallet.payOrder({
      userId: friend.userId,
      orderId: `order-${friend.userId}`,
      amountCents: 1999,
      idempotencyKey: randomUUID(),
    });
    await services.invitations.onFirstPaidOrder(friend.userId, `order-${friend.userId}`);

    await page.reload();
    await expect(page.getByTestId('invite-earned')).toHaveText('$5.00');
    await expect(page.getByTestId('invite-success')).toHaveText('1');
    await page.getByTestId('invite-history').click();
    await expect(page.getByTestId('invitation')).toHaveCount(1);
    await expect(page.getByTestId('invitation')).toContainText(words.done);
    await expect(page.getByTestId('invitation')).toContainText('+$5.00');
    await screenshot(page, `invite-history-${language}`);

    await page.goto(`${live.url}/h5/myWallet`);
    await expect(page.getByTestId('wallet-gift')).toHaveText('$5.00');
    await expect(page.getByTestId('wallet-cash')).toHaveText('$0.00');
    await page.goto(`${live.url}/h5/notices`);
    await expect(page.getByTestId('notice').first()).toContainText(words.reward);
    await screenshot(page, `invite-notice-${language}`);
    await page.goto(`${live.url}/h5/invite/rules`);
    await expect(page.getByTestId('invite-rules')).toContainText('$100.00');
    await page.context().close();
  });
}
