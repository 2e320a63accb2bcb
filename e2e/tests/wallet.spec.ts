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

const STATE = {
  'en-US': { init: 'Under review', agree: 'Approved', finish: 'Paid out', refuse: 'Refused', title: 'My wallet' },
  chs: { init: '审核中', agree: '已通过', finish: '已到账', refuse: '已拒绝', title: '我的钱包' },
  kh: { init: 'កំពុងពិនិត្យ', agree: 'បានអនុម័ត', finish: 'បានបង់រួច', refuse: 'បានបដិសេធ', title: 'កាបូបរបស់ខ្ញុំ' },
} as const;

for (const language of ['en-US', 'chs', 'kh'] as const) {
  test(`a shopper sees balances and bills, withdraws, and follows staff decisions (${language})`, async ({
    browser,
  }) => {
    const words = STATE[language];
    const me = await newShopper(live);
    const services = live.shop.services;
    await services.wallet.adjust({
      userId: me.userId,
      account: 'cash',
      amountCents: 12_000,
      reason: 'Refund of a cancelled store order',
      staffId: 'staff-e2e',
      idempotencyKey: randomUUID(),
    });
    await services.wallet.reward({
      userId: me.userId,
      amountCents: 500,
      ref: { type: 'reward', id: 'welcome' },
      idempotencyKey: randomUUID(),
    });

    const page = await openAs(browser, live, me, language);
    await page.goto(`${live.url}/h5/myWallet`);
    await expect(page.getByText(words.title).first()).toBeVisible();
    await expect(page.getByTestId('wallet-cash')).toHaveText('$120.00');
    await expect(page.getByTestId('wallet-gift')).toHaveText('$5.00');
    await expect(page.getByTestId('wallet-frozen')).toHaveText('$0.00');
    await screenshot(page, `wallet-${language}`);

    await page.getByTestId('wallet-bills').click();
    await expect(page.getByTestId('bill-line')).toHaveCount(2);
    await expect(page.getByTestId('bill-line').nth(1)).toContainText('+$120.00');
    await expect(page.getByTestId('bill-line').nth(1)).toContainText('Refund of a cancelled store order');
    await screenshot(page, `wallet-bills-${language}`);

    // Apply: 50 USD with the pay password.
    await page.goto(`${live.url}/h5/emoneyWith`);
    await expect(page.getByTestId('withdraw-available')).toHaveText('$120.00');
    await page.getByTestId('withdraw-amount').locator('input').fill('50');
    await page.getByTestId('withdraw-paypassword').locator('input').fill('135790');
    await page.getByTestId('withdraw-submit').click();
    await expect(page.getByTestId('withdrawal')).toHaveCount(1);
    await expect(page.getByTestId('withdrawal-status').first()).toHaveText(words.init);
    await expect(page.getByTestId('withdraw-available')).toHaveText('$70.00');
    await screenshot(page, `wallet-withdraw-${language}`);

    // Staff decide through the service; the shopper sees each state.
    const [first] = (await services.withdrawals.list(me.userId, { page: 1, size: 5 })).list;
    await services.withdrawals.decide(first.id, 'agree', 'staff-e2e');
    await page.reload();
    await expect(page.getByTestId('withdrawal-status').first()).toHaveText(words.agree);
    await services.withdrawals.decide(first.id, 'finish', 'staff-e2e');
    await page.reload();
    await expect(page.getByTestId('withdrawal-status').first()).toHaveText(words.finish);

    // A second application, refused: the money comes back.
    await page.getByTestId('withdraw-amount').locator('input').fill('20.50');
    await page.getByTestId('withdraw-paypassword').locator('input').fill('135790');
    await page.getByTestId('withdraw-submit').click();
    await expect(page.getByTestId('withdrawal')).toHaveCount(2);
    await expect(page.getByTestId('withdraw-available')).toHaveText('$49.50');
    const [second] = (await services.withdrawals.list(me.userId, { page: 1, size: 5 })).list;
    await services.withdrawals.decide(second.id, 'refuse', 'staff-e2e', 'Bank account name does not match');
    await page.reload();
    await expect(page.getByTestId('withdrawal-status').first()).toHaveText(words.refuse);
    await expect(page.getByTestId('withdrawal').first()).toContainText('Bank account name does not match');
    await expect(page.getByTestId('withdraw-available')).toHaveText('$70.00');
    await screenshot(page, `wallet-withdrawals-${language}`);

    // The wallet and the notices tell the same story.
    await page.goto(`${live.url}/h5/myWallet`);
    await expect(page.getByTestId('wallet-cash')).toHaveText('$70.00');
    await expect(page.getByTestId('wallet-frozen')).toHaveText('$0.00');
    await expect(page.getByTestId('wallet-new-notices')).toHaveText('3');
    await page.goto(`${live.url}/h5/notices`);
    await expect(page.getByTestId('notice')).toHaveCount(3);
    await expect(page.getByTestId('notice').first()).toContainText('$20.50');
    await screenshot(page, `wallet-notices-${language}`);
    // Seen: the marker moved, the badge is gone.
    await page.goto(`${live.url}/h5/myWallet`);
    await expect(page.getByTestId('wallet-cash')).toHaveText('$70.00');
    await expect(page.getByTestId('wallet-new-notices')).toHaveCount(0);
    await page.context().close();
  });
}

test('a wrong pay password and an amount over the limit are refused, nothing moves', async ({ browser }) => {
  const me = await newShopper(live);
  await live.shop.services.wallet.adjust({
    userId: me.userId,
    account: 'cash',
    amountCents: 1000,
    reason: 'test',
    staffId: 's',
    idempotencyKey: randomUUID(),
  });
  const page = await openAs(browser, live, me, 'en-US');
  await page.goto(`${live.url}/h5/emoneyWith`);
  await expect(page.getByTestId('withdraw-available')).toHaveText('$10.00');
  await page.getByTestId('withdraw-amount').locator('input').fill('11');
  await page.getByTestId('withdraw-paypassword').locator('input').fill('135790');
  await page.getByTestId('withdraw-submit').click();
  await expect(page.locator('#shop-toast')).toContainText('over limit');
  await page.getByTestId('withdraw-amount').locator('input').fill('8');
  await page.getByTestId('withdraw-paypassword').locator('input').fill('000000');
  await page.getByTestId('withdraw-submit').click();
  await expect(page.locator('#shop-toast')).toContainText(/pay password/i);
  await expect(page.getByTestId('withdrawal')).toHaveCount(0);
  expect((await live.shop.services.wallet.balances(me.userId)).cashCents).toBe(1000);
  await page.context().close();
});
