import { expect, test } from '@playwright/test';
import { journeyLanguages } from './languages-sample.ts';
import {
  anItemPriced,
  buyNow,
  fill,
  getCode,
  LANGUAGES,
  newPhone,
  newPhonePage,
  placeAndPayByCard,
  signUpBySms,
  tickAgreement,
} from './shopper-support.ts';
import { screenshot, useLanguage } from './support.ts';

const WORDS = {
  'en-US': { done: 'Done', reward: 'Invitation reward earned' },
  chs: { done: '已完成', reward: '获得邀请奖励' },
  kh: { done: 'រួចរាល់', reward: 'ទទួលបានរង្វាន់អញ្ជើញ' },
} as const;

for (const language of journeyLanguages(LANGUAGES, 'wallet-invite')) {
  test(`invite a friend who registers through the link and buys; the reward and the notice follow (${language})`, async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const words = WORDS[language];
    await useLanguage(page, language, baseURL as string);
    await signUpBySms(page);
    await page.getByTestId('to-invite').click();
    await expect(page).toHaveURL(/\/h5\/invite$/);
    const code = (await page.getByTestId('invite-code').textContent())?.trim() as string;
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    const link = (await page.getByTestId('invite-link').textContent())?.trim() as string;
    expect(link).toContain(`/h5/invite/accept?inviteCode=${code}`);
    await screenshot(page, `invite-${language}`);

    // The friend opens the link on their own phone, registers, and comes back to be bound.
    const friend = await newPhonePage(browser, baseURL as string, language);
    await friend.goto(link);
    await expect(friend.getByTestId('invite-accept')).toContainText(code);
    await friend.getByTestId('invite-accept-login').click();
    await expect(friend).toHaveURL(/\/h5\/login$/);
    await friend.getByTestId('to-register').click();
    await expect(friend.getByTestId('register-submit')).toBeVisible();
    await fill(friend, 'phone', newPhone().phone);
    await fill(friend, 'code', await getCode(friend));
    await fill(friend, 'password', 'tonlesap2026');
    await fill(friend, 'repeat-password', 'tonlesap2026');
    await tickAgreement(friend);
    await friend.getByTestId('register-submit').click();
    await expect(friend).toHaveURL(new RegExp(`/h5/invite/accept\\?inviteCode=${code}$`));
    await expect(friend.getByTestId('invite-accept-done')).toBeVisible();
    await screenshot(friend, `invite-accept-${language}`);
    await page.reload();
    await expect(page.getByTestId('invite-progress')).toHaveText('1');

    // The friend's first order, paid by card: the inviter earns the reward.
    await buyNow(friend, await anItemPriced(request, 100, 5000));
    await placeAndPayByCard(friend);
    await friend.context().close();

    await expect
      .poll(async () => {
        await page.reload();
        return page.getByTestId('invite-earned').textContent();
      })
      .toBe('$5.00');
    await expect(page.getByTestId('invite-success')).toHaveText('1');
    await page.getByTestId('invite-history').click();
    await expect(page.getByTestId('invitation')).toHaveCount(1);
    await expect(page.getByTestId('invitation')).toContainText(words.done);
    await expect(page.getByTestId('invitation')).toContainText('+$5.00');
    await screenshot(page, `invite-history-${language}`);

    // Gift balance (for shopping, not withdrawable) and the notice, from the personal centre.
    await page.goto('/h5/personal');
    await expect(page.getByTestId('personal-new-notices')).toHaveText('1');
    await page.getByTestId('to-wallet').click();
    await expect(page.getByTestId('wallet-gift')).toHaveText('$5.00');
    await expect(page.getByTestId('wallet-cash')).toHaveText('$0.00');
    await page.goto('/h5/personal');
    await page.getByTestId('to-notices').click();
    await expect(page.getByTestId('notice').first()).toContainText(words.reward);
    await screenshot(page, `invite-notice-${language}`);
    await page.goto('/h5/invite/rules');
    await expect(page.getByTestId('invite-rules')).toContainText('$100.00');
  });
}
