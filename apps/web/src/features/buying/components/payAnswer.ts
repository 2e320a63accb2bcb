import { bridgePayFail, bridgePaySuccess, type CallData, type payOrder } from '@shop/contracts';
import { api } from '../../../shared/api/index.ts';
import { bridge } from '../../../shared/bridge/bridge.ts';

type PayAnswer = CallData<typeof payOrder>;

type BridgeResult = {
  status_code: string | number;
  order_id: string;
  partner_ref_number: string;
  transaction_id?: string;
  sign: string;
};

/**
 * Where the browser goes with an answer of `v1/order/pay` (the cashier and "pay again" of the
 * result page): settled at once (to `paidPath`: an order's result page, a top-up's record), a form
 * to post (PayWay), a bank's page, the wallet app. A KHQR answer is the caller's to draw (`onKhqr`).
 */
export async function followPayAnswer(
  result: PayAnswer,
  paidPath: string,
  go: (to: string) => void,
  onKhqr: (payload: string, answer: PayAnswer) => void,
  notInHost: () => void,
): Promise<void> {
  if (result.status === 'SUCCEEDED') return go(paidPath);
  if (result.form) {
    const form = document.createElement('form');
    form.method = 'post';
    form.action = result.form.action;
    // The encoding the gateway takes (PayWay refuses anything but multipart/form-data).
    if (result.form.enctype) form.enctype = result.form.enctype;
    for (const [name, value] of Object.entries(result.form.fields)) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      form.appendChild(input);
    }
    document.body.appendChild(form);
    return form.submit();
  }
  if (result.khqr) return onKhqr(result.khqr, result);
  if (result.bridge) {
    const host = bridge();
    if (!host.inHost()) return notInHost();
    const answer = await host.request<BridgeResult>('wallet.pay', result.bridge, 120_000);
    const query = {
      statusCode: String(answer.status_code),
      orderId: answer.order_id,
      partnerRefNumber: answer.partner_ref_number,
      ...(answer.transaction_id ? { transactionId: answer.transaction_id } : {}),
      sign: answer.sign,
    };
    const succeeded = String(answer.status_code) === '200';
    await api.call(succeeded ? bridgePaySuccess : bridgePayFail, query);
    // As a bank's return does: the result page says what the wallet app answered until the server settles.
    return go(`${paidPath}${paidPath.includes('?') ? '&' : '?'}result=${succeeded ? 'success' : 'fail'}`);
  }
  if (result.redirectUrl) window.location.assign(result.redirectUrl);
}
