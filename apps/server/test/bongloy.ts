import type { TestShop } from './harness.ts';
import { quietShopper } from './shoppers.ts';
import { photo, upload } from './uploads.ts';

const PIN = '135790';

/** Step 1 of a card application (the applicant's details) for the account's own E.164 phone. */
export const step1Of = (ownE164: string) => ({
  firstName: 'Dara',
  lastName: 'Keo',
  passportId: 'N7654321',
  certificateValidity: '2031-05-01',
  email: 'dara@example.com',
  gender: 'male',
  birthday: '01/03/1990',
  birthplace: 'Siem Reap',
  nationality: 'KH',
  countryCode: '+855',
  phone: `0${ownE164.slice(4)}`,
});

/**
 * A shopper with money who applied for `cardCount` cards through the calls (the account's own
 * phone, real pictures, a signature) and paid the fee by wallet: the application is under review.
 */
export async function paidApplication(shop: TestShop, cardCount = 1, cashCents = 5_000) {
  const me = await quietShopper(shop, { payPassword: PIN, cashCents });
  const own = (await shop.services.accounts.getUser(me.userId))?.phone as string;
  const post = async (path: string, body: unknown) => {
    const answer = await shop.call('POST', path, { token: me.token, body });
    if (answer.body.code !== '0') throw new Error(`${path}: ${answer.body.code} ${answer.body.msg}`);
    return answer.body.data;
  };
  const one = await post('/v1/bongloy/step1', step1Of(own));
  const pic = async (path = '/v1/upload/pictureofclient') =>
    (await upload(shop, path, me.token, await photo(480, 320))).body.data.id as string;
  await post('/v1/bongloy/step2', { id: one.id, passportInfo: await pic(), holding: await pic(), selfie: await pic() });
  await post('/v1/bongloy/step3', { id: one.id, signature: await pic('/v1/upload/tmp'), agree: true });
  const order = await post('/v1/bongloy/step4', { id: one.id, cardCount, delivery: 'pickup' });
  await post('/v1/order/pay', { orderId: one.id, kind: 'bongloy', channel: 'wallet', payPassword: PIN });
  return { ...me, applicationId: one.id as string, totalCents: order.totalCents as number, pin: PIN };
}
