import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { quietShopper } from '../../../test/shoppers.ts';
import { photo, upload } from '../../../test/uploads.ts';
import { queryRows } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';

const PIN = '135790';
let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop({ trustProxy: true });
});
afterAll(() => shop.close());

const personal = (over: Record<string, unknown> = {}) => ({
  firstName: 'Sokha',
  lastName: 'Chan',
  passportId: 'N1234567',
  certificateValidity: '2031-05-01',
  email: 'sokha@example.com',
  gender: 'female',
  birthday: '14/02/1995',
  birthplace: 'Phnom Penh',
  nationality: 'KH',
  countryCode: '+855',
  phone: '012345678',
  ...over,
});
let address = 0;
const headers = () => ({ 'x-forwarded-for': `10.21.${Math.floor(address / 200)}.${(address++ % 200) + 1}` });
const post = (path: string, token: string, body: unknown, language = 'en-US') =>
  shop.call('POST', path, { token, body, language, headers: headers() });

async function code(token: string, phone = '012345678') {
  const sent = await post('/v1/customer/sendsms', token, { countryCode: '+855', phone, type: 'card' });
  expect(sent.body.code).toBe('0');
  return sent.body.data.devCode as string;
}

/** Steps 1 to 3 through the calls, with real pictures; answers the draft. */
async function fillTo4(token: string, over: Record<string, unknown> = {}, withCode = true) {
  const one = await post('/v1/bongloy/step1', token, {
    ...personal(over),
    ...(withCode ? { verifycode: await code(token, String(over.phone ?? '012345678')) } : {}),
  });
  expect(one.body.code, one.body.msg).toBe('0');
  const id = one.body.data.id as string;
  const pic = async () => (await upload(shop, '/v1/upload/pictureofclient', token, await photo(480, 320))).body.data.id;
  const two = await post('/v1/bongloy/step2', token, {
    id,
    passportInfo: await pic(),
    holding: await pic(),
    selfie: await pic(),
  });
  expect(two.body.code, two.body.msg).toBe('0');
  const sign = (await upload(shop, '/v1/upload/tmp', token, await photo(600, 200, '#000000'))).body.data.id;
  const three = await post('/v1/bongloy/step3', token, { id, signature: sign, agree: true });
  expect(three.body.code, three.body.msg).toBe('0');
  return three.body.data;
}

describe('step 1', () => {
  it('refuses each field with its own message in the shopper’s language', async () => {
    const me = await quietShopper(shop);
    const cases: [Record<string, unknown>, string][] = [
      [{ firstName: 'សុខា' }, 'BLG00001'],
      [{ lastName: 'Chan2' }, 'BLG00017'],
      [{ passportId: 'AB-12' }, 'BLG00002'],
      [{ certificateValidity: '2020-01-01' }, 'BLG00003'],
      [{ certificateValidity: '2031-02-30' }, 'BLG00003'],
      [{ email: 'sokha@' }, 'BLG00004'],
      [{ birthday: '1995-02-14' }, 'BLG00005'],
      [{ birthday: '30/02/1995' }, 'BLG00005'],
      [{ birthday: `01/01/${new Date().getUTCFullYear() - 10}` }, 'BLG00006'],
      [{ birthplace: '  ' }, 'BLG00007'],
      [{}, 'BLG00008'],
    ];
    for (const [over, expected] of cases) {
      const answer = await post('/v1/bongloy/step1', me.token, personal(over), 'kh');
      expect(answer.body.code, JSON.stringify(over)).toBe(expected);
      expect(answer.body.msg).toMatch(/[\u1780-\u17FF]/);
    }
    const badCode = await post('/v1/bongloy/step1', me.token, { ...personal(), verifycode: '0000' });
    expect(badCode.body.code).toMatch(/^USR000/);
    const schema = await post('/v1/bongloy/step1', me.token, { ...personal(), gender: 'x' });
    // The account's own phone was proven at sign-in: no second code.
    const own = (await shop.services.accounts.getUser(me.userId))?.phone as string;
    const mine = await post('/v1/bongloy/step1', me.token, personal({ phone: `0${own.slice(4)}` }));
    expect(mine.body.data).toMatchObject({ phoneVerified: true, step: 2 });
    expect(schema.status).toBe(400);
  });
});

describe('step 1 and the slide puzzle', () => {
  it('sends the card code only after the puzzle once the phone had two codes today, as login does', async () => {
    const me = await quietShopper(shop);
    const phone = '012777031';
    const ip = { 'x-forwarded-for': '10.31.0.7' };
    const send = (type: string, imageToken?: string) =>
      shop.call('POST', '/v1/customer/sendsms', {
        token: type === 'card' ? me.token : undefined,
        body: { countryCode: '+855', phone, type, ...(imageToken ? { imageToken } : {}) },
        headers: ip,
      });
    for (const type of ['login', 'register']) expect((await send(type)).body.code).toBe('0');
    const refused = await send('card');
    expect(refused.body.code).toBe('USR00016');
    // Nothing went out: step 1 has no code to take.
    expect((await post('/v1/bongloy/step1', me.token, personal({ phone, verifycode: '1234' }))).body.code).toMatch(
      /^USR000/,
    );
    // The puzzle solved over HTTP from the same address: its pass sends the code, once.
    const puzzle = await shop.call('GET', '/v1/sms/getImageCode', { headers: ip });
    const [{ x }] = await queryRows<{ x: number }>(
      shop.db,
      sql`SELECT x FROM puzzles WHERE id = ${puzzle.body.data.id}`,
    );
    const pass = await shop.call('GET', '/v1/sms/verifyImageCode', {
      query: { id: puzzle.body.data.id, x: String(x + 2) },
      headers: ip,
    });
    expect(pass.body.code).toBe('0');
    const sent = await send('card', pass.body.data.imageToken);
    expect(sent.body.code, sent.body.msg).toBe('0');
    expect((await send('card', pass.body.data.imageToken)).body.code).toBe('USR00017');
    const one = await post('/v1/bongloy/step1', me.token, personal({ phone, verifycode: sent.body.data.devCode }));
    expect(one.body.data).toMatchObject({ phoneVerified: true, step: 2 });
  });
});

describe('the application', () => {
  it('is kept as a draft and resumed at its step, then paid by wallet and under review', async () => {
    const me = await quietShopper(shop, { payPassword: PIN, cashCents: 5_000 });
    const one = await post('/v1/bongloy/step1', me.token, { ...personal(), verifycode: await code(me.token) });
    expect(one.body.data).toMatchObject({ state: 'DRAFT', step: 2, phoneVerified: true, needsVisa: false });
    const page = await shop.call('GET', '/v1/bongloy/page', { token: me.token });
    expect(page.body.data).toMatchObject({ limit: 2, used: 0, draft: { id: one.body.data.id, step: 2 } });
    // Step 3 before step 2 is refused.
    const early = await post('/v1/bongloy/step3', me.token, {
      id: one.body.data.id,
      signature: one.body.data.id,
      agree: true,
    });
    expect(early.body.code).toBe('BLG00015');

    const draft = await fillTo4(me.token, { id: one.body.data.id }, false);
    expect(draft).toMatchObject({ id: one.body.data.id, step: 4, termsAccepted: true });
    expect(draft.documents.passportInfo.url).toMatch(/^\/v1\/upload\/file\?/);
    const four = await post('/v1/bongloy/step4', me.token, {
      id: draft.id,
      cardCount: 2,
      delivery: 'express',
      shipping: { name: 'Sokha Chan', mobile: '012345678', zipCode: '120101', address: 'St 271, Phnom Penh' },
    });
    expect(four.body.data).toMatchObject({
      state: 'WP',
      step: 5,
      cardFeeCents: 1000,
      shippingFeeCents: 200,
      totalCents: 1200,
    });
    const cashier = await shop.call('GET', '/v1/h5/new/cashier/refresh', {
      token: me.token,
      query: { orderId: draft.id, kind: 'bongloy' },
    });
    expect(cashier.body.code).toBe('0');
    const paid = await post('/v1/order/pay', me.token, {
      orderId: draft.id,
      kind: 'bongloy',
      channel: 'wallet',
      payPassword: PIN,
    });
    expect(paid.body.code, paid.body.msg).toBe('0');
    const after = await shop.call('GET', '/v1/bongloy/application', { token: me.token, query: { id: draft.id } });
    expect(after.body.data).toMatchObject({ state: 'REVIEW' });
    expect((await shop.services.wallet.balances(me.userId)).cashCents).toBe(3_800);
    const again = await post('/v1/bongloy/step1', me.token, { ...personal(), id: draft.id });
    expect(again.body.code).toBe('BLG00014');
  });

  it('asks the visa page of a foreigner, and every picture', async () => {
    const me = await quietShopper(shop);
    const one = await post('/v1/bongloy/step1', me.token, {
      ...personal({ nationality: 'FR', phone: '012345679' }),
      verifycode: await code(me.token, '012345679'),
    });
    expect(one.body.data.needsVisa).toBe(true);
    const pic = async () =>
      (await upload(shop, '/v1/upload/pictureofclient', me.token, await photo(480, 320))).body.data.id;
    const two = await post(
      '/v1/bongloy/step2',
      me.token,
      { id: one.body.data.id, passportInfo: await pic(), holding: await pic(), selfie: await pic() },
      'chs',
    );
    expect(two.body.code).toBe('BLG00009');
    const missing = await post('/v1/bongloy/step2', me.token, {
      id: one.body.data.id,
      passportInfo: await pic(),
      holding: await pic(),
    });
    expect(missing.status).toBe(400);
  });

  it('never lets a shopper use or read another shopper’s pictures or application', async () => {
    const me = await quietShopper(shop);
    const other = await quietShopper(shop);
    const mine = await fillTo4(me.token, { phone: '012345670' });
    const theirs = await post('/v1/bongloy/step1', other.token, {
      ...personal({ phone: '012345671' }),
      verifycode: await code(other.token, '012345671'),
    });
    const stolen = mine.documents.passportInfo.id;
    const steal = await post('/v1/bongloy/step2', other.token, {
      id: theirs.body.data.id,
      passportInfo: stolen,
      holding: stolen,
      selfie: stolen,
    });
    expect(steal.body.code).toBe('UPL00005');
    const read = await shop.call('GET', '/v1/bongloy/application', { token: other.token, query: { id: mine.id } });
    expect(read.body.code).toBe('BLG00013');
    const anonymous = await shop.call('GET', '/v1/bongloy/application', { query: { id: mine.id } });
    expect(anonymous.body.code).toBe('USR00001');
    const link = await shop.call('GET', '/v1/upload/link', { token: other.token, query: { id: stolen } });
    expect(link.body.code).toBe('UPL00005');
    const edit = await post('/v1/bongloy/step4', other.token, { id: mine.id, cardCount: 1, delivery: 'pickup' });
    expect(edit.body.code).toBe('BLG00013');
  });

  it('goes back to a draft at step 4 when not paid in time, and its cards stop counting', async () => {
    const me = await quietShopper(shop);
    const draft = await fillTo4(me.token, { phone: '012345672' });
    await post('/v1/bongloy/step4', me.token, { id: draft.id, cardCount: 2, delivery: 'pickup' });
    expect(await shop.services.bongloy.usedCards(me.userId)).toBe(2);
    await shop.services.bongloy.expireUnpaid(new Date(Date.now() + 31 * 60_000));
    const page = await shop.call('GET', '/v1/bongloy/page', { token: me.token });
    expect(page.body.data).toMatchObject({ used: 0, draft: { id: draft.id, state: 'DRAFT', step: 4 } });
  });
});

describe('the per-person limit', () => {
  it('holds over all of a shopper’s applications under 50 orders at once', async () => {
    await shop.services.system.setSetting('cardPerPersonLimit', 3);
    const me = await quietShopper(shop);
    const first = await fillTo4(me.token, { phone: '012345673' });
    const drafts = [first];
    // Later applications reuse the phone proven once.
    for (let i = 1; i < 50; i++) drafts.push(await fillTo4(me.token, { phone: '012345673' }, false));
    const answers = await Promise.all(
      drafts.map((d) => post('/v1/bongloy/step4', me.token, { id: d.id, cardCount: 1, delivery: 'pickup' })),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === '0')).toHaveLength(3);
    expect(codes.filter((c) => c === 'BLG00011')).toHaveLength(47);
    expect(await shop.services.bongloy.usedCards(me.userId)).toBe(3);
    const over = answers.find((a) => a.body.code === 'BLG00011');
    expect(over?.body.msg).toBe('At most 3 cards per person: you can order 0 more');
    await shop.services.system.setSetting('cardPerPersonLimit', 2);
  }, 240_000);
});
