import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paidApplication } from '../../../test/bongloy.ts';
import { startTestShop, type TestShop } from '../../../test/harness.ts';
import { SimulatedCardIssuer } from '../../integrations/card-issuer/issuer.ts';

let shop: TestShop;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  shop = await startTestShop();
  const issuer = shop.services.cardIssuer;
  if (!(issuer instanceof SimulatedCardIssuer)) throw new Error('the tests speak to the simulator');
  issuer.delayMs = 0;
  const owner = await shop.services.staff.createOwner('owner', 'Angkor2026pass');
  for (const role of ['cardReview', 'finance'] as const) {
    const m = await shop.services.staff.create(
      { login: `${role}.one`, displayName: role, password: 'Angkor2026pass', roles: [role] },
      { staffId: owner.id, login: 'owner' },
    );
    tokens[role] = (await shop.ctx.sessions.create('staff', m.id)).token;
  }
});
afterAll(() => shop.close());

const staff = (method: 'GET' | 'POST', path: string, input: Record<string, string>, role = 'cardReview') =>
  shop.call(method, `/admin-api/v1/bongloy/${path}`, {
    token: tokens[role],
    ...(method === 'GET' ? { query: input } : { body: input }),
  });
const cash = async (userId: string) => (await shop.services.wallet.balances(userId)).cashCents;

describe('card review', () => {
  it('shows the queue and one application with its documents to reviewers only, audited', async () => {
    const app = await paidApplication(shop);
    const queue = await staff('GET', 'applications', { state: 'REVIEW' });
    expect(queue.body.data.list.map((r: { id: string }) => r.id)).toContain(app.applicationId);
    expect((await staff('GET', 'applications', {}, 'finance')).body.code).toBe('STF00003');
    expect((await staff('GET', 'application', { id: app.applicationId }, 'finance')).body.code).toBe('STF00003');
    const seen = await staff('GET', 'application', { id: app.applicationId });
    expect(seen.body.data).toMatchObject({ state: 'REVIEW', personal: { firstName: 'Dara' }, cards: [] });
    const file = await shop.app.inject({ method: 'GET', url: seen.body.data.documents.passportInfo.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    const audit = await shop.services.staff.auditList({
      page: 1,
      size: 10,
      targetType: 'bongloy-application',
      targetId: app.applicationId,
    });
    expect(audit.list.map((a) => a.action)).toEqual(['bongloy.view-documents']);
  });

  it('approves: the issuer issues the cards (masked number, expiry) and the shopper is told', async () => {
    const app = await paidApplication(shop, 2);
    const [first, again] = await Promise.all([
      staff('POST', 'approve', { id: app.applicationId }),
      staff('POST', 'approve', { id: app.applicationId }),
    ]);
    expect(first.body.code, first.body.msg).toBe('0');
    expect(again.body.code, again.body.msg).toBe('0');
    expect(first.body.data.state).toBe('APPROVED');
    expect(first.body.data.cards).toHaveLength(2);
    for (const card of first.body.data.cards) {
      expect(card.maskedNumber).toMatch(/^•••• •••• •••• \d{4}$/);
      expect(card.expiry).toMatch(/^\d{2}\/\d{2}$/);
      expect(card.state).toBe('ISSUED');
    }
    expect((await shop.services.bongloy.review.cardsOf(app.applicationId)).length).toBe(2);
    const notices = await shop.call('GET', '/v1/notify/list', { token: app.token, query: { page: '1', size: '10' } });
    expect(JSON.stringify(notices.body)).toContain('Your card is issued');
    const refuse = await staff('POST', 'refuse', { id: app.applicationId, reason: 'late' });
    expect(refuse.body.code).toBe('BLG00018');
  });

  it('refuses with a reason: the fee comes back exactly once under repeated clicks, with one notice', async () => {
    const app = await paidApplication(shop, 1, 3_000);
    expect(await cash(app.userId)).toBe(3_000 - app.totalCents);
    expect((await staff('POST', 'refuse', { id: app.applicationId, reason: '  ' }, 'cardReview')).body.code).toBe(
      'BLG00019',
    );
    const clicks = await Promise.all(
      Array.from({ length: 8 }, () =>
        staff('POST', 'refuse', { id: app.applicationId, reason: 'The ID photo is blurred' }),
      ),
    );
    expect(clicks.map((c) => c.body.code)).toEqual(Array(8).fill('0'));
    expect(await cash(app.userId)).toBe(3_000);
    expect((await staff('POST', 'refuse', { id: app.applicationId, reason: 'again' })).body.data.refusal).toBe(
      'The ID photo is blurred',
    );
    expect(await cash(app.userId)).toBe(3_000);
    const mine = await shop.call('GET', '/v1/bongloy/application', {
      token: app.token,
      query: { id: app.applicationId },
    });
    expect(mine.body.data).toMatchObject({ state: 'REFUSED', refusal: 'The ID photo is blurred' });
    const notices = await shop.call('GET', '/v1/notify/list', { token: app.token, query: { page: '1', size: '20' } });
    expect(JSON.stringify(notices.body).match(/The ID photo is blurred/g)).toHaveLength(1);
    const audit = await shop.services.staff.auditList({ page: 1, size: 20, action: 'bongloy.refuse' });
    const refused = audit.list.filter((a) => String(a.targetId) === app.applicationId);
    expect(refused.filter((a) => (a.after as { refunded: boolean }).refunded)).toHaveLength(1);
    expect((await staff('POST', 'approve', { id: app.applicationId })).body.code).toBe('BLG00018');
  });

  it('deletes the documents of a decided application once the retention period is over', async () => {
    const app = await paidApplication(shop);
    await staff('POST', 'refuse', { id: app.applicationId, reason: 'Document expired' });
    const before = await staff('GET', 'application', { id: app.applicationId });
    const ids = [
      ...Object.values(before.body.data.documents as Record<string, { id: string } | null>),
      before.body.data.signature,
    ]
      .filter((d): d is { id: string } => Boolean(d))
      .map((d) => d.id);
    expect(ids).toHaveLength(4);
    expect(await shop.services.bongloy.review.releaseOldDocuments(365)).toBe(0);
    const later = new Date(Date.now() + 366 * 86_400_000);
    expect(await shop.services.bongloy.review.releaseOldDocuments(365, later)).toBeGreaterThanOrEqual(1);
    await shop.services.uploads.sweep();
    expect(await shop.services.uploads.many(ids)).toEqual([]);
    for (const id of ids) expect(await shop.ctx.storage.list(`uploads/pictureofclient/${id}`)).toEqual([]);
    const after = await staff('GET', 'application', { id: app.applicationId });
    expect(after.body.data).toMatchObject({ state: 'REFUSED', refusal: 'Document expired', signature: null });
    expect(await shop.services.bongloy.review.releaseOldDocuments(365, later)).toBe(0);
  });
});
