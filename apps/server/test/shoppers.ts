import { randomInt } from 'node:crypto';
import { users } from '../src/modules/accounts/tables.ts';
import { sql } from '../src/platform/sql.ts';
import type { TestShop } from './harness.ts';

/**
 * Test shoppers made the way a person makes one: SMS code login (which registers), then a pay
 * password set with an SMS code. Start the shop with `{ trustProxy: true }` so each shopper comes
 * from an address of its own (the SMS limits are per address).
 */
export const TEST_PAY_PASSWORD = '135790';

let serial = 0;
const ip = () => {
  serial += 1;
  return `10.77.${serial % 250}.${randomInt(1, 250)}`;
};

export async function registeredShopper(shop: TestShop, options: { payPassword?: string | null } = {}) {
  const phone = `010${String(randomInt(100000, 999999))}`;
  const address = ip();
  const headers = { 'x-forwarded-for': address };
  const sent = await shop.call('POST', '/v1/customer/sendsms', {
    body: { countryCode: '+855', phone, type: 'login' },
    headers,
  });
  if (sent.body.code !== '0') throw new Error(`sendsms: ${sent.body.code} ${sent.body.msg}`);
  const login = await shop.call('POST', '/v1/customer/registandlogin', {
    body: { countryCode: '+855', phone, code: sent.body.data.devCode, agree: true },
    headers,
  });
  if (login.body.code !== '0') throw new Error(`registandlogin: ${login.body.code} ${login.body.msg}`);
  const { token, userId } = login.body.data as { token: string; userId: string };
  const payPassword = options.payPassword === undefined ? TEST_PAY_PASSWORD : options.payPassword;
  if (payPassword) {
    // A second code to the same phone must wait out the resend gap: a new address and phone key.
    await shop.db.execute(
      sql`UPDATE limit_counters SET last_at = last_at - interval '61 seconds' WHERE key LIKE ${`sms:gap:%${phone.slice(1)}%`}`,
    );
    const code = await shop.call('POST', '/v1/customer/sendsms', {
      token,
      body: { phone: '', type: 'paypwd' },
      headers: { 'x-forwarded-for': ip() },
    });
    if (code.body.code !== '0') throw new Error(`sendsms paypwd: ${code.body.code} ${code.body.msg}`);
    const set = await shop.call('POST', '/v1/customer/setpaypasswd', {
      token,
      body: { payPassword, repeatPayPassword: payPassword, code: code.body.data.devCode },
    });
    if (set.body.code !== '0') throw new Error(`setpaypasswd: ${set.body.code} ${set.body.msg}`);
  }
  return { token, userId, phone };
}

let quietSerial = 0;

/**
 * A shopper made through the services, without SMS (quick; the SMS limits stay for the tests of
 * logging in): a session, a pay password when given, cash by a staff adjustment and a gift balance
 * by a reward when given.
 */
export async function quietShopper(
  shop: TestShop,
  options: { payPassword?: string; cashCents?: number; giftCents?: number } = {},
): Promise<{ token: string; userId: string }> {
  quietSerial += 1;
  const phone = `+85597${String((randomInt(0, 10_000) * 100 + quietSerial) % 1_000_000).padStart(6, '0')}`;
  const [row] = await shop.ctx.db
    .insert(users)
    .values({ phone, countryCode: '+855', source: 'h5' })
    .returning({ id: users.id });
  if (options.payPassword) await setPayPasswordQuietly(shop, row.id, options.payPassword);
  await fundShopper(shop, row.id, options);
  return { userId: row.id, token: (await shop.ctx.sessions.create('shopper', row.id)).token };
}

/** Sets a pay password through the accounts service (the ticket an SMS code would give). */
export async function setPayPasswordQuietly(shop: TestShop, userId: string, payPassword: string) {
  const ticket = await shop.services.accounts.issueTicket('paypwd', userId);
  await shop.services.accounts.setPayPassword(userId, { payPassword, repeatPayPassword: payPassword, ticket });
}

/** Cash (a staff adjustment) and a gift balance (a reward), each under a key of its own. */
export async function fundShopper(shop: TestShop, userId: string, money: { cashCents?: number; giftCents?: number }) {
  const key = `${userId}:${randomInt(0, 1e9)}`;
  if (money.cashCents)
    await shop.services.wallet.adjust({
      userId,
      account: 'cash',
      amountCents: money.cashCents,
      reason: 'test credit',
      staffId: 'test',
      idempotencyKey: `test-cash:${key}`,
    });
  if (money.giftCents)
    await shop.services.wallet.reward({
      userId,
      amountCents: money.giftCents,
      ref: { type: 'test', id: userId },
      idempotencyKey: `test-gift:${key}`,
    });
}

/** A published product of one item, in a category of its own; its item's id as buying carries it. */
export async function publishedItem(
  shop: TestShop,
  item: { priceCents: number; stock: number; maxPurchase?: number },
  name = { 'en-US': 'Rice cooker', chs: '电饭煲', kh: 'ឆ្នាំងបាយ' },
): Promise<string> {
  const categoryId = await shop.services.catalogue.addCategory({ parentId: null, name });
  const { itemIds } = await shop.services.catalogue.addProduct({
    categoryId,
    name,
    description: name,
    published: true,
    imageIds: [],
    items: [{ spec: [], priceCents: item.priceCents, stock: item.stock, maxPurchase: item.maxPurchase ?? 0 }],
  });
  return String(itemIds[0]);
}
