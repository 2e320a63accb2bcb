import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { formatPhone } from '../../packages/contracts/src/format.ts';
import { field, pickDate, picture, sign } from './bongloy-support.ts';
import { DESKTOP, E2E_OWNER, signIn } from './console-support.ts';
import { journeyLanguages } from './languages-sample.ts';
import { LANGUAGES, type Language, newPhonePage, setPayPassword, signUpBySms, staffDesk } from './shopper-support.ts';
import { confirmingThenSettled, payAtTheBank, screenshot } from './support.ts';

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
const common = (language: Language) =>
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, `../../apps/web/src/shared/locales/${language}.json`), 'utf8'),
  );

/** A day as the shop writes it (shared/i18n/dates.ts): "1 ឧសភា 2031", "May 1, 2031", "2031年5月1日". */
const shopDay = (language: Language, y: number, m: number, d: number) =>
  language === 'kh'
    ? `${d} ${common('kh').months[m - 1]} ${y}`
    : language === 'chs'
      ? `${y}年${m}月${d}日`
      : new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d));

/** antd-mobile's own texts on the page: its pickers' confirm button. */
const ANTD = {
  'en-US': { confirm: 'Confirm' },
  chs: { confirm: '确定' },
  kh: { confirm: 'បញ្ជាក់' },
} as const;

test.describe('prepaid card application', () => {
  for (const language of journeyLanguages(LANGUAGES, 'bongloy'))
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
      // The nationalities are named in the page's language (browsers have no Khmer region names).
      const nationality = page.locator('[name="nationality"]');
      await expect(nationality.locator('option[value="KH"]')).toHaveText(t.nationalities.KH);
      await expect(nationality.locator('option[value="CN"]')).toHaveText(t.nationalities.CN);
      if (language !== 'en-US') await expect(nationality.locator('option[value="FR"]')).not.toHaveText('France');
      await nationality.selectOption('KH');
      await field(page, 'passportId', 'N1234567');
      // Both dates with one picker, written the shop's way in the page's language.
      await expect(page.getByTestId('date-certificateValidity')).toHaveText(t.date.choose);
      await page.getByTestId('date-certificateValidity').click();
      const picker = page.locator('.blg-date-picker--certificateValidity');
      await expect(picker.locator('.adm-picker-header-button').last()).toHaveText(ANTD[language].confirm);
      // Months by their names in the page's language.
      const month = picker.locator('.adm-picker-view-column-item-active [data-part="month"]');
      const shownMonth = Number(await month.getAttribute('data-value'));
      await expect(month).toHaveText(common(language).months[shownMonth - 1]);
      await screenshot(page, `bongloy-step1-date-picker-${language}`);
      await picker.locator('.adm-picker-header-button').first().click();
      await expect(picker).toBeHidden();
      await pickDate(page, 'certificateValidity', '2031-05-01');
      await expect(page.getByTestId('date-certificateValidity')).toHaveText(shopDay(language, 2031, 5, 1));
      await field(page, 'email', 'sokha@example.com');
      // A birthday of a child (the picker goes up to today) is refused in the shopper's language.
      const child = new Date().getUTCFullYear() - 10;
      await pickDate(page, 'birthday', `${child}-02-14`);
      await field(page, 'birthplace', 'Phnom Penh');
      await field(page, 'phone', me.phone);
      // The account's own phone was proven at sign-in: no second code.
      await expect(page.locator('.blg-ok')).toHaveText(t.step1.phoneProven);
      const refused = page.waitForResponse((r) => r.url().includes('/v1/bongloy/step1'));
      await page.getByTestId('step1-next').click();
      expect((await (await refused).json()).code).toBe('BLG00006');
      // Said on the birthday's field (form-errors.spec.ts: how a screen reader hears it).
      await expect(page.getByTestId('date-birthday')).toHaveAttribute('aria-invalid', 'true');
      await pickDate(page, 'birthday', '1995-02-14');
      await expect(page.getByTestId('date-birthday')).toHaveText(shopDay(language, 1995, 2, 14));
      await screenshot(page, `bongloy-step1-${language}`);
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
      // The card-count stepper's buttons are named for screen readers in the page's language, and
      // its number by the label beside it.
      const stepper = page.getByTestId('card-count');
      await expect(stepper.locator('button').first()).toHaveAttribute('aria-label', common(language).quantityLess);
      await expect(stepper.locator('button').last()).toHaveAttribute('aria-label', common(language).quantityMore);
      await expect(page.getByRole('textbox', { name: t.step4.count })).toHaveValue('1');
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
      // Paid at the bank, whose answer comes a few seconds later: the page confirms, then settles.
      await payAtTheBank(page);
      await expect(page).toHaveURL(/\/bongloy\/success\?id=.*result=success/);
      await confirmingThenSettled(page, async () => {
        await expect(page.locator('.adm-result-title')).toHaveText(t.state.REVIEW, { timeout: 20_000 });
      });
      await expect(page.getByTestId('bongloy-pay-now')).toHaveCount(0);
      await screenshot(page, `bongloy-success-${language}`);
      await page.getByTestId('to-detail').click();
      await expect(page.getByTestId('state')).toHaveText(t.state.REVIEW);
      await expect(page.locator('.blg-pics--small img')).toHaveCount(4);
      // The shipping line's phone as the shop writes phones (the form keeps what was typed: 0…).
      await expect(page.getByTestId('summary')).toContainText(formatPhone(me.e164));
      await screenshot(page, `bongloy-detail-${language}`);
      const applicationNo = ((await page.getByTestId('summary').locator('dd').first().textContent()) ?? '').trim();
      await page.context().close();

      // The console's review writes the phones as the shop does (+855 12 345 678), the shipping line's too.
      const consoleDesk = await browser.newContext({ ...DESKTOP, baseURL });
      const staff = await consoleDesk.newPage();
      await signIn(staff, E2E_OWNER.login, E2E_OWNER.password);
      await staff.goto('/admin/bongloy');
      await staff.getByTestId(`bongloy-open-${applicationNo}`).click();
      const data = staff.getByTestId('bongloy-data');
      const grouped = formatPhone(me.e164);
      expect(grouped).toMatch(/^\+855 \d{2} \d{3} \d{3,4}$/);
      await expect(data.locator('tr').filter({ hasText: 'Express' })).toContainText(grouped);
      await expect(data).not.toContainText(/\+855\d{8}/);
      await screenshot(staff, `bongloy-console-review-express-${language}`);
      await consoleDesk.close();
    });
});
