import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop, testConfig } from '../../../test/harness.ts';
import { simulatedProvider } from '../../integrations/oauth/client.ts';
import { createOidcSimulator } from '../../integrations/oauth/simulator.ts';
import { sql } from '../../platform/sql.ts';
import { parseBirthday } from './extras.ts';

/** The local OpenID provider, a separate HTTP server as the real party would be. */
const idp = http.createServer();
let shop: TestShop;
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
  const providers = (['google', 'facebook', 'wechat'] as const).map((id) => simulatedProvider(id, base, base));
  const sims = new Map(
    providers.map((p) => [
      p.id,
      createOidcSimulator({ issuer: () => p.issuer as string, clients: { [p.clientId]: p.clientSecret }, delayMs: 20 }),
    ]),
  );
  idp.on('request', async (req, res) => {
    const url = new URL(req.url ?? '/', base);
    const [, , , id] = url.pathname.split('/');
    const sim = sims.get(id as never);
    if (!sim || !(await sim.handle(req, res, url.pathname.slice(`/dev/oidc/${id}`.length), url.searchParams)))
      res.writeHead(404).end();
  });
  shop = await startTestShop({
    sms: { ...testConfig().sms, simDelayMs: 0, simFailureRate: 0 },
    oauthProviders: providers,
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'shop-accounts-')),
    trustProxy: true,
  });
});
afterAll(async () => {
  await shop.close();
  idp.close();
});

let n = 0;
const newPhone = () => {
  n += 13;
  return `0969${String(100000 + n + Math.floor(Math.random() * 10)).slice(-6)}`;
};
const ipOf = (phone: string) => `10.77.${Number(phone.slice(-4)) % 250}.${Number(phone.slice(-2)) + 1}`;

async function code(phone: string, type: string, token?: string) {
  const res = await shop.call('POST', '/v1/customer/sendsms', {
    token,
    body: { phone, type },
    headers: { 'x-forwarded-for': ipOf(phone) },
  });
  expect(res.body.code).toBe('0');
  return res.body.data.devCode as string;
}

async function login(phone = newPhone()) {
  const res = await shop.call('POST', '/v1/customer/registandlogin', {
    body: { phone, code: await code(phone, 'login'), agree: true },
  });
  return { ...(res.body.data as { token: string; userId: string }), phone };
}

describe('slide puzzle', () => {
  it('draws a real PNG with a gap and a piece, accepts the x position within the tolerance, once', async () => {
    const ip = { 'x-forwarded-for': '10.50.0.1' };
    const made = await shop.call('GET', '/v1/sms/getImageCode', { headers: ip });
    expect(made.body.code).toBe('0');
    const { id, width, height, pieceSize } = made.body.data;
    const bg = await shop.app.inject({ method: 'GET', url: `/api/verify/image2?id=${id}&part=background` });
    expect(bg.headers['content-type']).toBe('image/png');
    expect(await sharp(bg.rawPayload).metadata()).toMatchObject({ format: 'png', width, height });
    const piece = await shop.app.inject({ method: 'GET', url: `/api/verify/image2?id=${id}&part=piece` });
    expect(await sharp(piece.rawPayload).metadata()).toMatchObject({ width: pieceSize, height: pieceSize });
    const answer = (await shop.db.execute(sql`SELECT x FROM puzzles WHERE id = ${id}`)) as unknown as {
      rows: { x: number }[];
    };
    const x = answer.rows[0].x;

    const other = (await shop.call('GET', '/v1/sms/getImageCode', { headers: ip })).body.data.id;
    const otherX = (
      (await shop.db.execute(sql`SELECT x FROM puzzles WHERE id = ${other}`)) as unknown as { rows: { x: number }[] }
    ).rows[0].x;
    expect(
      (await shop.call('GET', '/v1/sms/verifyImageCode', { query: { id: other, x: String(otherX + 7) }, headers: ip }))
        .body.code,
    ).toBe('USR00017');
    const ok = await shop.call('GET', '/v1/sms/verifyImageCode', { query: { id, x: String(x + 4) }, headers: ip });
    expect(ok.body.code).toBe('0');
    expect(ok.body.data.imageToken).toBeTruthy();
    expect(
      (await shop.call('GET', '/v1/sms/verifyImageCode', { query: { id, x: String(x) }, headers: ip })).body.code,
    ).toBe('USR00017');
    // The pass opens sendsms when the phone asks too often.
    const phone = newPhone();
    for (let i = 0; i < 2; i += 1) {
      await shop.call('POST', '/v1/customer/sendsms', { body: { phone, type: i ? 'forgot' : 'login' }, headers: ip });
    }
    expect((await shop.call('GET', '/v1/sms/secure', { query: { phone }, headers: ip })).body.data).toEqual({
      required: true,
    });
    expect(
      (await shop.call('POST', '/v1/customer/sendsms', { body: { phone, type: 'register' }, headers: ip })).body.code,
    ).toBe('USR00016');
    const res = await shop.call('POST', '/v1/customer/sendsms', {
      body: { phone, type: 'register', imageToken: ok.body.data.imageToken },
      headers: ip,
    });
    expect(res.body.code).toBe('0');
  });
});

describe('profile and settings', () => {
  it('validates the birthday as dd/mm/yyyy and a real date', () => {
    expect(parseBirthday('15/08/1995')).toBe('1995-08-15');
    for (const bad of ['31/02/2000', '1995-08-15', '15/8/1995', '00/01/2000', '01/01/2999']) {
      expect(() => parseBirthday(bad), bad).toThrow(expect.objectContaining({ code: 'USR00040' }));
    }
  });

  it('sets email, profile fields and feedback, each with its catalogue message', async () => {
    const { token } = await login();
    const bad = await shop.call('POST', '/v1/customer/setemail', { token, body: { email: 'dara@' }, language: 'chs' });
    expect(bad.body).toMatchObject({ code: 'USR00025', msg: '请输入有效的邮箱地址' });
    expect(
      (await shop.call('POST', '/v1/customer/setemail', { token, body: { email: 'Dara@Mail.com' } })).body.data,
    ).toEqual({
      userEmail: 'dara@mail.com',
    });
    const info = await shop.call('POST', '/v1/customer/setinfo', {
      token,
      body: { name: 'Dara', birthday: '15/08/1995', gender: 'female', city: 'Siem Reap' },
    });
    expect(info.body.data).toMatchObject({
      name: 'Dara',
      birthday: '15/08/1995',
      gender: 'female',
      city: 'Siem Reap',
      userEmail: 'dara@mail.com',
    });
    const birthday = await shop.call('POST', '/v1/customer/setinfo', {
      token,
      body: { birthday: '30/02/1990' },
      language: 'kh',
    });
    expect(birthday.body.code).toBe('USR00040');
    expect(birthday.body.msg).toContain('dd/mm/yyyy');
    expect((await shop.call('POST', '/v1/customer/advice', { token, body: { text: '   ' } })).body.code).toBe(
      'USR00041',
    );
    expect(
      (await shop.call('POST', '/v1/customer/advice', { token, body: { text: 'Please add more Khmer books' } })).body
        .code,
    ).toBe('0');
  });

  it('changes the phone with a code sent to the new phone', async () => {
    const user = await login();
    const next = newPhone();
    const res = await shop.call('POST', '/v1/customer/changephone', {
      token: user.token,
      body: { phone: next, code: await code(next, 'phone', user.token) },
    });
    expect(res.body.code).toBe('0');
    expect(res.body.data.userFullMobile).toBe(`+855${next.slice(1)}`);
    expect((await shop.call('GET', '/v1/customer/queryinfo', { token: user.token })).body.code).toBe('USR00003');
    const taken = await login();
    const clash = await shop.call('POST', '/v1/customer/changephone', {
      token: res.body.data.token,
      body: { phone: taken.phone, code: await code(taken.phone, 'phone', res.body.data.token) },
    });
    expect(clash.body.code).toBe('USR00036');
  });
});

function multipart(field: string, filename: string, content: Buffer, type: string) {
  const boundary = `----shop${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('avatar', () => {
  it('takes a real image only, re-encodes it without metadata, and shows it only to its owner', async () => {
    const owner = await login();
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c0392b' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Artist: 'Secret Person', Copyright: 'GPS 11.55N 104.92E' } } })
      .toBuffer();
    expect(photo.includes(Buffer.from('Secret Person'))).toBe(true);
    const upload = (token: string, file: Buffer, name = 'me.jpg', type = 'image/jpeg') => {
      const body = multipart('file', name, file, type);
      return shop.app.inject({
        method: 'POST',
        url: `/v1/customer/setlogo?token=${token}`,
        payload: body.payload,
        headers: { 'content-type': body.contentType, language: 'en-US' },
      });
    };
    const fake = await upload(owner.token, Buffer.from('<?php echo "hi"; ?>'), 'me.jpg', 'image/jpeg');
    expect(fake.json()).toMatchObject({ code: 'USR00042', msg: 'Upload failed or empty image' });
    const ok = await upload(owner.token, photo);
    expect(ok.json().code).toBe('0');
    const mine = await shop.app.inject({ method: 'GET', url: `/v1/customer/querylogo?token=${owner.token}` });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/webp');
    const meta = await sharp(mine.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(mine.rawPayload.includes(Buffer.from('Secret Person'))).toBe(false);
    const stranger = await login();
    const theirs = await shop.app.inject({ method: 'GET', url: `/v1/customer/querylogo?token=${stranger.token}` });
    expect(theirs.statusCode).toBe(404);
    const guest = await shop.app.inject({ method: 'GET', url: '/v1/customer/querylogo' });
    expect(guest.statusCode).toBe(400);
    expect((await shop.call('GET', '/v1/customer/queryinfo', { token: owner.token })).body.data.imageUrl).toMatch(
      /^\/v1\/customer\/querylogo\?v=/,
    );
  });
});

describe('Friend code', () => {
  it('redeems a code for a membership level, says when it expired, once per shopper, and locks out guessing', async () => {
    await shop.services.accountExtras.createFriendCode({
      code: 'TEMPLE1',
      level: 2,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await shop.services.accountExtras.createFriendCode({
      code: 'OLD2020',
      level: 3,
      expiresAt: new Date('2020-01-01T00:00:00Z'),
    });
    const user = await login();
    const redeem = (body: object, language = 'en-US') =>
      shop.call('POST', '/v1/fcode/do', {
        token: user.token,
        body,
        language,
        headers: { 'x-forwarded-for': ipOf(user.phone) },
      });
    expect((await redeem({ code: 'old2020' }, 'kh')).body).toMatchObject({
      code: 'USR00051',
      msg: 'Friend code នេះបានផុតកំណត់',
    });
    expect((await redeem({ code: '' })).body.code).toBe('USR00053');
    const ok = await redeem({ code: 'temple1' });
    expect(ok.body.data).toEqual({ userLevel: 2, levelName: 'Gold friend' });
    expect((await redeem({ code: 'TEMPLE1' })).body.code).toBe('USR00052');
    expect((await shop.call('GET', '/v1/customer/queryinfo', { token: user.token })).body.data).toMatchObject({
      userLevel: 2,
      friendCode: 'TEMPLE1',
    });
    expect(
      (
        await shop.call('POST', '/v1/fcode/setDesc', {
          token: user.token,
          body: { code: 'TEMPLE1', note: 'from Vanna' },
        })
      ).body.code,
    ).toBe('0');
    const status = await shop.call('GET', '/v1/fcode/query', { token: user.token, language: 'chs' });
    expect(status.body.data).toMatchObject({
      userLevel: 2,
      levelName: '黄金好友',
      redeemed: [{ code: 'TEMPLE1', level: 2, note: 'from Vanna' }],
    });

    // Guessing: two wrong codes, then the puzzle is required; five wrong codes lock.
    const guesser = await login();
    const guess = (body: object) =>
      shop.call('POST', '/v1/fcode/do', { token: guesser.token, body, headers: { 'x-forwarded-for': '10.60.0.9' } });
    expect((await guess({ code: 'NOPE1' })).body.code).toBe('USR00050');
    expect((await guess({ code: 'NOPE2' })).body.code).toBe('USR00050');
    expect((await guess({ code: 'TEMPLE1' })).body.code).toBe('USR00016');
    const pass = () => shop.services.accounts.issueTicket('puzzle', '10.60.0.9');
    expect((await guess({ code: 'NOPE3', imageToken: await pass() })).body.code).toBe('USR00050');
    expect((await guess({ code: 'NOPE4', imageToken: await pass() })).body.code).toBe('USR00050');
    expect((await guess({ code: 'NOPE5', imageToken: await pass() })).body.code).toBe('USR00021');
    expect((await guess({ code: 'TEMPLE1', imageToken: await pass() })).body.code).toBe('USR00021');
  });

  it('describes the levels in the caller language', async () => {
    const res = await shop.call('GET', '/v1/fcode/desc', { language: 'kh' });
    expect(res.body.data.levels[1]).toEqual({ level: 1, name: 'មិត្តភក្តិ' });
  });
});

/** Follows the provider's authorize step as a browser would, answering its consent page. */
async function authorize(url: string, name: string): Promise<{ code: string; state: string }> {
  const consent = new URL(url);
  consent.hash = '';
  consent.searchParams.set('login_hint', name);
  const res = await fetch(consent, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location') as string);
  expect(back.pathname).toBe('/h5/loginTransition');
  return { code: back.searchParams.get('code') as string, state: back.searchParams.get('state') as string };
}

describe('third-party login and binding (OpenID Connect against a local provider)', () => {
  it('logs a new Google user in without a phone, binds a phone, and logs in again as the same account', async () => {
    const list = await shop.call('GET', '/v1/third/list');
    expect(list.body.data.map((p: { provider: string }) => p.provider)).toEqual(['google', 'facebook', 'wechat']);
    const start = await shop.call('GET', '/v1/third/check', { query: { provider: 'google' } });
    expect(start.body.data.url).toMatch(
      new RegExp(`^${base}/dev/oidc/google/authorize\\?response_type=code&client_id=angkor-google`),
    );
    const first = await shop.call('POST', '/v1/third/login', {
      body: await authorize(start.body.data.url, 'Sokha Chan'),
    });
    expect(first.body.code).toBe('0');
    expect(first.body.data).toMatchObject({
      isNew: true,
      needsPhone: true,
      thirdType: 'google',
      thirdUserName: 'Sokha Chan',
      userFullMobile: '',
    });

    // The state is single use: replaying the callback fails.
    const replay = await shop.call('POST', '/v1/third/login', {
      body: await authorize(start.body.data.url, 'Sokha Chan'),
    });
    expect(replay.body.code).toBe('USR00034');

    const phone = newPhone();
    const bound = await shop.call('POST', '/v1/customer/bindphone', {
      token: first.body.data.token,
      body: { phone, code: await code(phone, 'bind', first.body.data.token) },
    });
    expect(bound.body.data.userFullMobile).toBe(`+855${phone.slice(1)}`);

    const again = await shop.call('GET', '/v1/third/check', { query: { provider: 'google' } });
    const second = await shop.call('POST', '/v1/third/login', {
      body: await authorize(again.body.data.url, 'Sokha Chan'),
    });
    expect(second.body.data).toMatchObject({ isNew: false, needsPhone: false, userId: first.body.data.userId });
  });

  it('binds and unbinds Facebook on a phone account; a bound account cannot be bound to another', async () => {
    const user = await login();
    const start = await shop.call('GET', '/v1/third/check', {
      token: user.token,
      query: { provider: 'facebook', mode: 'bind' },
    });
    const bind = await shop.call('POST', '/v1/third/bind', {
      token: user.token,
      body: await authorize(start.body.data.url, 'Dara Facebook'),
    });
    expect(bind.body.code).toBe('0');
    expect(bind.body.data.find((p: { provider: string }) => p.provider === 'facebook')).toEqual({
      provider: 'facebook',
      bound: true,
      name: 'Dara Facebook',
    });

    const other = await login();
    const start2 = await shop.call('GET', '/v1/third/check', {
      token: other.token,
      query: { provider: 'facebook', mode: 'bind' },
    });
    const clash = await shop.call('POST', '/v1/third/bind', {
      token: other.token,
      body: await authorize(start2.body.data.url, 'Dara Facebook'),
    });
    expect(clash.body.code).toBe('USR00062');

    // A state made for one shopper cannot be completed by another.
    const start3 = await shop.call('GET', '/v1/third/check', {
      token: user.token,
      query: { provider: 'wechat', mode: 'bind' },
    });
    const stolen = await shop.call('POST', '/v1/third/bind', {
      token: other.token,
      body: await authorize(start3.body.data.url, 'Someone'),
    });
    expect(stolen.body.code).toBe('USR00034');

    const unbind = await shop.call('POST', '/v1/third/unbind', { token: user.token, body: { provider: 'facebook' } });
    expect(unbind.body.data.find((p: { provider: string }) => p.provider === 'facebook').bound).toBe(false);
  });

  it('refuses a forged code and a provider that is not configured', async () => {
    const start = await shop.call('GET', '/v1/third/check', { query: { provider: 'wechat' } });
    const state = new URL(start.body.data.url).searchParams.get('state') as string;
    const forged = await shop.call('POST', '/v1/third/login', { body: { code: 'made-up', state }, language: 'chs' });
    expect(forged.body).toMatchObject({ code: 'USR00060', msg: '第三方绑定失败' });
    const only = await startTestShop({ oauthProviders: [] });
    try {
      expect((await only.call('GET', '/v1/third/check', { query: { provider: 'google' } })).body.code).toBe('USR00061');
    } finally {
      await only.close();
    }
  });

  it('a WeChat user (the WeChat variant of OAuth2) without a phone cannot unbind the only way in', async () => {
    const start = await shop.call('GET', '/v1/third/check', { query: { provider: 'wechat' } });
    expect(start.body.data.url).toMatch(
      /\/connect\/qrconnect\?appid=wx[^&]+&redirect_uri=.*&scope=snsapi_login&state=.*#wechat_redirect$/,
    );
    const res = await shop.call('POST', '/v1/third/login', {
      body: await authorize(start.body.data.url, 'Lonely WeChat'),
    });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: '0' });
    expect(res.body.data).toMatchObject({ thirdType: 'wechat', thirdUserName: 'Lonely WeChat', needsPhone: true });
    expect(res.body.data.thirdId).toMatch(/^u/); // the unionid
    const unbind = await shop.call('POST', '/v1/third/unbind', {
      token: res.body.data.token,
      body: { provider: 'wechat' },
    });
    expect(unbind.body.code).toBe('USR00063');
  });
});
