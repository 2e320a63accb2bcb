import { idOf } from '../src/integrations/overseas-source/local.ts';
import type { TestShop } from './harness.ts';
import { quietShopper } from './shoppers.ts';

type Answer = { body: { code: string; msg: string; data: any } };
const ok = (res: Answer) => {
  if (res.body.code !== '0') throw new Error(`${res.body.code}: ${res.body.msg}`);
  return res.body.data;
};

/**
 * A new shopper with a served address buys the local source's taobao product `n` (an item in
 * stock) and pays it from the wallet: the overseas order, paid, and its product id.
 */
export async function paidOverseasOrder(shop: TestShop, n: number, payPassword: string) {
  const me = await quietShopper(shop, { payPassword, cashCents: 200_000 });
  ok(
    await shop.call('POST', '/v1/address/addaddress', {
      token: me.token,
      body: {
        receiver: 'Sok Dara',
        mobile: '012 345 678',
        provinceCode: '12',
        cityCode: '1201',
        districtCode: '120101',
        detail: 'House 12, Street 51',
        zipCode: '120101',
        latitude: 11.5564,
        longitude: 104.9282,
        isDefault: true,
      },
    }),
  );
  const productId = idOf('taobao', n);
  const product = ok(await shop.call('GET', '/v1/haitao/product/detail', { query: { channel: 'taobao', productId } }));
  const sku = product.skus.find((s: { stock: number }) => s.stock >= 1);
  ok(
    await shop.call('POST', '/v1/haitao/shoppingcart/add', {
      token: me.token,
      body: { channel: 'taobao', productId, skuId: sku.skuId, count: 1 },
    }),
  );
  const quote = ok(await shop.call('POST', '/v1/haitao/preorder/create', { token: me.token, body: {} }));
  const order = ok(
    await shop.call('POST', '/v1/haitao/preorder/finish', { token: me.token, body: { preorderId: quote.id } }),
  );
  ok(
    await shop.call('POST', '/v1/haitao/order/pay', {
      token: me.token,
      body: { orderId: order.orderId, channel: 'wallet', payPassword },
    }),
  );
  return { ...me, orderId: order.orderId as string, productId };
}
