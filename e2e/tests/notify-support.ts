import { type APIRequestContext, expect } from '@playwright/test';
import { staffConsole } from './buying-support.ts';

/** A cash-on-delivery order of the signed-in shopper, shipped from the console: `order.shipped` is told. */
export async function shipAnOrder(
  request: APIRequestContext,
  shopper: { token: string; phone: string },
  waybill: string,
) {
  const { token, phone } = shopper;
  const item = await (await request.get('/v1/newcategory/queryproductitem?page=1&size=30')).json();
  const sku = item.data.list.find((c: { flags: { outOfStock: boolean } }) => !c.flags.outOfStock).productItemId;
  const address = await (
    await request.post(`/v1/address/addaddress?token=${token}`, {
      data: {
        receiver: 'Sok Dara',
        mobile: phone,
        provinceCode: '12',
        cityCode: '1201',
        districtCode: '120101',
        detail: 'House 1, St 2',
      },
    })
  ).json();
  expect(address.code, address.msg).toBe('0');
  const pre = await (
    await request.post(`/v1/preorder/createdirect?token=${token}`, { data: { skuId: String(sku), quantity: 1 } })
  ).json();
  expect(pre.code, pre.msg).toBe('0');
  await request.post(`/v1/preorder/modify?token=${token}`, { data: { preorderId: pre.data.id, payType: 'COD' } });
  const placed = await (
    await request.post(`/v1/preorder/finish?token=${token}`, { data: { preorderId: pre.data.id } })
  ).json();
  expect(placed.code, placed.msg).toBe('0');
  await (await staffConsole(request)).ship(placed.data.orderId ?? placed.data.id, 'J&T Express', waybill);
}
