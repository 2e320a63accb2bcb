// PayWay's Refund API in the PayWay stand-in (payway-standin.ts), written from PayWay's developer
// reference ("Refund API", developer.payway.com.kh; as reproduced in github.com/Joselay/aba-payway-docs
// 06-refund.md):
// - POST /api/merchant-portal/merchant-access/online-transaction/refund, JSON { request_time,
//   merchant_id, merchant_auth, hash }: merchant_auth = base64 of the JSON { mc_id, tran_id,
//   refund_amount } encrypted with the merchant's RSA public key (PKCS#1 v1.5) in chunks of 117
//   bytes, concatenated; hash = base64(HMAC-SHA512(api_key, request_time merchant_id merchant_auth)).
// - Full or partial refunds, several partial ones until the total paid is refunded; only COMPLETED
//   (approved) transactions; the transaction's status becomes REFUNDED after either.
// - Answer: { grand_total, total_refunded, currency, transaction_status: 'REFUNDED', status: { code:
//   '00', message } }; codes PTL02 invalid hash, PTL05 parameter invalid format, PTL06 request_time,
//   PTL37 refund amount cannot exceed the original purchase amount, PTL57 unable to refund, PTL58 fail
//   to refund, PTL62 invalid merchant information, PTL168 concurrent requests, PTL181 balance not
//   enough, PTL186 invalid amount format.
// - check-transaction-2 then answers refund_amount (the total refunded) and payment_status REFUNDED.
// What the next refund meets can be injected: no answer (nothing done), the refund made but its
// answer lost (a time-out after PayWay acted), an HTTP error, or one of PayWay's codes.
import { constants, createHmac, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import type http from 'node:http';
import type { PaywayStandin } from './payway-standin.ts';

export const PAYWAY_REFUND_PATH = '/api/merchant-portal/merchant-access/online-transaction/refund';

export type PaywayRefundTrouble =
  | { hang: true }
  | { lose: true }
  | { status: number }
  | { code: string; message: string };

/** One refund PayWay made: its own record (what tests assert, not only the shop's status). */
export type PaywayRefundRecord = { tranId: string; amount: number; at: string };

export class PaywayRefundDesk {
  private readonly payway: PaywayStandin;
  private readonly privateKey;
  /** The RSA public key PayWay issues the merchant for refunds (PEM). */
  readonly rsaPublicKey: string;
  readonly made: PaywayRefundRecord[] = [];
  readonly next: PaywayRefundTrouble[] = [];
  /** Every refund call received (for "sent once, then looked up"). */
  calls = 0;

  constructor(payway: PaywayStandin) {
    this.payway = payway;
    const pair = generateKeyPairSync('rsa', { modulusLength: 1024 });
    this.privateKey = pair.privateKey;
    this.rsaPublicKey = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  }

  /** What PayWay refunded of a transaction so far. */
  refundedOf(tranId: string): number {
    return Math.round(this.made.filter((r) => r.tranId === tranId).reduce((sum, r) => sum + r.amount * 100, 0)) / 100;
  }

  /** merchant_auth back to its JSON: each 128-byte block decrypted, PKCS#1 v1.5 padding removed. */
  private open(merchantAuth: string): Record<string, unknown> | null {
    try {
      const data = Buffer.from(merchantAuth, 'base64');
      if (data.length === 0 || data.length % 128 !== 0) return null;
      const parts: Buffer[] = [];
      for (let at = 0; at < data.length; at += 128) {
        const block = privateDecrypt(
          { key: this.privateKey, padding: constants.RSA_NO_PADDING },
          data.subarray(at, at + 128),
        );
        if (block[0] !== 0 || block[1] !== 2) return null;
        const end = block.indexOf(0, 2);
        if (end < 10) return null;
        parts.push(block.subarray(end + 1));
      }
      return JSON.parse(Buffer.concat(parts).toString('utf8'));
    } catch {
      return null;
    }
  }

  serve(b: Record<string, unknown>, res: http.ServerResponse, hold: (res: http.ServerResponse) => void) {
    this.calls++;
    const send = (value: unknown, status = 200) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    const fail = (code: string, message: string) => send({ status: { code, message } });
    const trouble = this.next.shift();
    if (trouble && 'hang' in trouble) return hold(res);
    if (trouble && 'status' in trouble) return send({ message: 'Server Error' }, trouble.status);
    if (trouble && 'code' in trouble) return fail(trouble.code, trouble.message);
    const s = (k: string) => (typeof b[k] === 'string' ? (b[k] as string) : '');
    if (s('merchant_id') !== this.payway.merchantId) return fail('PTL62', 'Invalid merchant information');
    if (!/^\d{14}$/.test(s('request_time')))
      return fail('PTL06', 'The request_time value is missing or incorrectly formatted');
    const expected = createHmac('sha512', this.payway.apiKey)
      .update(s('request_time') + s('merchant_id') + s('merchant_auth'))
      .digest('base64');
    if (s('hash') !== expected) return fail('PTL02', 'Invalid hash');
    const auth = this.open(s('merchant_auth'));
    if (!auth) return fail('PTL05', 'Parameter invalid format');
    if (auth.mc_id !== this.payway.merchantId) return fail('PTL62', 'Invalid merchant information');
    const amountText = String(auth.refund_amount ?? '');
    if (!/^\d+(\.\d{1,2})?$/.test(amountText) || Number(amountText) <= 0)
      return fail('PTL186', 'Invalid amount format');
    const t = this.payway.transactions.get(String(auth.tran_id ?? ''));
    const refunded = t ? this.refundedOf(t.tranId) : 0;
    // Only a completed payment, and only until all of it went back.
    if (!t || !(t.status === 'APPROVED' || (t.status === 'REFUNDED' && refunded < t.amount)))
      return fail('PTL57', 'Unable to refund');
    const amount = Number(amountText);
    if (Math.round((refunded + amount) * 100) > Math.round(t.amount * 100))
      return fail('PTL37', 'Refund amount cannot exceed the original purchase amount');
    this.made.push({ tranId: t.tranId, amount, at: new Date().toISOString() });
    t.status = 'REFUNDED';
    t.refunded = this.refundedOf(t.tranId);
    if (trouble && 'lose' in trouble) return hold(res);
    return send({
      grand_total: t.amount,
      total_refunded: t.refunded,
      currency: t.currency,
      transaction_status: 'REFUNDED',
      status: { code: '00', message: 'Success!' },
    });
  }
}
