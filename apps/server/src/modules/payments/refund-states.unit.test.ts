import { constants, createHmac, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PaywayRefunds, paywayMerchantAuth, pemOf } from './refund-parties.ts';
import { canMove, REFUND_MOVES, REFUND_STATES, refundKey, refundRetryDelayMs } from './refund-states.ts';

describe('a refund’s states', () => {
  it('moves only along the table: REFUNDED only from a party’s answer, a transfer or the wallet', () => {
    expect(canMove('REQUESTED', 'SENT')).toBe(true);
    expect(canMove('SENT', 'REFUNDED')).toBe(true);
    expect(canMove('SENT', 'REQUESTED')).toBe(false);
    expect(canMove('FAILED', 'REFUNDED')).toBe(false);
    expect(canMove('FAILED', 'REQUESTED')).toBe(true);
    expect(canMove('AWAITING_TRANSFER', 'REFUNDED')).toBe(true);
    expect(canMove('REFUNDED', 'SENT')).toBe(false);
    expect(canMove('UNKNOWN', 'SENT')).toBe(false);
    for (const state of REFUND_STATES) for (const to of REFUND_MOVES[state]) expect(REFUND_STATES).toContain(to);
  });

  it('one key per payment and amount; retries wait longer, at most an hour', () => {
    expect(refundKey('p1', 390)).toBe('refund:p1:390');
    expect(refundKey('p1', 390)).not.toBe(refundKey('p1', 391));
    expect([1, 2, 3].map(refundRetryDelayMs)).toEqual([30_000, 60_000, 120_000]);
    expect(refundRetryDelayMs(20)).toBe(3_600_000);
  });
});

describe('PayWay’s merchant_auth', () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
  const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();

  /** PayWay's side: each 128-byte block decrypted and its PKCS#1 v1.5 padding removed. */
  function open(auth: string) {
    const data = Buffer.from(auth, 'base64');
    const parts: Buffer[] = [];
    for (let at = 0; at < data.length; at += 128) {
      const block = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, data.subarray(at, at + 128));
      parts.push(block.subarray(block.indexOf(0, 2) + 1));
    }
    return JSON.parse(Buffer.concat(parts).toString('utf8'));
  }

  it('is the JSON { mc_id, tran_id, refund_amount } encrypted with the RSA public key in 117-byte chunks', () => {
    const auth = paywayMerchantAuth(pem, { mcId: 'ec000002', tranId: '00002894', refundAmount: '0.01' });
    expect(Buffer.from(auth, 'base64').length % 128).toBe(0);
    expect(open(auth)).toEqual({ mc_id: 'ec000002', tran_id: '00002894', refund_amount: '0.01' });
    const long = paywayMerchantAuth(pem, { mcId: 'm'.repeat(60), tranId: 't'.repeat(40), refundAmount: '123456.78' });
    expect(Buffer.from(long, 'base64').length).toBe(256);
    expect(open(long).refund_amount).toBe('123456.78');
  });

  it('takes a PEM written on one line with \\n, and the hash signs request_time merchant_id merchant_auth', async () => {
    expect(pemOf(pem.replace(/\n/g, '\\n'))).toBe(pem);
    let sent: Record<string, string> = {};
    const payway = new PaywayRefunds(
      {
        merchantId: 'ec1',
        apiKey: 'key',
        rsaPublicKey: pem.replace(/\n/g, '\\n'),
        url: 'https://x.test/api/payment-gateway/v1/payments/purchase',
      },
      (async (url: string, init: RequestInit) => {
        expect(url).toBe('https://x.test/api/merchant-portal/merchant-access/online-transaction/refund');
        sent = JSON.parse(String(init.body));
        return new Response(JSON.stringify({ status: { code: 'PTL37', message: 'exceeds' } }));
      }) as typeof fetch,
    );
    const answer = await payway.refund({ paymentId: '0123456789abcdef0123456789abcdef', amountCents: 250, key: 'k' });
    expect(answer).toMatchObject({ outcome: 'refused', why: 'more-than-paid' });
    expect(sent.hash).toBe(
      createHmac('sha512', 'key')
        .update(`${sent.request_time}${sent.merchant_id}${sent.merchant_auth}`)
        .digest('base64'),
    );
    expect(open(sent.merchant_auth)).toEqual({ mc_id: 'ec1', tran_id: '0123456789abcdef0123', refund_amount: '2.50' });
  });
});
