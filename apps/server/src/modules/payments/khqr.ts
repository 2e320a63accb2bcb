import { createHash } from 'node:crypto';

/**
 * KHQR (the National Bank of Cambodia's EMVCo merchant-presented QR, Bakong): a dynamic payload a
 * wallet app scans to pay a bill. Layout per the KHQR specification v2: tag 29 for an individual
 * Bakong account, 53 currency (840 USD, 116 KHR), 54 amount (USD in dollars, KHR in whole riel), 62 bill number, 99 creation (00) and
 * expiry (01) times in ms, 63 CRC-16/CCITT-FALSE over everything before it, including "6304".
 * Byte for byte what the NBC's SDK (`bakong-khqr`, `generateIndividual`) makes for the same input
 * (khqr.unit.test.ts compares them), without its HTTP dependencies in the server.
 */
function tlv(tag: string, value: string): string {
  if (value.length > 99) throw new Error(`KHQR tag ${tag} too long`);
  return `${tag}${String(value.length).padStart(2, '0')}${value}`;
}

export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export type KhqrInput = {
  bakongAccountId: string;
  merchantName: string;
  merchantCity: string;
  amountCents: number;
  /**
   * A code in riel (currency 116, issue 47): the whole riel amount it carries (riel.ts
   * `rielFromCents` at the rate locked when the code is made); `amountCents` is then the USD amount
   * the payable asks, not written in the code.
   */
  amountRiel?: number;
  billNumber: string;
  storeLabel?: string;
  createdAt?: Date;
  /** When the code stops being payable (tag 99-01): required of a dynamic KHQR. */
  expiresAt: Date;
};

/** Tag 54 as the SDK writes a USD amount: whole dollars without decimals ("5"), else two ("12.50"). */
export function khqrAmount(amountCents: number): string {
  return amountCents % 100 === 0 ? String(amountCents / 100) : (amountCents / 100).toFixed(2);
}

/** The MD5 (hex) of the whole payload: how Bakong finds the transaction that paid it. */
export function khqrMd5(payload: string): string {
  return createHash('md5').update(payload, 'utf8').digest('hex');
}

/** Tag 54 of a KHR code: whole riel, as the SDK writes it ("16000"). */
export function khqrRielAmount(riel: number): string {
  if (!Number.isSafeInteger(riel) || riel <= 0) throw new RangeError(`not a riel amount: ${riel}`);
  return String(riel);
}

export function khqrPayload(input: KhqrInput): string {
  const inRiel = input.amountRiel !== undefined;
  const amount = inRiel ? khqrRielAmount(input.amountRiel as number) : khqrAmount(input.amountCents);
  const createdAt = input.createdAt ?? new Date();
  let body =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('29', tlv('00', input.bakongAccountId)) +
    tlv('52', '5999') +
    tlv('53', inRiel ? '116' : '840') +
    tlv('54', amount) +
    tlv('58', 'KH') +
    tlv('59', input.merchantName.slice(0, 25)) +
    tlv('60', input.merchantCity.slice(0, 15)) +
    tlv(
      '62',
      tlv('01', input.billNumber.slice(0, 25)) + (input.storeLabel ? tlv('03', input.storeLabel.slice(0, 25)) : ''),
    ) +
    tlv('99', tlv('00', String(createdAt.getTime())) + tlv('01', String(input.expiresAt.getTime())));
  body += '6304';
  return body + crc16(body);
}

/** Reads a payload back into tags (and checks its CRC): used by tests and the sandbox "wallet app". */
export function parseKhqr(payload: string): Record<string, string> {
  if (crc16(payload.slice(0, -4)) !== payload.slice(-4)) throw new Error('KHQR CRC mismatch');
  const out: Record<string, string> = {};
  let i = 0;
  while (i < payload.length) {
    const tag = payload.slice(i, i + 2);
    const len = Number(payload.slice(i + 2, i + 4));
    out[tag] = payload.slice(i + 4, i + 4 + len);
    i += 4 + len;
  }
  return out;
}
