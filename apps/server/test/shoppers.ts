import { randomInt } from 'node:crypto';
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
