import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { DESKTOP, E2E_OWNER, signIn } from './console-support.ts';
import { newPhone } from './shopper-support.ts';
import { screenshot } from './support.ts';

test.use(DESKTOP);
test.setTimeout(120_000);

const H5 = { apptype: 'h5', appversion: '1.0' };

/** A shopper made by SMS code, as the shop makes one; their token. */
async function shopperToken(request: APIRequestContext, phone: string): Promise<string> {
  const sent = await (
    await request.post('/v1/customer/sendsms', { headers: H5, data: { countryCode: '+855', phone, type: 'login' } })
  ).json();
  expect(sent.code, sent.msg).toBe('0');
  const login = await (
    await request.post('/v1/customer/registandlogin', {
      headers: H5,
      data: { countryCode: '+855', phone, code: sent.data.devCode, agree: true },
    })
  ).json();
  expect(login.code, login.msg).toBe('0');
  return login.data.token;
}

async function as(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: object) {
  const headers = { ...H5, authorization: `Bearer ${token}` };
  const res =
    method === 'GET'
      ? await request.get(path, { headers, params: data as Record<string, string> })
      : await request.post(path, { headers, data });
  const body = await res.json();
  expect(body.code, `${path}: ${body.msg}`).toBe('0');
  return body.data;
}

test('staff reach a shopper by phone: the appointment names them, a list is searched by phone and exported as CSV', async ({
  page,
  request,
}) => {
  // A shopper (whose name a spreadsheet would take for a formula) books a home visit and orders a top-up.
  const { phone } = newPhone();
  const phoneText = `${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`;
  const token = await shopperToken(request, phone);
  await as(request, token, 'POST', '/v1/customer/setinfo', { name: '=Sok Dara' });
  const address = await as(request, token, 'POST', '/v1/address/addaddress', {
    receiver: 'Sok Dara',
    mobile: phone,
    provinceCode: '12',
    cityCode: '1201',
    districtCode: '120101',
    detail: 'House 12, Street 51',
    zipCode: '120101',
    latitude: 11.5564,
    longitude: 104.9282,
  });
  const estimate = await as(request, token, 'GET', '/v1/eva/evaevaluate', {
    modelId: 'iphone-15-pro',
    answers: 'storage:s512,screen:ok,body:ok,battery:good,functions:ok,accessories:full',
  });
  const day = new Date(Date.now() + 7 * 3600_000 + 5 * 86_400_000).toISOString().slice(0, 10);
  const slots = await as(request, token, 'GET', '/v1/eva/slots', { date: day });
  const free = slots.slots.filter((s: { free: number }) => s.free > 0);
  await as(request, token, 'POST', '/v1/eva/reserve', {
    estimateId: estimate.id,
    startsAt: free[free.length - 1].startsAt,
    place: 'home',
    addressId: address.id,
  });
  const topup = await as(request, token, 'POST', '/v1/topup/order/new', { phone: '010 777 121', amountCents: 100 });

  await signIn(page, E2E_OWNER.login, E2E_OWNER.password);

  // The calendar names who booked, with the phone a home visit is reached by; searched by that phone.
  await page.goto('/admin/valuation');
  await page.getByTestId('eva-phone').locator('input').fill(phone);
  await page.getByTestId('eva-search').click();
  const visits = page.getByTestId('eva-calendar').locator('.ant-table-tbody tr.ant-table-row');
  await expect(visits).toHaveCount(1);
  await expect(visits.first()).toContainText(phoneText);
  await expect(visits.first()).toContainText('=Sok Dara');
  await expect(visits.first()).toContainText('House 12, Street 51');
  await screenshot(page, 'console-lists-valuation');

  // Top-ups open on a tab with rows; searched by the shopper's phone (as staff type it: spaces, 0…).
  await page.goto('/admin/topups');
  await expect(page.locator('.ant-tabs-tab-active')).toContainText('All');
  const rows = page.getByTestId('topup-table').locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await page.getByTestId('topup-phone').locator('input').fill(phoneText);
  await page.getByTestId('topup-phone').locator('input').press('Enter');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(topup.orderNo);
  await expect(rows.first()).toContainText(phoneText);
  await expect(rows.first()).toContainText('$1.00');
  await expect(page.getByTestId('topup-table-tab-all')).toHaveText('All (1)');
  await expect(page.getByTestId('topup-table-tab-WP')).toContainText('(1)');
  await screenshot(page, 'console-lists-topups');

  // The CSV of the filtered list: the header in the console's language, money as money, the
  // formula-looking name kept as text.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('topup-csv').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^topups-all-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '');
  const lines = csv.trim().split('\r\n');
  // Issue 44: the amount a number under a header naming the currency; phones as dialled (no guard).
  expect(lines[0]).toBe('Order no.,Number,Shopper,Operator,Amount (USD),State,Paid by,Created,Failure');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(topup.orderNo);
  expect(lines[1]).toContain(`'=Sok Dara · ${phoneText}`);
  expect(lines[1]).toContain(',1.00,');
  expect(lines[1]).not.toContain('$');
});
