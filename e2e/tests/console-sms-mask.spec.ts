import { expect, test } from '@playwright/test';
import { DESKTOP, E2E_OWNER, signIn } from './console-support.ts';
import { newPhone } from './shopper-support.ts';
import { screenshot } from './support.ts';

test.use(DESKTOP);
test.setTimeout(120_000);

const H5 = { apptype: 'h5', appversion: '1.0' };

// Issue 45: staff see that a code was sent, never the code (decision 0046).
test('the SMS outbox shows that a code was sent, never the code', async ({ page, request }) => {
  const { phone } = newPhone();
  const sent = await (
    await request.post('/v1/customer/sendsms', { headers: H5, data: { countryCode: '+855', phone, type: 'login' } })
  ).json();
  expect(sent.code, sent.msg).toBe('0');
  const code = sent.data.devCode as string;
  expect(code).toMatch(/^\d{4}$/);

  await signIn(page, E2E_OWNER.login, E2E_OWNER.password);
  await page.goto('/admin/support/sms');
  const search = page.locator('.ant-input-search input');
  await search.fill(phone);
  await search.press('Enter');
  const table = page.getByTestId('sms-table');
  await expect(table.getByTestId('sms-code-sent').first()).toHaveText('Code sent');
  await expect(table).toContainText('Your verification code is ••••.');
  await expect(table).not.toContainText(code);
  await screenshot(page, 'console-sms-outbox-masked');
});
