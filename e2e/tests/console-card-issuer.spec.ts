import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { errorMessage } from '../../packages/contracts/src/errors/index.ts';
import { applicationNo, applyByUi } from './bongloy-support.ts';
import { DESKTOP, ownerToken, signIn, unique } from './console-support.ts';
import { newPhonePage, setPayPassword, signUpBySms, staffDesk } from './shopper-support.ts';

/**
 * The card issuer down when staff approve (decision 0076): the console says so (BNG00090) and shows
 * at once what the approval changed, the application sent to the issuer with its "Ask the issuer
 * again", without a reload; asking again issues the card. The issuer simulator's test name (a
 * holder named … Outage) is down the first time its card is asked, as a refused connection.
 */
const words = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../apps/admin/src/locales/en-US.json'), 'utf8'),
);

test('the issuer does not answer an approval: staff are told and see it sent, with "Ask the issuer again", without a reload', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const page = await newPhonePage(browser, baseURL as string, 'en-US');
  const me = await signUpBySms(page);
  await setPayPassword(page, '246813');
  const desk = await staffDesk(request);
  await desk.credit(me.e164, 'cash', 5_000, 'Card test money');
  const id = await applyByUi(page, me.phone, '246813', 'Outage');
  const no = await applicationNo(page, id);

  const reviewer = { login: unique('cards'), password: 'Review2026pass!' };
  const made = await (
    await request.post('/admin-api/v1/staff/create', {
      headers: { authorization: `Bearer ${await ownerToken(request)}` },
      data: { ...reviewer, displayName: 'Card reviewer', roles: ['cardReview'] },
    })
  ).json();
  expect(made.code, made.msg).toBe('0');
  const staff = await (await browser.newContext({ baseURL, ...DESKTOP })).newPage();
  await signIn(staff, reviewer.login, reviewer.password);
  await staff.goto('/admin/bongloy');
  await staff.getByTestId(`bongloy-open-${no}`).click();
  const data = staff.getByTestId('bongloy-data');
  await expect(data).toContainText(words['bongloy.state.REVIEW']);

  // Approve: the issuer does not answer. Staff read why, and the page shows the application as the
  // server now keeps it (sent to the issuer) with the way to ask again, no reload.
  await staff.getByTestId('bongloy-approve').click();
  await expect(staff.locator('.ant-message-error')).toHaveText(errorMessage('BNG00090', 'en-US'));
  await expect(data).toContainText(words['bongloy.state.SENT_TO_ISSUER']);
  await expect(staff.getByTestId('bongloy-ask-issuer')).toHaveText(words['bongloy.askIssuer']);
  await expect(staff.getByTestId('bongloy-approve')).toBeHidden();

  // Asked again, the issuer answers: the card is issued, shown at once.
  await staff.getByTestId('bongloy-ask-issuer').click();
  await expect(data).toContainText(words['bongloy.state.APPROVED']);
  await expect(staff.getByTestId('bongloy-card')).toHaveCount(1);
  await expect(staff.getByTestId('bongloy-card')).toContainText(/•••• \d{4} · \d{2}\/\d{2}/);
  await expect(staff.getByTestId('bongloy-ask-issuer')).toBeHidden();
});
