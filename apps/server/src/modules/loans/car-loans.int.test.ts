import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { quietShopper } from '../../../test/shoppers.ts';
import { photo, upload } from '../../../test/uploads.ts';
import { lenderSimCarApplications } from '../../integrations/lender/tables.ts';
import { sql } from '../../platform/sql.ts';
import { uploads } from '../uploads/tables.ts';

/** The yingxin car loan over HTTP: drafts, validation, privacy, one submit, the lender's decision. */
let shop: TestShop;
let finance: string;
beforeAll(async () => {
  shop = await startTestShop();
  const owner = await shop.services.staff.createOwner('owner', 'Angkor2026pass');
  const member = await shop.services.staff.create(
    { login: 'finance.one', displayName: 'Finance', password: 'Angkor2026pass', roles: ['finance'] },
    { staffId: owner.id, login: 'owner' },
  );
  finance = (await shop.ctx.sessions.create('staff', member.id)).token;
});
afterAll(() => shop.close());

const year = new Date().getUTCFullYear();
const borrower = (more: Record<string, unknown> = {}) => ({
  fullName: 'Sok Dara',
  nationalId: `CX${Math.floor(Math.random() * 1e9)}`,
  birthDate: '15/06/1990',
  address: 'No. 5, St 271, Tuol Kork, Phnom Penh',
  occupation: 'Driver, Grab, 5 years',
  monthlyIncomeCents: 600_00,
  residenceCountry: 'KH',
  referenceName: 'Sok Chan',
  referencePhone: '012 345 678',
  amountCents: 5_000_00,
  termMonths: 24,
  ...more,
});
let plates = 0;
/** A plate of its own for each car (one car secures one car loan), spelt as shoppers do. */
const freshPlate = () => {
  plates += 1;
  return `${1 + (plates % 9)}${'abcdefghjk'[Math.floor(plates / 9) % 10]}${'lmnprstuvx'[Math.floor(plates / 90) % 10]} ${String(1000 + plates).slice(-4)}`;
};
const car = (more: Record<string, unknown> = {}) => ({
  brand: 'Toyota',
  model: 'Prius',
  year: year - 6,
  plateNumber: freshPlate(),
  colour: 'White',
  mileageKm: 80_000,
  vin: 'jtdkb20u093501234',
  valueCents: 10_000_00,
  registeredToBorrower: true,
  ...more,
});

const post = (token: string, page: string, body: unknown, language = 'en-US') =>
  shop.call('POST', `/v1/yingxin/${page}`, { token, body, language });
const query = async (token: string) => (await shop.call('GET', '/v1/yingxin/query', { token })).body.data;
const picture = async (token: string) =>
  (await upload(shop, '/v1/upload/pictureofclient', token, await photo(640, 480))).body.data.id as string;
const allPictures = async (token: string) => ({
  front: await picture(token),
  rear: await picture(token),
  side: await picture(token),
  dashboard: await picture(token),
  registrationCard: await picture(token),
});
const staff = (method: 'GET' | 'POST', path: string, input: Record<string, unknown>) =>
  shop.call(method, `/admin-api/v1/loans/${path}`, {
    token: finance,
    ...(method === 'GET' ? { query: input as Record<string, string> } : { body: input }),
  });

/** A shopper with pages 1 and 2 saved (the car with its own plate, unless one is named). */
async function withDraft(plateNumber?: string) {
  const me = await quietShopper(shop);
  expect((await post(me.token, 'firstpage', borrower())).body.code).toBe('0');
  const saved = await post(me.token, 'secondpage', car(plateNumber ? { plateNumber } : {}));
  expect(saved.body.code, saved.body.msg).toBe('0');
  return me;
}

describe('drafts', () => {
  it('keeps each page on the server, resumed from another session at its step', async () => {
    const me = await quietShopper(shop);
    expect(await query(me.token)).toMatchObject({ application: null, available: true, refusal: null });
    const first = await post(me.token, 'firstpage', borrower({ fullName: '  Sok   Dara ' }));
    expect(first.body.data).toMatchObject({ state: 'DRAFT', step: 2, car: null });
    expect(first.body.data.borrower).toMatchObject({ fullName: 'Sok Dara', referencePhone: '012345678' });
    // Page 1 again changes the same draft.
    const again = await post(me.token, 'firstpage', borrower({ amountCents: 4_000_00 }));
    expect(again.body.data.id).toBe(first.body.data.id);
    const second = await post(me.token, 'secondpage', car());
    expect(second.body.data).toMatchObject({
      step: 3,
      car: { plateNumber: /^\d[A-Z]{2}-\d{4}$/, vin: 'JTDKB20U093501234' },
    });
    const front = await picture(me.token);
    const third = await post(me.token, 'thirdpage', { pictures: { front }, submit: false });
    expect(third.body.data).toMatchObject({ state: 'DRAFT', step: 3 });
    expect(third.body.data.pictures.front.url).toMatch(/^\/v1\/upload\/file\?/);

    // The browser closed: a new session of the same shopper finds everything.
    const later = (await shop.ctx.sessions.create('shopper', me.userId)).token;
    const resumed = (await query(later)).application;
    expect(resumed).toMatchObject({ id: first.body.data.id, step: 3, borrower: { amountCents: 4_000_00 } });
    expect(resumed.pictures).toMatchObject({ front: { id: front }, rear: null });
    const file = await shop.app.inject({ method: 'GET', url: resumed.pictures.front.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    // The picture is claimed by the application: the uploads sweep keeps it.
    const [row] = await shop.db.select().from(uploads).where(sql`id = ${front}`);
    expect(row.claimedBy).toBe(`car-loan:${first.body.data.id}`);
  });

  it('asks the pages in order', async () => {
    const me = await quietShopper(shop);
    expect((await post(me.token, 'secondpage', car(), 'chs')).body).toMatchObject({
      code: 'CAR00023',
      msg: '请先填写申请的第 1 页',
    });
    await post(me.token, 'firstpage', borrower());
    expect((await post(me.token, 'thirdpage', { pictures: {}, submit: false })).body).toMatchObject({
      code: 'CAR00023',
      msg: 'Please complete page 2 of the application first',
    });
  });

  it('closes a draft left for 30 days and lets its pictures go', async () => {
    const me = await withDraft();
    const front = await picture(me.token);
    await post(me.token, 'thirdpage', { pictures: { front }, submit: false });
    await shop.db.execute(
      sql`UPDATE car_loans SET updated_at = now() - interval '31 days' WHERE user_id = ${me.userId}`,
    );
    expect(await shop.services.loans.cars.closeStale()).toBeGreaterThanOrEqual(1);
    expect((await query(me.token)).application.state).toBe('CANCELLED');
    const [row] = await shop.db.select().from(uploads).where(sql`id = ${front}`);
    expect(row.claimedBy).toBeNull();
    // A new application may start.
    expect((await post(me.token, 'firstpage', borrower())).body.data.state).toBe('DRAFT');
  });
});

describe('validation', () => {
  it('refuses each field with its catalogue message in the caller’s language, naming the field', async () => {
    const me = await quietShopper(shop);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ fullName: ' ' }, 'CAR00001', 'fullName'],
      [{ nationalId: 'AB-1' }, 'CAR00002', 'nationalId'],
      [{ birthDate: '31/02/1990' }, 'LOAN0015', 'birthDate'],
      [{ birthDate: '01/01/1960' }, 'LOAN0001', 'birthDate'],
      [{ address: 'PP' }, 'CAR00003', 'address'],
      [{ residenceCountry: 'TH' }, 'LOAN0003', 'residenceCountry'],
      [{ occupation: '' }, 'CAR00004', 'occupation'],
      [{ monthlyIncomeCents: 199_99 }, 'LOAN0002', 'monthlyIncomeCents'],
      [{ referencePhone: '12345' }, 'CAR00005', 'referencePhone'],
      [{ amountCents: 20_000_01 }, 'CAR00006', 'amountCents'],
      [{ termMonths: 7 }, 'CAR00007', 'termMonths'],
    ];
    for (const [more, code, field] of cases) {
      const answer = await post(me.token, 'firstpage', borrower(more));
      expect(answer.status).toBe(200);
      expect(answer.body, JSON.stringify(more)).toMatchObject({ code, data: { field } });
    }
    const kh = await post(me.token, 'firstpage', borrower({ amountCents: 100_00 }), 'kh');
    expect(kh.body.msg).toBe('ប្រាក់កម្ចីរថយន្តត្រូវនៅចន្លោះ 500.00 ដល់ 20,000.00 ដុល្លារ');
    const chs = await post(me.token, 'firstpage', borrower({ termMonths: 5 }), 'chs');
    expect(chs.body.msg).toBe('请选择 6, 12, 18, 24, 36 个月的期限');
    // Malformed input is the schema's: HTTP 400, never a 500.
    expect((await post(me.token, 'firstpage', { ...borrower(), amountCents: 'lots' })).status).toBe(400);
    expect((await query(me.token)).application).toBeNull();

    await post(me.token, 'firstpage', borrower({ amountCents: 5_000_00 }));
    const carCases: [Record<string, unknown>, string, string][] = [
      [{ brand: '' }, 'CAR00008', 'brand'],
      [{ model: '' }, 'CAR00009', 'model'],
      [{ year: year - 16 }, 'CAR00010', 'year'],
      [{ plateNumber: 'PP-12' }, 'CAR00011', 'plateNumber'],
      [{ colour: '' }, 'CAR00012', 'colour'],
      [{ mileageKm: 1_000_001 }, 'CAR00013', 'mileageKm'],
      [{ vin: 'JTDKB20U09350123O' }, 'CAR00014', 'vin'],
      [{ valueCents: 999_99 }, 'CAR00015', 'valueCents'],
      [{ registeredToBorrower: false }, 'CAR00017', 'registeredToBorrower'],
      [{ valueCents: 7_000_00 }, 'CAR00016', 'valueCents'],
    ];
    for (const [more, code, field] of carCases) {
      const answer = await post(me.token, 'secondpage', car(more));
      expect(answer.body, JSON.stringify(more)).toMatchObject({ code, data: { field } });
    }
    expect((await post(me.token, 'secondpage', car({ valueCents: 7_000_00 }), 'chs')).body.msg).toBe(
      '贷款金额最多为汽车估值的 70%：此车最多 4,900.00 美元',
    );
    expect((await post(me.token, 'secondpage', car({ year: year - 16 }), 'kh')).body.msg).toContain(String(year - 15));
    // Once the car is saved, page 1 cannot ask more than the car allows.
    await post(me.token, 'secondpage', car({ valueCents: 8_000_00 }));
    expect((await post(me.token, 'firstpage', borrower({ amountCents: 6_000_00 }))).body).toMatchObject({
      code: 'CAR00016',
      data: { field: 'amountCents' },
    });

    const missing = await post(me.token, 'thirdpage', { pictures: { front: await picture(me.token) }, submit: true });
    expect(missing.body).toMatchObject({ code: 'CAR00018', msg: expect.stringContaining('4 missing') });
    const pictures = await allPictures(me.token);
    const noConsent = await post(me.token, 'thirdpage', { pictures, submit: true }, 'kh');
    expect(noConsent.body).toMatchObject({ code: 'CAR00019', msg: expect.stringContaining('យល់ព្រម') });
    expect((await query(me.token)).application).toMatchObject({ state: 'DRAFT', step: 4 });
  });
});

describe('privacy', () => {
  it('shows another shopper nothing of the application or its pictures', async () => {
    const owner = await withDraft();
    const pictures = await allPictures(owner.token);
    await post(owner.token, 'thirdpage', { pictures, submit: false });
    const other = await quietShopper(shop);
    expect((await query(other.token)).application).toBeNull();
    // Naming the owner's pictures neither reads nor takes them.
    expect(
      (await shop.call('GET', '/v1/upload/link', { token: other.token, query: { id: pictures.front } })).body.code,
    ).toBe('UPL00005');
    await post(other.token, 'firstpage', borrower());
    await post(other.token, 'secondpage', car());
    const stolen = await post(other.token, 'thirdpage', { pictures: { front: pictures.front }, submit: false });
    expect(stolen.body.code).toBe('UPL00005');
    expect((await query(owner.token)).application.pictures.front.id).toBe(pictures.front);
    // Visitors are asked to log in.
    expect((await shop.call('GET', '/v1/yingxin/query')).status).toBe(400);
  });

  it('refuses a national ID already used by another account (one account per customer)', async () => {
    const first = await quietShopper(shop);
    const id = `CX${Math.floor(Math.random() * 1e9)}`;
    expect((await post(first.token, 'firstpage', borrower({ nationalId: id }))).body.code).toBe('0');
    const second = await quietShopper(shop);
    expect((await post(second.token, 'firstpage', borrower({ nationalId: id.toLowerCase() }))).body.code).toBe(
      'LOAN0004',
    );
  });
});

describe('submitting', () => {
  it('sends the application to the lender once, even when submitted twice at once', async () => {
    const me = await withDraft();
    const pictures = await allPictures(me.token);
    const body = { pictures, submit: true, agree: true };
    const answers = await Promise.all([post(me.token, 'thirdpage', body), post(me.token, 'thirdpage', body)]);
    const codes = answers.map((a) => a.body.code).sort();
    expect(codes).toEqual(['0', 'CAR00022']);
    const sent = answers.find((a) => a.body.code === '0')?.body.data;
    expect(sent).toMatchObject({ state: 'REVIEW', contactService: false });
    expect(Date.parse(sent.reviewBy) - Date.now()).toBeGreaterThan(2.9 * 86_400_000);
    // No change after submitting.
    expect((await post(me.token, 'firstpage', borrower())).body.code).toBe('CAR00020');
    expect((await post(me.token, 'secondpage', car())).body.code).toBe('CAR00022');
    // The lender has it once, with every picture's bytes.
    const rows = await shop.db.select().from(lenderSimCarApplications).where(sql`reference = ${sent.reference}`);
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe('PENDING');
    const received = rows[0].pictures as Record<string, { bytes: number }>;
    expect(Object.keys(received).sort()).toEqual(['dashboard', 'front', 'rear', 'registrationCard', 'side']);
    expect(Object.values(received).every((p) => p.bytes > 1000)).toBe(true);
  });

  it('is decided by the lender’s person in the console, once, and the shopper is told', async () => {
    const me = await withDraft();
    const pictures = await allPictures(me.token);
    const sent = (await post(me.token, 'thirdpage', { pictures, submit: true, agree: true })).body.data;
    const queue = await staff('GET', 'car', { state: 'REVIEW', page: '1', size: '50' });
    expect(queue.body.data.list.map((r: { id: string }) => r.id)).toContain(sent.id);
    const detail = await staff('GET', 'car/detail', { id: sent.id });
    expect(detail.body.data).toMatchObject({ fullName: 'Sok Dara', details: { brand: 'Toyota' } });
    expect(detail.body.data.pictures).toHaveLength(5);
    const file = await shop.app.inject({ method: 'GET', url: detail.body.data.pictures[0].url });
    expect(file.statusCode).toBe(200);
    const audit = await shop.services.staff.auditList({ page: 1, size: 20, action: 'car-loan.view-pictures' });
    expect(audit.list.some((a) => String(a.targetId) === sent.id)).toBe(true);
    // A shopper's token is no staff token.
    expect((await shop.call('GET', '/admin-api/v1/loans/car', { token: me.token })).body.code).toMatch(/^STF0000/);

    const approved = await staff('POST', 'car/decide', { id: sent.id, approve: true, approvedCents: 4_000_00 });
    expect(approved.body.data).toMatchObject({ state: 'APPROVED', approvedCents: 4_000_00 });
    expect((await staff('POST', 'car/decide', { id: sent.id, approve: false })).body.code).toBe('LOAN0017');
    expect((await query(me.token)).application).toMatchObject({ state: 'APPROVED', approvedCents: 4_000_00 });
    const notices = await shop.call('GET', '/v1/notify/list', { token: me.token, query: { page: '1', size: '10' } });
    expect(JSON.stringify(notices.body.data)).toContain('Car loan approved');
    // Decided: a new application may start.
    expect((await post(me.token, 'firstpage', borrower())).body.data.state).toBe('DRAFT');
  });

  it('shows a refusal with the lender’s reason', async () => {
    const me = await withDraft();
    const sent = (
      await post(me.token, 'thirdpage', { pictures: await allPictures(me.token), submit: true, agree: true })
    ).body.data;
    await staff('POST', 'car/decide', { id: sent.id, approve: false, reason: 'The car is registered to a company' });
    expect((await query(me.token)).application).toMatchObject({
      state: 'REFUSED',
      refusal: 'The car is registered to a company',
    });
  });
});

describe('one car, one pledge', () => {
  const submit = async (token: string) =>
    post(token, 'thirdpage', { pictures: await allPictures(token), submit: true, agree: true });

  it('refuses a car whose plate, however spelt, is under review or approved for another application', async () => {
    const first = await withDraft('3CT-4821');
    expect((await submit(first.token)).body.data.state).toBe('REVIEW');
    // Another shopper, the same car spelt otherwise: refused on page 2, naming the field, in their language.
    const other = await quietShopper(shop);
    await post(other.token, 'firstpage', borrower());
    for (const plateNumber of ['3ct 4821', ' 3-CT-4821', '3CT–4821']) {
      const refused = await post(other.token, 'secondpage', car({ plateNumber }), 'kh');
      expect(refused.body, plateNumber).toMatchObject({
        code: 'CAR00024',
        msg: expect.stringContaining('3CT-4821'),
        data: { field: 'plateNumber' },
      });
    }
    expect((await query(other.token)).application).toMatchObject({ state: 'DRAFT', step: 2, car: null });
    // Approved, it stays pledged (the loan is made and repaid at the lender's branch).
    await staff('POST', 'car/decide', {
      id: (await query(first.token)).application.id,
      approve: true,
      approvedCents: 5_000_00,
    });
    expect((await post(other.token, 'secondpage', car({ plateNumber: '3CT4821' }))).body.code).toBe('CAR00024');
    // Another car is fine.
    expect((await post(other.token, 'secondpage', car({ plateNumber: '3CT-4822' }))).body.code).toBe('0');
  });

  it('lets a car refused by the lender be pledged again; two drafts of one car sent at once are one pledge', async () => {
    const refused = await withDraft('4DV 7310');
    const sent = (await submit(refused.token)).body.data;
    await staff('POST', 'car/decide', { id: sent.id, approve: false, reason: 'Mileage does not match' });
    const [a, b] = [await withDraft('4dv-7310'), await withDraft('4DV7310')];
    const answers = await Promise.all([submit(a.token), submit(b.token)]);
    expect(answers.map((r) => r.body.code).sort()).toEqual(['0', 'CAR00024']);
    const [{ n }] = (
      (await shop.db.execute(
        sql`SELECT count(*)::int AS n FROM car_loans WHERE plate_key = '4DV7310' AND state IN ('REVIEW', 'APPROVED')`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(n).toBe(1);
    // The refused one is still a draft the shopper can change (another car).
    const loser = answers[0].body.code === '0' ? b : a;
    expect((await query(loser.token)).application).toMatchObject({ state: 'DRAFT' });
  });
});
