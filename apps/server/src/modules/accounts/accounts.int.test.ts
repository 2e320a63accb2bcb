import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop, testConfig } from '../../../test/harness.ts';
import { sql } from '../../platform/sql.ts';
import { LIMITS } from './limits.ts';

let shop: TestShop;
const SMS = { ...testConfig().sms, simDelayMs: 0, simFailureRate: 0 };
beforeAll(async () => {
  // Client addresses from X-Forwarded-For, so each test is its own network for the per-address limits.
  shop = await startTestShop({ sms: SMS, trustProxy: true });
});
afterAll(() => shop.close());

let serial = 0;
/** A fresh valid Cambodian mobile number (Smart 010 / Cellcard 012 ranges) for each test. */
function newPhone(): string {
  serial += 1;
  return `012${String(100000 + serial * 7 + Math.floor(Math.random() * 5)).padStart(6, '0')}`.slice(0, 9);
}

let ipSerial = 0;
const newIp = () => {
  ipSerial += 1;
  return `10.${Math.floor(ipSerial / 250)}.${ipSerial % 250}.${Math.floor(Math.random() * 250) + 1}`;
};
/** One address per phone, so only the limit under test binds. */
const ipOfPhone = new Map<string, string>();
const ipFor = (phone: string) => ipOfPhone.get(phone) ?? (ipOfPhone.set(phone, newIp()).get(phone) as string);

async function sendCode(phone: string, type = 'login', extra: Record<string, unknown> = {}, ip = ipFor(phone)) {
  return shop.call('POST', '/v1/customer/sendsms', {
    body: { countryCode: '+855', phone, type, ...extra },
    headers: { 'x-forwarded-for': ip },
  });
}

async function smsLogin(phone: string) {
  let sent = await sendCode(phone);
  if (sent.body.code === 'USR00016') {
    sent = await sendCode(phone, 'login', {
      imageToken: await shop.services.accounts.issueTicket('puzzle', ipFor(phone)),
    });
  }
  expect(sent.body.code).toBe('0');
  const res = await shop.call('POST', '/v1/customer/registandlogin', {
    body: {
      countryCode: '+855',
      phone,
      code: sent.body.data.devCode,
      agree: true,
    },
  });
  expect(res.body.code).toBe('0');
  return res.body.data as { token: string; userId: string; isNew: boolean };
}

/** Lets the 60 s resend gap of `phone` pass, as if a minute went by. */
async function minuteLater(e164: string) {
  await shop.db.execute(
    sql`UPDATE limit_counters SET last_at = last_at - interval '61 seconds' WHERE key LIKE ${`sms:gap:${e164}:%`}`,
  );
}

describe('phone numbers', () => {
  it('takes real +855 and +86 mobiles and refuses the rest with "phone number wrong" in the caller language', async () => {
    expect((await sendCode('012 345 670')).body.code).toBe('0');
    const china = await shop.call('POST', '/v1/customer/sendsms', {
      body: { countryCode: '+86', phone: '13812345678', type: 'login' },
      headers: { 'x-forwarded-for': newIp() },
    });
    expect(china.body.code).toBe('0');
    for (const bad of ['023900888' /* Phnom Penh landline */, '12', 'abc', '+14155550123', '0991']) {
      const res = await shop.call('POST', '/v1/customer/sendsms', {
        body: { countryCode: '+855', phone: bad, type: 'login' },
        language: 'kh',
      });
      expect(res.status, bad).toBe(200);
      expect(res.body.code, bad).toBe('USR00010');
      expect(res.body.msg).toBe('លេខទូរស័ព្ទមិនត្រឹមត្រូវ សូមពិនិត្យម្តងទៀត');
    }
    const other = await shop.call('POST', '/v1/customer/sendsms', {
      body: { countryCode: '+1', phone: '4155550123', type: 'login' },
    });
    expect(other.body.code).toBe('USR00010');
  });

  it('rejects a malformed body with an input error, never a 500', async () => {
    const res = await shop.call('POST', '/v1/customer/sendsms', {
      body: { phone: 5, type: 'nope' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('SYS00001');
  });
});

describe('v1/customer/sendsms', () => {
  it('sends a four-digit code through the outbox, valid 15 minutes, with a 60 s resend gap', async () => {
    const phone = newPhone();
    const res = await sendCode(phone);
    expect(res.body.code).toBe('0');
    expect(res.body.data).toMatchObject({
      resendSeconds: 60,
      validMinutes: 15,
    });
    expect(res.body.data.devCode).toMatch(/^\d{4}$/);
    const outbox = await shop.services.sms.outbox({
      phone: `+855${phone.slice(1)}`,
      page: 1,
      size: 10,
    });
    expect(outbox.total).toBe(1);
    // The outbox shows that a code was sent, never the code.
    expect(outbox.list[0]).toMatchObject({
      code: true,
      text: expect.stringContaining('Your verification code is ••••.'),
    });
    expect(outbox.list[0].text).not.toContain(res.body.data.devCode);
    expect(outbox.list[0].status).toBe('queued');
    await shop.ctx.jobs.runDue();
    const after = await shop.services.sms.outbox({
      phone: `+855${phone.slice(1)}`,
      page: 1,
      size: 10,
    });
    expect(after.list[0].status).toBe('sent');

    const again = await sendCode(phone);
    expect(again.body.code).toBe('USR00013');
    expect(again.body.msg).toMatch(/Please wait (59|60) s/);
  });

  it('writes the SMS in the language of the request', async () => {
    const phone = newPhone();
    const res = await shop.call('POST', '/v1/customer/sendsms', {
      body: { phone, type: 'login' },
      language: 'chs',
      headers: { 'x-forwarded-for': newIp() },
    });
    const outbox = await shop.services.sms.outbox({
      phone: `+855${phone.slice(1)}`,
      page: 1,
      size: 1,
    });
    expect(outbox.list[0].text).toContain('您的验证码是 ••••');
    expect(res.body.data.devCode).toMatch(/^\d{4}$/);
  });

  it('a burst of 1,000 requests for one phone sends one SMS (the rest wait for the resend gap)', async () => {
    const phone = newPhone();
    const e164 = `+855${phone.slice(1)}`;
    // From many addresses at once, so that only the phone's own limits stand in the way.
    const answers = await Promise.all(Array.from({ length: 1000 }, () => sendCode(phone, 'login', {}, newIp())));
    const okCount = answers.filter((a) => a.body.code === '0').length;
    expect(okCount).toBe(1);
    expect(new Set(answers.map((a) => a.body.code))).toEqual(new Set(['0', 'USR00013']));
    expect(await shop.services.sms.countFor(e164)).toBe(1);
  }, 180_000);

  it('sends at most the daily number of codes to one phone, asking for the puzzle from the third', async () => {
    const phone = newPhone();
    const e164 = `+855${phone.slice(1)}`;
    let sent = 0;
    for (let i = 0; i < 12; i += 1) {
      await minuteLater(e164);
      let res = await sendCode(phone);
      if (res.body.code === 'USR00016') {
        expect(i).toBeGreaterThanOrEqual(LIMITS.sms.puzzleFromPhoneCount);
        const pass = await shop.services.accounts.issueTicket('puzzle', ipFor(phone));
        res = await sendCode(phone, 'login', { imageToken: pass });
      }
      if (res.body.code === '0') sent += 1;
      else expect(res.body.code).toBe('USR00014');
    }
    expect(sent).toBe(LIMITS.sms.perPhonePerDay);
    expect(await shop.services.sms.countFor(e164)).toBe(LIMITS.sms.perPhonePerDay);
  });

  it('a used or foreign puzzle pass does not count', async () => {
    const phone = newPhone();
    const e164 = `+855${phone.slice(1)}`;
    for (let i = 0; i < LIMITS.sms.puzzleFromPhoneCount; i += 1) {
      await minuteLater(e164);
      expect((await sendCode(phone)).body.code).toBe('0');
    }
    await minuteLater(e164);
    const foreign = await shop.services.accounts.issueTicket('puzzle', '10.9.9.9');
    expect((await sendCode(phone, 'login', { imageToken: foreign })).body.code).toBe('USR00017');
    const pass = await shop.services.accounts.issueTicket('puzzle', ipFor(phone));
    expect((await sendCode(phone, 'login', { imageToken: pass })).body.code).toBe('0');
    await minuteLater(e164);
    expect((await sendCode(phone, 'login', { imageToken: pass })).body.code).toBe('USR00017');
  });
});

describe('login by SMS code (registandlogin)', () => {
  it('creates the account on the first login and logs the same account in afterwards', async () => {
    const phone = newPhone();
    const first = await smsLogin(phone);
    expect(first.isNew).toBe(true);
    await minuteLater(`+855${phone.slice(1)}`);
    const second = await smsLogin(phone);
    expect(second.isNew).toBe(false);
    expect(second.userId).toBe(first.userId);
    const info = await shop.call('GET', '/v1/customer/queryinfo', {
      token: second.token,
    });
    expect(info.body.data).toMatchObject({
      userId: first.userId,
      userMobile: phone.slice(1),
      userFullMobile: `+855${phone.slice(1)}`,
      userLevel: 0,
    });
  });

  it('requires the agreement, the right length, the right code, once', async () => {
    const phone = newPhone();
    const { devCode } = (await sendCode(phone)).body.data;
    const body = { countryCode: '+855', phone, code: devCode, agree: true };
    const call = (patch: object, language = 'en-US') =>
      shop.call('POST', '/v1/customer/registandlogin', {
        body: { ...body, ...patch },
        language,
      });
    expect((await call({ agree: false })).body.code).toBe('USR00028');
    const short = await call({ code: '12' }, 'chs');
    expect(short.body).toMatchObject({
      code: 'USR00011',
      msg: '验证码长度错误，应为4位数字',
    });
    const wrong = String((Number(devCode) + 1) % 10000).padStart(4, '0');
    expect((await call({ code: wrong })).body.code).toBe('USR00012');
    expect((await call({})).body.code).toBe('0');
    expect((await call({})).body.code).toBe('USR00012');
  });

  it('a code is only good for the step it was asked for', async () => {
    const phone = newPhone();
    const { devCode } = (await sendCode(phone, 'forgot')).body.data;
    const res = await shop.call('POST', '/v1/customer/registandlogin', {
      body: { phone, code: devCode, agree: true },
    });
    expect(res.body.code).toBe('USR00012');
  });

  it('an expired code is refused', async () => {
    const phone = newPhone();
    const { devCode } = (await sendCode(phone)).body.data;
    await shop.db.execute(
      sql`UPDATE sms_codes SET expires_at = now() - interval '1 second' WHERE phone = ${`+855${phone.slice(1)}`}`,
    );
    const res = await shop.call('POST', '/v1/customer/registandlogin', {
      body: { phone, code: devCode, agree: true },
    });
    expect(res.body.code).toBe('USR00012');
  });

  it('a code dies after 5 wrong tries, and 10 wrong codes lock code checks for the phone', async () => {
    const phone = newPhone();
    const e164 = `+855${phone.slice(1)}`;
    const { devCode } = (await sendCode(phone)).body.data;
    const wrong = (n: number) => String((Number(devCode) + n) % 10000).padStart(4, '0');
    for (let i = 1; i <= LIMITS.sms.triesPerCode; i += 1) {
      expect(
        (
          await shop.call('POST', '/v1/customer/registandlogin', {
            body: { phone, code: wrong(i), agree: true },
          })
        ).body.code,
      ).toBe('USR00012');
    }
    const spent = await shop.call('POST', '/v1/customer/registandlogin', {
      body: { phone, code: devCode, agree: true },
    });
    expect(spent.body.code).toBe('USR00012');
    await minuteLater(e164);
    const fresh = (await sendCode(phone)).body.data.devCode as string;
    let last = '';
    for (let i = 0; i < LIMITS.codeLock.max; i += 1) {
      const guess = String((Number(fresh) + 1 + i) % 10000).padStart(4, '0');
      last = (
        await shop.call('POST', '/v1/customer/registandlogin', {
          body: { phone, code: guess, agree: true },
        })
      ).body.code;
    }
    expect(last).toBe('USR00021');
    const locked = await shop.call('POST', '/v1/customer/registandlogin', {
      body: { phone, code: fresh, agree: true },
    });
    expect(locked.body.code).toBe('USR00021');
  });

  it('the emoney variant logs in the same way and records its source', async () => {
    const phone = newPhone();
    const { devCode } = (await sendCode(phone)).body.data;
    const res = await shop.call('POST', '/v1/customer/emoney/registandlogin', {
      body: { phone, code: devCode, agree: true },
    });
    expect(res.body.code).toBe('0');
    const row = await shop.db.execute(sql`SELECT source FROM users WHERE id = ${res.body.data.userId}`);
    expect((row as unknown as { rows: { source: string }[] }).rows[0].source).toBe('emoney');
  });
});

describe('register, password login, logout, forgot password', () => {
  it('registers with phone, code, password twice and optional email, then logs in by password', async () => {
    const phone = newPhone();
    const { devCode } = (await sendCode(phone, 'register')).body.data;
    const body = {
      countryCode: '+855',
      phone,
      code: devCode,
      password: 'angkor123',
      repeatPassword: 'angkor123',
      email: 'Dara@Example.com',
      agree: true,
    };
    const call = (patch: object, language = 'en-US') =>
      shop.call('POST', '/v1/customer/h5/registandlogin', {
        body: { ...body, ...patch },
        language,
      });
    expect((await call({ repeatPassword: 'angkor124' })).body.code).toBe('USR00023');
    expect((await call({ password: 'short', repeatPassword: 'short' })).body.code).toBe('USR00024');
    expect((await call({ email: 'not-an-email' }, 'kh')).body).toMatchObject({
      code: 'USR00025',
      msg: 'សូមបញ្ចូលអាសយដ្ឋានអ៊ីមែលដែលត្រឹមត្រូវ',
    });
    const ok = await call({});
    expect(ok.body.code).toBe('0');
    expect(ok.body.data).toMatchObject({
      isNew: true,
      hasPassword: true,
      userEmail: 'dara@example.com',
    });

    const logout = await shop.call('POST', '/v1/customer/logout', {
      token: ok.body.data.token,
      body: {},
    });
    expect(logout.body.code).toBe('0');
    const after = await shop.call('GET', '/v1/customer/queryinfo', {
      token: ok.body.data.token,
    });
    expect(after.body.code).toBe('USR00003');

    const login = await shop.call('POST', '/v1/customer/login', {
      body: { phone, password: 'angkor123', agree: true },
    });
    expect(login.body.code).toBe('0');
    expect(login.body.data.userId).toBe(ok.body.data.userId);
  });

  it('says the same thing for an unknown phone and a wrong password', async () => {
    const unknown = await shop.call('POST', '/v1/customer/login', {
      body: { phone: newPhone(), password: 'whatever1', agree: true },
    });
    const phone = newPhone();
    await smsLogin(phone); // an account without a password
    const noPassword = await shop.call('POST', '/v1/customer/login', {
      body: { phone, password: 'whatever1', agree: true },
    });
    // The same answer but for the request's own id.
    const { requestId: _unknownId, ...unknownAnswer } = unknown.body;
    const { requestId: _noPasswordId, ...noPasswordAnswer } = noPassword.body;
    expect(unknownAnswer).toEqual(noPasswordAnswer);
    expect(unknown.body.code).toBe('USR00020');
  });

  it('10,000 password guesses cannot beat the lock-out: 5 tries per 15 minutes, the right one refused while locked', async () => {
    const phone = newPhone();
    const e164 = `+855${phone.slice(1)}`;
    const { devCode } = (await sendCode(phone, 'register')).body.data;
    await shop.call('POST', '/v1/customer/h5/registandlogin', {
      body: {
        phone,
        code: devCode,
        password: 'secret99',
        repeatPassword: 'secret99',
        agree: true,
      },
    });
    const guess = (password: string) =>
      shop.call('POST', '/v1/customer/login', {
        body: { phone, password, agree: true },
      });
    const codes: string[] = [];
    for (let i = 0; i < 40; i += 1) codes.push((await guess(`guess${i}x`)).body.code);
    expect(codes.slice(0, LIMITS.loginLock.max - 1).every((c) => c === 'USR00020')).toBe(true);
    expect(codes.slice(LIMITS.loginLock.max - 1).every((c) => c === 'USR00021')).toBe(true);
    // While locked, even the right password is refused: guesses are not even checked.
    expect((await guess('secret99')).body.code).toBe('USR00021');
    const msg = (
      await shop.call('POST', '/v1/customer/login', {
        body: { phone, password: 'secret99', agree: true },
        language: 'chs',
      })
    ).body.msg;
    expect(msg).toMatch(/^错误次数过多，请(14|15)分钟后再试$/);
    // The bound: at most `max` passwords are checked per lock period, so 10,000 guesses need
    // 10,000 / 5 × 15 minutes ≈ 20.8 days; the lock row says when the next checks are allowed.
    const lockRow = (await shop.db.execute(
      sql`SELECT locked_until FROM limit_counters WHERE key = ${`login:${e164}`}`,
    )) as unknown as { rows: { locked_until: string }[] };
    const lockedMs = new Date(lockRow.rows[0].locked_until).getTime() - Date.now();
    expect(lockedMs).toBeGreaterThan(LIMITS.loginLock.lockMs - 60_000);
    const fastestDays = (10_000 / LIMITS.loginLock.max) * (LIMITS.loginLock.lockMs / 86_400_000);
    expect(fastestDays).toBeGreaterThan(20);
    // When the lock ends, the right password works again.
    await shop.db.execute(
      sql`UPDATE limit_counters SET locked_until = now() - interval '1 second' WHERE key = ${`login:${e164}`}`,
    );
    expect((await guess('secret99')).body.code).toBe('0');
  });

  it('forgot password: a code to the phone sets a new password and ends every session', async () => {
    const phone = newPhone();
    const e164 = `+855${phone.slice(1)}`;
    const session = await smsLogin(phone);
    const { devCode } = (await sendCode(phone, 'forgot')).body.data;
    const reset = await shop.call('POST', '/v1/customer/changepasswd', {
      body: {
        phone,
        code: devCode,
        password: 'newpass12',
        repeatPassword: 'newpass12',
      },
    });
    expect(reset.body).toMatchObject({ code: '0', data: { token: null } });
    expect(
      (
        await shop.call('GET', '/v1/customer/queryinfo', {
          token: session.token,
        })
      ).body.code,
    ).toBe('USR00003');
    expect(
      (
        await shop.call('POST', '/v1/customer/login', {
          body: { phone, password: 'newpass12', agree: true },
        })
      ).body.code,
    ).toBe('0');
    await minuteLater(e164);
  });

  it('change password when signed in needs the old one and gives a fresh token', async () => {
    const phone = newPhone();
    const { devCode } = (await sendCode(phone, 'register')).body.data;
    const reg = await shop.call('POST', '/v1/customer/h5/registandlogin', {
      body: {
        phone,
        code: devCode,
        password: 'first123',
        repeatPassword: 'first123',
        agree: true,
      },
    });
    const token = reg.body.data.token;
    const wrong = await shop.call('POST', '/v1/customer/changepasswd', {
      token,
      body: {
        oldPassword: 'nope1234',
        password: 'second12',
        repeatPassword: 'second12',
      },
    });
    expect(wrong.body.code).toBe('USR00029');
    const ok = await shop.call('POST', '/v1/customer/changepasswd', {
      token,
      body: {
        oldPassword: 'first123',
        password: 'second12',
        repeatPassword: 'second12',
      },
    });
    expect(ok.body.code).toBe('0');
    expect((await shop.call('GET', '/v1/customer/queryinfo', { token })).body.code).toBe('USR00003');
    expect(
      (
        await shop.call('GET', '/v1/customer/queryinfo', {
          token: ok.body.data.token,
        })
      ).body.code,
    ).toBe('0');
  });

  it('a protected call without a token is HTTP 400, with a bad token USR00003', async () => {
    const none = await shop.call('GET', '/v1/customer/queryinfo');
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('USR00001');
    expect((await shop.call('GET', '/v1/customer/queryinfo', { token: 'forged' })).body.code).toBe('USR00003');
  });
});

describe('pay password', () => {
  it('is set with exactly 6 digits confirmed by an SMS code, and checked with a lock-out', async () => {
    const phone = newPhone();
    const { token, userId } = await smsLogin(phone);
    await minuteLater(`+855${phone.slice(1)}`);
    const exist = () => shop.call('GET', '/v1/wallet/checkpaypwdexist', { token });
    expect((await exist()).body.data).toEqual({ exist: false });
    await expect(shop.services.accounts.verifyPayPassword(userId, '123456')).rejects.toMatchObject({
      code: 'USR00031',
    });

    const sent = await shop.call('POST', '/v1/customer/sendsms', {
      token,
      body: { phone: '', type: 'paypwd' },
      headers: { 'x-forwarded-for': newIp() },
    });
    expect(sent.body.code).toBe('0');
    const code = sent.body.data.devCode;
    const set = (body: object, language = 'en-US') =>
      shop.call('POST', '/v1/customer/setpaypasswd', { token, body, language });
    expect((await set({ payPassword: '12345', repeatPayPassword: '12345', code }, 'kh')).body).toMatchObject({
      code: 'USR00030',
      msg: 'ពាក្យសម្ងាត់ទូទាត់ត្រូវតែមាន 6 ខ្ទង់គត់',
    });
    expect((await set({ payPassword: '12345a', repeatPayPassword: '12345a', code })).body.code).toBe('USR00030');
    expect((await set({ payPassword: '135790', repeatPayPassword: '135791', code })).body.code).toBe('USR00023');
    const ticket = await shop.call('POST', '/api/verify/setpaypasswd', {
      token,
      body: { code },
    });
    expect(ticket.body.code).toBe('0');
    expect(
      (
        await set({
          payPassword: '135790',
          repeatPayPassword: '135790',
          ticket: ticket.body.data.ticket,
        })
      ).body.code,
    ).toBe('0');
    expect(
      (
        await set({
          payPassword: '000000',
          repeatPayPassword: '000000',
          ticket: ticket.body.data.ticket,
        })
      ).body.code,
    ).toBe('USR00034');
    expect((await exist()).body.data).toEqual({ exist: true });

    await shop.services.accounts.verifyPayPassword(userId, '135790');
    for (let left = LIMITS.payLock.max - 1; left >= 1; left -= 1) {
      await expect(shop.services.accounts.verifyPayPassword(userId, '000000')).rejects.toMatchObject({
        code: 'USR00032',
        params: { remaining: left },
      });
    }
    await expect(shop.services.accounts.verifyPayPassword(userId, '000000')).rejects.toMatchObject({
      code: 'USR00033',
    });
    await expect(shop.services.accounts.verifyPayPassword(userId, '135790')).rejects.toMatchObject({
      code: 'USR00033',
    });
    expect(await shop.services.accounts.hasPayPassword(userId)).toBe(true);
  });

  it('the pay-password code goes to the shopper own phone, whatever phone the body names', async () => {
    const phone = newPhone();
    const { token } = await smsLogin(phone);
    const other = newPhone();
    const res = await shop.call('POST', '/v1/customer/sendsms', {
      token,
      body: { phone: other, type: 'paypwd' },
      headers: { 'x-forwarded-for': newIp() },
    });
    expect(res.body.code).toBe('0');
    expect(await shop.services.sms.countFor(`+855${other.slice(1)}`)).toBe(0);
    expect(await shop.services.sms.countFor(`+855${phone.slice(1)}`, 'paypwd')).toBe(1);
  });
});

describe('staff lock', () => {
  it('ends the sessions of a locked shopper and refuses logins until unlocked', async () => {
    const phone = newPhone();
    const { token, userId } = await smsLogin(phone);
    await shop.services.accounts.lock(userId, 'fraud review');
    expect((await shop.call('GET', '/v1/customer/queryinfo', { token })).body.code).toBe('USR00003');
    await minuteLater(`+855${phone.slice(1)}`);
    const { devCode } = (await sendCode(phone)).body.data;
    expect(
      (
        await shop.call('POST', '/v1/customer/registandlogin', {
          body: { phone, code: devCode, agree: true },
        })
      ).body.code,
    ).toBe('USR00022');
    expect((await shop.services.accounts.getUser(userId))?.locked).toBe(true);
    await shop.services.accounts.unlock(userId);
    await minuteLater(`+855${phone.slice(1)}`);
    expect((await smsLogin(phone)).userId).toBe(userId);
    expect((await shop.services.accounts.findByPhone(`+855${phone.slice(1)}`))?.id).toBe(userId);
  });
});

describe('per-address limit', () => {
  it('one address gets at most the daily number of codes, whatever the phones, with the puzzle from the sixth', async () => {
    const ip = newIp();
    let sent = 0;
    let puzzles = 0;
    for (let i = 0; i < shop.ctx.config.sms.perIpPerDay + 5; i += 1) {
      let res = await sendCode(newPhone(), 'login', {}, ip);
      if (res.body.code === 'USR00016') {
        puzzles += 1;
        res = await sendCode(
          newPhone(),
          'login',
          {
            imageToken: await shop.services.accounts.issueTicket('puzzle', ip),
          },
          ip,
        );
      }
      if (res.body.code === '0') sent += 1;
      else expect(res.body.code).toBe('USR00015');
    }
    expect(sent).toBe(shop.ctx.config.sms.perIpPerDay);
    expect(puzzles).toBe(shop.ctx.config.sms.perIpPerDay - shop.ctx.config.sms.puzzleFromIp);
  });
});

describe('production mode', () => {
  it('never returns the code', async () => {
    const prod = await startTestShop({ sms: SMS, production: true });
    try {
      const res = await prod.call('POST', '/v1/customer/sendsms', {
        body: { phone: '012345671', type: 'login' },
      });
      expect(res.body.code).toBe('0');
      expect(res.body.data.devCode).toBeUndefined();
      expect(JSON.stringify(res.body)).not.toMatch(/\b\d{4}\b/);
      expect((await prod.services.sms.outbox({ page: 1, size: 5 })).total).toBe(1);
    } finally {
      await prod.close();
    }
  });
});

describe('housekeeping', () => {
  it('purges spent puzzles, tickets, codes and old counters, and keeps live ones and locks', async () => {
    const phone = newPhone();
    await sendCode(phone);
    await shop.services.accounts.issueTicket('puzzle', '10.0.0.1');
    await shop.db.execute(
      sql`UPDATE sms_codes SET expires_at = now() - interval '2 days' WHERE phone = ${`+855${phone.slice(1)}`}`,
    );
    await shop.db.execute(
      sql`INSERT INTO limit_counters (key, window_start, count) VALUES ('old:counter', now() - interval '4 days', 3)`,
    );
    await shop.db.execute(
      sql`INSERT INTO limit_counters (key, window_start, count, locked_until) VALUES ('old:locked', now() - interval '4 days', 0, now() + interval '1 hour')`,
    );
    const gone = await shop.services.accounts.purge();
    expect(gone.codes).toBeGreaterThanOrEqual(1);
    expect(gone.counters).toBeGreaterThanOrEqual(1);
    const left = (await shop.db.execute(sql`SELECT key FROM limit_counters WHERE key LIKE 'old:%'`)) as unknown as {
      rows: { key: string }[];
    };
    expect(left.rows.map((r) => r.key)).toEqual(['old:locked']);
    expect(await shop.services.accounts.limiter.lockedFor('old:locked')).toBeGreaterThan(0);
  });
});
