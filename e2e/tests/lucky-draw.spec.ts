import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { journeyLanguages } from './languages-sample.ts';
import { LANGUAGES, newPhonePage } from './shopper-support.ts';
import { screenshot, signInByApi } from './support.ts';

const text = (language: string) =>
  JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, `../../apps/web/src/features/campaigns/locales/${language}.json`),
      'utf8',
    ),
  ) as { draw: Record<string, string>; spend: Record<string, string> };
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));

for (const language of journeyLanguages(LANGUAGES, 'lucky-draw'))
  test(`a visitor sees the year-end lucky draw and the 12.12 spend-and-get rule (${language})`, async ({
    browser,
    baseURL,
  }) => {
    const page = await newPhonePage(browser, baseURL as string, language);
    await page.goto('/h5/yearEndActivity');
    const draw = page.getByTestId('campaign-draw');
    await expect(draw.getByTestId('draw-prize')).toHaveCount(2);
    await expect(draw.getByTestId('draw-left')).toHaveText(fill(text(language).draw.loginHint, { count: 3 }));
    await page.goto('/h5/twelveActivity');
    await expect(page.getByTestId('spend-state')).toHaveText(text(language).spend.visitor);
    await page.context().close();
  });

test('a shopper draws three times on the year-end campaign, then has no draws left', async ({
  browser,
  baseURL,
  request,
}) => {
  const page = await newPhonePage(browser, baseURL as string, 'kh');
  await signInByApi(page, request);
  await page.goto('/h5/yearEndActivity');
  const draw = page.getByTestId('campaign-draw');
  const t = text('kh').draw;
  await expect(draw.getByTestId('draw-left')).toHaveText(fill(t.left, { left: 3, count: 3 }));
  let wins = 0;
  for (let i = 1; i <= 3; i++) {
    // A person's pace: the same call twice within 300 ms is a double tap (spec §7) and is dropped.
    await page.waitForTimeout(350);
    const answer = page.waitForResponse((r) => r.url().includes('/v1/campaign/draw'));
    await draw.getByTestId('draw-button').click();
    const body = await (await answer).json();
    expect(body.code).toBe('0');
    if (body.data.prize) wins += 1;
    // The last draw's miss does not say "try again" beside "No draws left".
    await expect(draw.getByTestId('draw-result')).toHaveText(
      body.data.prize ? fill(t.won, { title: body.data.prize.title }) : i < 3 ? t.missed : t.missedLast,
    );
    await expect(draw.getByTestId('draw-left')).toHaveText(fill(t.left, { left: 3 - i, count: 3 }));
  }
  await expect(draw.getByTestId('draw-button')).toBeDisabled();
  await expect(draw.getByTestId('draw-button')).toHaveText(t.noneLeft);
  if (wins > 0) {
    await expect(draw.getByTestId('draw-wins').locator('li')).toHaveCount(wins);
    // The prizes won are listed under a heading of their own.
    await expect(draw.getByTestId('draw-wins-title')).toHaveText(
      fill(wins === 1 ? t.wins_one : t.wins_other, { count: wins }),
    );
  }
  await screenshot(page, 'lucky-draw-kh');
  // Another tap on the call itself is refused in the shopper's language.
  const campaignId = await page.evaluate(async () => {
    const r = await fetch('/v1/campaign/page?route=yearEndActivity', {
      headers: { apptype: 'h5', appversion: '1.0', language: 'kh' },
    });
    return (await r.json()).data.campaignId as number;
  });
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('shop.session') ?? '{}').token as string);
  const again = await (
    await request.post(`/v1/campaign/draw?token=${token}`, {
      headers: { apptype: 'h5', appversion: '1.0', language: 'kh' },
      data: { campaignId },
    })
  ).json();
  expect(again).toMatchObject({ code: 'CMP00009', msg: 'អ្នកបានប្រើការចាប់រង្វាន់ទាំងអស់របស់អ្នកក្នុងកម្មវិធីនេះហើយ' });
  await page.context().close();
});
