import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { field, payByWallet, picture, sign } from './bongloy-support.ts';
import { LANGUAGES, type Language, newPhonePage, setPayPassword, signUpBySms, staffDesk } from './shopper-support.ts';
import { screenshot } from './support.ts';

/**
 * The prepaid card application (issue 21): five steps on a phone with real pictures made here, a
 * signature drawn on the canvas, the fee paid by wallet, "under review"; in the three languages.
 */
const texts = (language: Language) =>
  JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, `../../apps/web/src/features/bongloy/locales/${language}.json`),
      'utf8',
    ),
  );

test.describe('prepaid card application', () => {
  for (const language of LANGUAGES)
    test(`a shopper applies in five steps and pays, in ${language}`, async ({ browser, baseURL, request }) => {
      test.setTimeout(180_000);
      const t = texts(language);
      let page = await newPhonePage(browser, baseURL as string, language);
      const me = await signUpBySms(page);
      await setPayPassword(page, '246813');
      const desk = await staffDesk(request);
      await desk.credit(me.e164, 'cash', 2_000, 'Card fee test money');

      await page.goto('/h5/bongloy/step1');
      await expect(page.locator('.page-header')).toContainText(t.apply);
      await field(page, 'firstName', 'Sokha');
      await field(page, 'lastName', 'Chan');
      await page.locator('[name="nationality"]').selectOption('KH');
      await field(page, 'passportId', 'N1234567');
      await field(page, 'certificateValidity', '2031-05-01');
      await field(page, 'email', 'sokha@example.com');
      await field(page, 'birthday', '40/02/1995');
      await field(page, 'birthplace', 'Phnom Penh');
      await field(page, 'phone', me.phone);
      // The account's own phone was proven at sign-in: no second code.
      await expect(page.locator('.blg-ok')).toHaveText(t.step1.phoneProven);
      await screenshot(page, `bongloy-step1-${language}`);
      // A birthday that is no date is refused in the shopper's language.
      const refused = page.waitForResponse((r) => r.url().includes('/v1/bongloy/step1'));
      await page.getByTestId('step1-next').click();
      expect((await (await refused).json()).code).toBe('BLG00005');
      await field(page, 'birthday', '14/02/1995');
      await page.getByTestId('step1-next').click();
      await expect(page).toHaveURL(/\/bongloy\/step2$/);
      // How to take the information page's picture, then back.
      await page.locator('.blg-guide').first().click();
      await expect(page).toHaveURL(/\/passportInfo$/);
      await expect(page.getByTestId('photo-guide')).toContainText(t.guide.passportInfo.tips[0]);
      await screenshot(page, `bongloy-guide-${language}`);
      await page.goBack();
      await expect(page).toHaveURL(/\/bongloy\/step2$/);

      for (const [name, colour] of [
        ['passportInfo', '#2c7be5'],
        ['holding', '#e67e22'],
        ['selfie', '#16a085'],
      ] as const) {
        const uploaded = page.waitForResponse((r) => r.url().includes('/v1/upload/pictureofclient'));
        await page.getByTestId(`picture-${name}`).setInputFiles({
          name: `${name}.jpg`,
          mimeType: 'image/jpeg',
          buffer: await picture(name, colour),
        });
        expect((await (await uploaded).json()).code).toBe('0');
      }
      await expect(page.locator('.pic-picker__tile--done img')).toHaveCount(3);
      await screenshot(page, `bongloy-step2-${language}`);

      await page.getByTestId('step2-next').click();
      await expect(page).toHaveURL(/\/bongloy\/step3$/);

      // Closing the browser keeps the draft: a new page of the same shopper resumes at its step.
      const cookies = await page.context().storageState();
      await page.context().close();
      const context = await browser.newContext({
        storageState: cookies,
        baseURL,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      });
      page = await context.newPage();
      await page.goto('/h5/bongloy/step1');
      await expect(page.getByTestId('resume')).toContainText(t.resume.replace('{{step}}', '3'));
      await expect(page.locator('[name="firstName"]')).toHaveValue('Sokha');
      await page.getByTestId('resume').getByRole('button').click();
      await expect(page).toHaveURL(/\/bongloy\/step3$/);

      await sign(page);
      await page.getByTestId('terms').locator('.adm-checkbox-icon').click();
      await screenshot(page, `bongloy-step3-${language}`);
      const signed = page.waitForResponse((r) => r.url().includes('/v1/upload/tmp'));
      await page.getByTestId('step3-next').click();
      const signature = await (await signed).json();
      expect(signature.code, signature.msg).toBe('0');
      await expect(page).toHaveURL(/\/bongloy\/step4_1$/);

      await expect(page.getByTestId('total')).toHaveText('$5.00');
      await screenshot(page, `bongloy-step4-1-${language}`);
      await page.getByRole('tab', { name: t.step4.express }).click();
      await expect(page).toHaveURL(/\/bongloy\/step4_2$/);
      await field(page, 'zipCode', '120101');
      await field(page, 'address', 'St 271, Toul Tompoung, Phnom Penh');
      await expect(page.getByTestId('total')).toHaveText('$7.00');
      await screenshot(page, `bongloy-step4-2-${language}`);
      await page.getByTestId('step4-next').click();
      await expect(page).toHaveURL(/\/bongloy\/step5$/);
      await screenshot(page, `bongloy-step5-${language}`);
      await page.getByTestId('step5-pay').click();
      await expect(page).toHaveURL(/\/cashier\?orderId=.*kind=bongloy/);
      await expect(page.getByTestId('cashier-amount')).toContainText('$7.00');
      await payByWallet(page, '246813');
      await expect(page).toHaveURL(/\/bongloy\/success\?id=/);
      await expect(page.locator('.adm-result-title')).toHaveText(t.state.REVIEW);
      await screenshot(page, `bongloy-success-${language}`);
      await page.getByTestId('to-detail').click();
      await expect(page.getByTestId('state')).toHaveText(t.state.REVIEW);
      await expect(page.locator('.blg-pics--small img')).toHaveCount(4);
      await screenshot(page, `bongloy-detail-${language}`);
      await page.context().close();
    });
});
