import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';

/** Helpers of the prepaid card journeys (bongloy*.spec.ts). */

/** A JPEG photo of a document-like card, with EXIF the shop must drop. */
export async function picture(label: string, colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="100%" height="100%" fill="${colour}"/><rect x="60" y="60" width="1080" height="680" rx="40" fill="#fff" opacity="0.85"/><text x="120" y="220" font-size="90" font-family="sans-serif">${label}</text><text x="120" y="360" font-size="60" font-family="sans-serif">CHAN SOKHA N1234567</text></svg>`;
  return sharp(Buffer.from(svg))
    .jpeg()
    .withExif({ IFD0: { ImageDescription: 'GPS 11.5564N 104.9282E' } })
    .toBuffer();
}

export async function field(page: Page, name: string, value: string) {
  const input = page.locator(`[name="${name}"]`);
  await input.fill(value);
  await expect(input).toHaveValue(value);
}

/**
 * Picks a day (`yyyy-mm-dd`) in one of the application's date fields: opens its wheel picker, taps
 * the year, the month and the day, and confirms; the field then holds the day.
 */
export async function pickDate(page: Page, name: string, iso: string) {
  const [year, month, day] = iso.split('-').map(Number);
  await page.getByTestId(`date-${name}`).click();
  const picker = page.locator(`.blg-date-picker--${name}`);
  await expect(picker).toBeVisible();
  const parts = [
    ['year', year],
    ['month', month],
    ['day', day],
  ] as const;
  const active = (part: string) => picker.locator(`.adm-picker-view-column-item-active [data-part="${part}"]`);
  // A wheel's far items are off its window: tapped where they are, as a thumb flicks to them. A tap
  // right after the last one's turn may be undone by the picker's own settling (no thumb is that
  // quick): tapped again then, until all three stay.
  await expect(async () => {
    for (const [part, value] of parts) {
      if ((await active(part).getAttribute('data-value')) === String(value)) continue;
      await picker.locator(`[data-part="${part}"][data-value="${value}"]`).dispatchEvent('click');
      await expect(active(part)).toHaveAttribute('data-value', String(value), { timeout: 1_000 });
    }
    await page.waitForTimeout(300);
    for (const [part, value] of parts)
      await expect(active(part)).toHaveAttribute('data-value', String(value), { timeout: 100 });
  }).toPass({ timeout: 15_000 });
  await picker.locator('.adm-picker-header-button').last().click();
  await expect(page.getByTestId(`date-${name}`)).toHaveAttribute('value', iso);
  await expect(picker).toBeHidden();
}

/** Draws a signature-like stroke on the pad. */
export async function sign(page: Page) {
  const pad = page.getByTestId('signature-pad');
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 30, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 0; i <= 40; i++)
    await page.mouse.move(
      box.x + 30 + i * ((box.width - 60) / 40),
      box.y + box.height * (0.5 + 0.25 * Math.sin(i / 3)),
    );
  await page.mouse.up();
}

export async function payByWallet(page: Page, payPassword: string) {
  await page.getByTestId('channel-row-wallet').click();
  await page.getByTestId('pay-password').fill(payPassword);
  await page.getByTestId('pay').click();
}

/**
 * Fills the five steps quickly (the account's own phone, pickup, one card) and pays by wallet;
 * answers the application id. `lastName` Outage is the issuer simulator's test name: the issuer
 * does not answer the first time the card is asked.
 */
export async function applyByUi(page: Page, phone: string, payPassword: string, lastName = 'Chan'): Promise<string> {
  await page.goto('/h5/bongloy/step1');
  await field(page, 'firstName', 'Sokha');
  await field(page, 'lastName', lastName);
  await field(page, 'passportId', 'N1234567');
  await pickDate(page, 'certificateValidity', '2031-05-01');
  await field(page, 'email', 'sokha@example.com');
  await pickDate(page, 'birthday', '1995-02-14');
  await field(page, 'birthplace', 'Phnom Penh');
  await field(page, 'phone', phone);
  await page.getByTestId('step1-next').click();
  await expect(page).toHaveURL(/\/bongloy\/step2$/);
  for (const name of ['passportInfo', 'holding', 'selfie'])
    await page.getByTestId(`picture-${name}`).setInputFiles({
      name: `${name}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await picture(name, '#5b8def'),
    });
  await expect(page.locator('.pic-picker__tile--done img')).toHaveCount(3);
  await page.getByTestId('step2-next').click();
  await expect(page).toHaveURL(/\/bongloy\/step3$/);
  await sign(page);
  await page.getByTestId('terms').locator('.adm-checkbox-icon').click();
  await page.getByTestId('step3-next').click();
  await expect(page).toHaveURL(/\/bongloy\/step4_1$/);
  await page.getByTestId('step4-next').click();
  await expect(page).toHaveURL(/\/bongloy\/step5$/);
  await page.getByTestId('step5-pay').click();
  await payByWallet(page, payPassword);
  await expect(page).toHaveURL(/\/bongloy\/success\?id=/);
  return new URL(page.url()).searchParams.get('id') as string;
}

/** The application's number, as the shopper's detail page shows it. */
export async function applicationNo(page: Page, id: string): Promise<string> {
  await page.goto(`/h5/bongloy/orderDetail?id=${id}`);
  return ((await page.getByTestId('summary').locator('dd').first().textContent()) ?? '').trim();
}
