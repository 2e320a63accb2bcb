import { createHash, createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { tokenStatus } from './client.ts';
import { bakongSimTransactions } from './tables.ts';

/**
 * The local Bakong (DESIGN §7): a person "scans and pays" a KHQR on its page, as a banking app
 * would, and its `check_transaction_by_md5` then reports the transaction exactly as the Bakong
 * Open API does, so the shop's real client is what talks to it. Outside production only.
 */

export const SIM_BASE = '/bakong-sim';

/** The payer the stand-in's "banking app" pays from. */
export const SIM_PAYER = 'sim_payer@bkrt';

export class SimulatorRefusal extends Error {}

export type DecodedKhqr = {
  md5: string;
  account: string;
  merchantName: string;
  merchantCity: string;
  currency: 'USD' | 'KHR';
  /** As written in tag 54 ("12.50", "3"); null for a static QR. */
  amount: string | null;
  billNumber: string | null;
  expiresAt: Date | null;
};

function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function tags(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  let i = 0;
  while (i < text.length) {
    const tag = text.slice(i, i + 2);
    const len = Number(text.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(tag) || !Number.isInteger(len) || i + 4 + len > text.length) {
      throw new SimulatorRefusal('This is not a KHQR code (its fields do not add up).');
    }
    out[tag] = text.slice(i + 4, i + 4 + len);
    i += 4 + len;
  }
  return out;
}

/** What a banking app reads from a KHQR before paying it; refuses a damaged one. */
export function decodeKhqr(payload: string): DecodedKhqr {
  const text = payload.trim();
  if (text.length < 12 || crc16(text.slice(0, -4)) !== text.slice(-4).toUpperCase()) {
    throw new SimulatorRefusal('This is not a KHQR code (its checksum is wrong).');
  }
  const t = tags(text);
  const account = t['29'] ?? t['30'];
  if (!account) throw new SimulatorRefusal('This KHQR names no Bakong account.');
  const timestamps = t['99'] ? tags(t['99']) : {};
  return {
    md5: createHash('md5').update(text, 'utf8').digest('hex'),
    account: tags(account)['00'] ?? '',
    merchantName: t['59'] ?? '',
    merchantCity: t['60'] ?? '',
    currency: t['53'] === '116' ? 'KHR' : 'USD',
    amount: t['54'] ?? null,
    billNumber: t['62'] ? (tags(t['62'])['01'] ?? null) : null,
    expiresAt: timestamps['01'] ? new Date(Number(timestamps['01'])) : null,
  };
}

/** A token for the stand-in when none is configured outside production (a JWT it can read). */
export function simulatorToken(secret: string, now = Date.now(), days = 365): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const head = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'angkor-mall-local', exp: Math.floor(now / 1000) + days * 86_400 })}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

type Answer = { status: number; body: Record<string, unknown> };

export class BakongSimulator {
  private readonly db: Db;
  /**
   * Tests and demos make it misbehave as a real service does: 5xx answers, slow answers, and
   * `foreign`: the shop calling from outside Cambodia (Bakong's HTTP 403 to every call).
   */
  behaviour = { failNext: 0, delayMs: 0, foreign: false };
  /** The email the stand-in's account was registered with: `renew_token` renews only for it. */
  registeredEmail = 'payments@angkormall.example';
  /** Every token `renew_token` gave (the stand-in's own record). */
  readonly renewed: { email: string; token: string; at: Date }[] = [];
  /** How long a renewed token lasts (Bakong's run about 90 days). */
  renewDays = 90;

  constructor(db: Db) {
    this.db = db;
  }

  /**
   * "Scan and pay": records the transaction Bakong would. `amount` pays another sum than the code
   * asks (a payer who typed it), to show the shop refuses it; a code is paid once.
   */
  async pay(payload: string, options: { amount?: string; now?: Date } = {}) {
    const now = options.now ?? new Date();
    const qr = decodeKhqr(payload);
    if (qr.expiresAt && qr.expiresAt.getTime() < now.getTime()) {
      throw new SimulatorRefusal('This KHQR has expired: ask the shop for a new one.');
    }
    const typed = options.amount?.trim() ? options.amount.trim() : qr.amount;
    if (!typed || !/^\d+(\.\d{1,2})?$/.test(typed) || Number(typed) <= 0) {
      throw new SimulatorRefusal('Enter the amount to pay.');
    }
    const row = {
      md5: qr.md5,
      hash: randomBytes(32).toString('hex'),
      fromAccountId: SIM_PAYER,
      toAccountId: qr.account,
      currency: qr.currency,
      amountHundredths: Math.round(Number(typed) * 100),
      description: qr.billNumber,
      createdDateMs: now.getTime(),
      acknowledgedDateMs: now.getTime() + 1_000,
    };
    const inserted = await this.db.insert(bakongSimTransactions).values(row).onConflictDoNothing().returning();
    if (inserted.length === 0) throw new SimulatorRefusal('This KHQR has already been paid.');
    return { qr, transaction: inserted[0] };
  }

  /**
   * `POST /v1/renew_token { email }`, as the Bakong Open API answers it: a new token for the
   * registered email (`responseCode 0, data.token`), else `responseCode 1` with why.
   */
  async renewToken(body: unknown, secret: string, now = new Date()): Promise<Answer> {
    if (this.behaviour.foreign) return { status: 403, body: { message: 'Forbidden' } };
    const email = (body as { email?: unknown } | null)?.email;
    if (typeof email !== 'string' || email.trim().toLowerCase() !== this.registeredEmail.toLowerCase())
      return {
        status: 200,
        body: { responseCode: 1, responseMessage: 'Email is not registered.', errorCode: null, data: null },
      };
    const token = simulatorToken(`${secret}:${this.renewed.length + 1}`, now.getTime(), this.renewDays);
    this.renewed.push({ email, token, at: now });
    return {
      status: 200,
      body: { responseCode: 0, responseMessage: 'Token has been renewed.', errorCode: null, data: { token } },
    };
  }

  /** `POST /v1/check_transaction_by_md5`, answered as the Bakong Open API does. */
  async checkTransactionByMd5(authorization: string | undefined, body: unknown): Promise<Answer> {
    if (this.behaviour.delayMs > 0) await new Promise((r) => setTimeout(r, this.behaviour.delayMs));
    if (this.behaviour.foreign) return { status: 403, body: { message: 'Forbidden' } };
    if (this.behaviour.failNext > 0) {
      this.behaviour.failNext--;
      return { status: 503, body: { message: 'Service Unavailable' } };
    }
    const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : '';
    if (tokenStatus(token).state !== 'valid') {
      return { status: 401, body: { responseCode: 1, responseMessage: 'Unauthorized', errorCode: 6, data: null } };
    }
    const md5 = (body as { md5?: unknown } | null)?.md5;
    if (typeof md5 !== 'string' || !/^[0-9a-f]{32}$/.test(md5)) {
      return {
        status: 200,
        body: { responseCode: 1, responseMessage: 'Missing required fields.', errorCode: 5, data: null },
      };
    }
    const [found] = await this.db.select().from(bakongSimTransactions).where(eq(bakongSimTransactions.md5, md5));
    if (!found) {
      return {
        status: 200,
        body: {
          responseCode: 1,
          responseMessage: 'Transaction could not be found. Please check and try again.',
          errorCode: 1,
          data: null,
        },
      };
    }
    return {
      status: 200,
      body: {
        responseCode: 0,
        responseMessage: 'Getting transaction successfully.',
        errorCode: null,
        data: {
          hash: found.hash,
          fromAccountId: found.fromAccountId,
          toAccountId: found.toAccountId,
          currency: found.currency,
          amount: found.amountHundredths / 100,
          description: found.description ?? '',
          createdDateMs: found.createdDateMs,
          acknowledgedDateMs: found.acknowledgedDateMs,
          trackingStatus: null,
          receiverBank: null,
          receiverBankAccount: null,
          instructionRef: null,
          externalRef: null,
        },
      },
    };
  }
}
