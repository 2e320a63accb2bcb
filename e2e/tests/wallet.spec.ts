import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { journeyLanguages } from './languages-sample.ts';
import { setPayPassword, signUpBySms, staffDesk } from './shopper-support.ts';
import { screenshot, useLanguage } from './support.ts';

const WORDS = {
  'en-US': { init: 'Under review', agree: 'Approved', finish: 'Paid out', refuse: 'Refused', title: 'My wallet' },
  chs: { init: '审核中', agree: '已通过', finish: '已到账', refuse: '已拒绝', title: '我的钱包' },
  kh: { init: 'កំពុងពិនិត្យ', agree: 'បានអនុម័ត', finish: 'បានបង់រួច', refuse: 'បានបដិសេធ', title: 'កាបូបរបស់ខ្ញុំ' },
} as const;

/** A date as each language writes it: Khmer with the catalogue's month names (Chromium has no Khmer date data). */
const khmerMonths = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../apps/web/src/shared/locales/kh.json'), 'utf8'),
).months as string[];
const DATE = {
  'en-US': /(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}/,
  chs: /\d{4}年\d{1,2}月\d{1,2}日/,
  kh: new RegExp(`\\d{1,2} (${khmerMonths.join('|')}) \\d{4}`),
} as const;

for (const language of journeyLanguages(['en-US', 'chs', 'kh'] as const, 'wallet')) {
  test(`a new shopper sees balances and bills, withdraws, and follows the finance desk's decisions (${language})`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const words = WORDS[language];
    await useLanguage(page, language, baseURL as string);
    const me = await signUpBySms(page);
    const desk = await staffDesk(request);

    // The personal centre leads to the wallet: nothing in it yet.
    await page.getByTestId('to-wallet').click();
    await expect(page).toHaveURL(/\/h5\/myWallet$/);
    await expect(page.getByText(words.title).first()).toBeVisible();
    await expect(page.getByTestId('wallet-cash')).toHaveText('$0.00');

    // Finance credits the shopper in the console (a refund of a store order, and a goodwill gift).
    await desk.credit(me.e164, 'cash', 12_000, 'Refund of a cancelled store order');
    await desk.credit(me.e164, 'gift', 500, 'Sorry for the late delivery');
    await page.reload();
    await expect(page.getByTestId('wallet-cash')).toHaveText('$120.00');
    await expect(page.getByTestId('wallet-gift')).toHaveText('$5.00');
    await expect(page.getByTestId('wallet-frozen')).toHaveText('$0.00');
    await screenshot(page, `wallet-${language}`);
    await page.getByTestId('wallet-bills').click();
    await expect(page.getByTestId('bill-line')).toHaveCount(2);
    await expect(page.getByTestId('bill-line').nth(1)).toContainText('+$120.00');
    await expect(page.getByTestId('bill-line').nth(1)).toContainText('Refund of a cancelled store order');
    await expect(page.getByTestId('bill-line').nth(1)).toContainText(DATE[language]);
    await screenshot(page, `wallet-bills-${language}`);

    // A withdrawal needs the pay password: set it, then apply for 50 USD.
    await setPayPassword(page, '135790');
    await page.goto('/h5/emoneyWith');
    await expect(page.getByTestId('withdraw-available')).toHaveText('$120.00');
    await fillDestination(page);
    await expect(page.getByTestId('withdraw-to')).toContainText('•••• 6789 · Sok Dara');
    await page.getByTestId('withdraw-amount').locator('input').fill('50');
    await page.getByTestId('withdraw-paypassword').locator('input').fill('135790');
    await page.getByTestId('withdraw-submit').click();
    await expect(page.getByTestId('withdrawal')).toHaveCount(1);
    await expect(page.getByTestId('withdrawal-status').first()).toHaveText(words.init);
    // The application says where the money goes, the account masked.
    await expect(page.getByTestId('withdrawal-to').first()).toContainText('•••• 6789 · Sok Dara');
    await expect(page.getByTestId('withdraw-available')).toHaveText('$70.00');
    await screenshot(page, `wallet-withdraw-${language}`);

    // The finance desk agrees, then pays it out; the shopper sees each state.
    const [first] = await desk.withdrawals(me.e164, 'init');
    expect(first.amountCents).toBe(5000);
    await desk.decide(first.id, 'agree');
    await page.reload();
    await expect(page.getByTestId('withdrawal-status').first()).toHaveText(words.agree);
    expect((await desk.withdrawals(me.e164, 'agree')).map((w) => w.id)).toEqual([first.id]);
    await desk.decide(first.id, 'finish');
    await page.reload();
    await expect(page.getByTestId('withdrawal-status').first()).toHaveText(words.finish);

    // A second application is refused: the money comes back.
    await fillDestination(page);
    await page.getByTestId('withdraw-amount').locator('input').fill('20.50');
    await page.getByTestId('withdraw-paypassword').locator('input').fill('135790');
    await page.getByTestId('withdraw-submit').click();
    await expect(page.getByTestId('withdrawal')).toHaveCount(2);
    await expect(page.getByTestId('withdraw-available')).toHaveText('$49.50');
    const [second] = await desk.withdrawals(me.e164, 'init');
    await desk.decide(second.id, 'refuse', 'Bank account name does not match');
    await page.reload();
    await expect(page.getByTestId('withdrawal-status').first()).toHaveText(words.refuse);
    await expect(page.getByTestId('withdrawal').first()).toContainText('Bank account name does not match');
    await expect(page.getByTestId('withdraw-available')).toHaveText('$70.00');
    await screenshot(page, `wallet-withdrawals-${language}`);

    // The wallet, the personal centre and the notices tell the same story.
    await page.goto('/h5/myWallet');
    await expect(page.getByTestId('wallet-cash')).toHaveText('$70.00');
    await expect(page.getByTestId('wallet-frozen')).toHaveText('$0.00');
    // Three about the withdrawals, and the security notice of the pay password set above (issue 46).
    await expect(page.getByTestId('wallet-new-notices')).toHaveText('4');
    await page.goto('/h5/personal');
    // The figure is what the shopper can spend: cash and the gift balance, the gift said apart.
    await expect(page.getByTestId('tile-wallet-amount')).toHaveText('$75.00');
    await expect(page.getByTestId('tile-wallet-gift')).toContainText('$5.00');
    await expect(page.getByTestId('personal-new-notices')).toHaveText('4');
    await page.getByTestId('to-notices').click();
    await expect(page.getByTestId('notice')).toHaveCount(4);
    await expect(page.getByTestId('notice').last()).toContainText(PAY_PASSWORD_CHANGED[language]);
    await expect(page.getByTestId('notice').first()).toContainText('$20.50');
    await expect(page.getByTestId('notice').first()).toContainText(DATE[language]);
    await screenshot(page, `wallet-notices-${language}`);
    // Seen: the marker moved, the badges are gone.
    await page.goBack();
    await expect(page.getByTestId('to-notices')).toBeVisible();
    await expect(page.getByTestId('personal-new-notices')).toHaveCount(0);
    await page.getByTestId('to-wallet').click();
    await expect(page.getByTestId('wallet-cash')).toHaveText('$70.00');
    await expect(page.getByTestId('wallet-new-notices')).toHaveCount(0);
  });
}

/** The title of the security notice a changed pay password sends (notifications' templates). */
const PAY_PASSWORD_CHANGED = {
  'en-US': 'Pay password changed',
  chs: '支付密码已修改',
  kh: 'ពាក្យសម្ងាត់ទូទាត់ត្រូវបានប្តូរ',
} as const;

/** Where the withdrawal goes: the shopper's ABA account. */
async function fillDestination(page: Page) {
  await page.getByTestId('withdraw-bank').selectOption('aba');
  await page.getByTestId('withdraw-account-name').locator('input').fill('Sok Dara');
  await page.getByTestId('withdraw-account-number').locator('input').fill('000 123 456 789');
}

test('a wrong pay password and an amount over the balance are refused, nothing moves', async ({ page, request }) => {
  const me = await signUpBySms(page);
  const desk = await staffDesk(request);
  await desk.credit(me.e164, 'cash', 1000, 'Refund');
  await setPayPassword(page, '135790');
  await page.goto('/h5/emoneyWith');
  await expect(page.getByTestId('withdraw-available')).toHaveText('$10.00');
  await fillDestination(page);
  await page.getByTestId('withdraw-amount').locator('input').fill('11');
  await page.getByTestId('withdraw-paypassword').locator('input').fill('135790');
  await page.getByTestId('withdraw-submit').click();
  // Said on the field it is about (the client's rule here: $11 is over the $10 available).
  await expect(page.getByTestId('field-error')).toContainText('over limit');
  await page.getByTestId('withdraw-amount').locator('input').fill('8');
  await page.getByTestId('withdraw-paypassword').locator('input').fill('000000');
  await page.getByTestId('withdraw-submit').click();
  // The server's refusal (USR00032), said on the pay password's field.
  await expect(page.getByTestId('field-error')).toContainText(/pay password/i);
  await expect(page.getByTestId('withdrawal')).toHaveCount(0);
  await page.goto('/h5/myWallet');
  await expect(page.getByTestId('wallet-cash')).toHaveText('$10.00');
  await expect(page.getByTestId('wallet-frozen')).toHaveText('$0.00');
});
