// SMS codes: sending one (limits, resend gap, slide puzzle), checking one, and whether a puzzle is
// due; the one-use tickets of the steps that follow a code; the hourly purge of what has expired.
import type { Language, SmsPurpose } from '@shop/contracts';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { sql } from '../../platform/sql.ts';
import { AccountsPart } from './context.ts';
import { LIMITS, minutesOf, shopDay } from './limits.ts';
import { type Phone, parseMobile } from './phone.ts';
import { numericCode, randomToken, sameText, sha256 } from './secrets.ts';
import { smsCodes, tickets } from './tables.ts';

const SMS_TEXT: Record<Language, (app: string, code: string, minutes: number) => string> = {
  'en-US': (app, code, minutes) =>
    `[${app}] Your verification code is ${code}. It is valid for ${minutes} minutes. Do not share it with anyone.`,
  chs: (app, code, minutes) => `【${app}】您的验证码是 ${code}，${minutes} 分钟内有效，请勿告诉他人。`,
  kh: (app, code, minutes) => `[${app}] លេខកូដផ្ទៀងផ្ទាត់របស់អ្នកគឺ ${code}។ មានសុពលភាព ${minutes} នាទី។ កុំប្រាប់អ្នកដទៃ។`,
};

/** The per-day keys carry the day; their window only has to outlast it. */
const DAY_MS = 36 * 60 * 60_000;

function codeHash(phone: string, purpose: string, code: string) {
  return sha256(`${phone}:${purpose}:${code}`);
}

export type SendCodeInput = {
  phone: string;
  countryCode: string;
  purpose: SmsPurpose;
  ip: string;
  userId: string | null;
  imageToken?: string;
  language: Language;
};

/** SMS codes and tickets of one `AccountsService`. */
export class SmsCodes extends AccountsPart {
  /**
   * Sends a code for `purpose` to a phone: checks the number, the slide-puzzle requirement, the
   * 60 s resend gap and the per-phone and per-address daily limits, all in one transaction.
   */
  async sendCode(input: SendCodeInput): Promise<{
    resendSeconds: number;
    validMinutes: number;
    devCode?: string;
  }> {
    const target = await this.codeTarget(input);
    const { config } = await this.deps.system.getConfig();
    const gapMs = config.smsResendSeconds * 1000;
    const day = shopDay();
    const phoneKey = `sms:phone:${target.e164}:${day}`;
    const ipKey = `sms:ip:${input.ip}:${day}`;
    const dayMs = DAY_MS;

    const [phoneCount, ipCount] = await Promise.all([
      this.limiter.count(phoneKey, DAY_MS),
      this.limiter.count(ipKey, DAY_MS),
    ]);
    if (phoneCount >= LIMITS.sms.perPhonePerDay) throw new AppError('USR00014');
    if (ipCount >= this.deps.config.sms.perIpPerDay) throw new AppError('USR00015');
    if (phoneCount >= LIMITS.sms.puzzleFromPhoneCount || ipCount >= this.deps.config.sms.puzzleFromIp) {
      if (!input.imageToken) throw new AppError('USR00016', {}, { puzzle: true });
      await this.useTicket('puzzle', input.imageToken, input.ip);
    }

    const code = numericCode(LIMITS.sms.codeLength);
    await this.db.transaction(async (tx) => {
      const byIp = await this.limiter.take(
        ipKey,
        { max: this.deps.config.sms.perIpPerDay, windowMs: dayMs },
        tx as unknown as Db,
      );
      if (!byIp.ok) throw new AppError('USR00015');
      // The resend countdown is per phone and step; the daily count is per phone.
      const gapKey = `sms:gap:${target.e164}:${input.purpose}`;
      const byGap = await this.limiter.take(
        gapKey,
        { max: 1_000_000_000, windowMs: dayMs, gapMs },
        tx as unknown as Db,
      );
      if (!byGap.ok)
        throw new AppError('USR00013', {
          seconds: Math.max(1, Math.ceil(byGap.waitMs / 1000)),
        });
      const byPhone = await this.limiter.take(
        phoneKey,
        { max: LIMITS.sms.perPhonePerDay, windowMs: dayMs },
        tx as unknown as Db,
      );
      if (!byPhone.ok) throw new AppError('USR00014');
      // A new code replaces the phone's earlier codes for the same step.
      await tx
        .update(smsCodes)
        .set({ usedAt: sql`now()` })
        .where(and(eq(smsCodes.phone, target.e164), eq(smsCodes.purpose, input.purpose), isNull(smsCodes.usedAt)));
      await tx.insert(smsCodes).values({
        phone: target.e164,
        purpose: input.purpose,
        codeHash: codeHash(target.e164, input.purpose, code),
        expiresAt: new Date(Date.now() + LIMITS.sms.validMinutes * 60_000),
      });
      const text = SMS_TEXT[input.language](config.appName, code, LIMITS.sms.validMinutes);
      // The code is masked in the outbox: staff see that one was sent, never the code.
      await this.deps.sms.send(target.e164, text, input.purpose, tx as unknown as Db, { secret: code });
    });
    return {
      resendSeconds: config.smsResendSeconds,
      validMinutes: LIMITS.sms.validMinutes,
      ...(this.deps.config.production ? {} : { devCode: code }),
    };
  }

  /** Whether the next code for `e164` asked from `ip` needs a solved slide puzzle (sms/secure). */
  async needsPuzzle(e164: string, ip: string): Promise<boolean> {
    const day = shopDay();
    const [phoneCount, ipCount] = await Promise.all([
      this.limiter.count(`sms:phone:${e164}:${day}`, DAY_MS),
      this.limiter.count(`sms:ip:${ip}:${day}`, DAY_MS),
    ]);
    return phoneCount >= LIMITS.sms.puzzleFromPhoneCount || ipCount >= this.deps.config.sms.puzzleFromIp;
  }

  /** The number a code of `purpose` goes to: the signed-in shopper's own for the pay password. */
  private async codeTarget(input: {
    phone: string;
    countryCode: string;
    purpose: SmsPurpose;
    userId: string | null;
  }): Promise<Phone> {
    // The pay password and a loan agreement's e-signature: a code to the account's own phone only.
    if (input.purpose === 'paypwd' || input.purpose === 'loan') {
      if (!input.userId) throw new AppError('USR00001');
      const row = await this.row(input.userId);
      if (!row.phone) throw new AppError('USR00035');
      return parseMobile(row.phone);
    }
    if ((input.purpose === 'phone' || input.purpose === 'bind' || input.purpose === 'card') && !input.userId)
      throw new AppError('USR00001');
    return parseMobile(input.phone, input.countryCode);
  }

  /**
   * Accepts a code once: right purpose, not expired, not used. Wrong codes spend the code after a
   * few tries and lock code checks for the phone after more (counted outside any transaction).
   */
  async checkCode(e164: string, purpose: SmsPurpose, code: string): Promise<void> {
    if (!new RegExp(`^\\d{${LIMITS.sms.codeLength}}$`).test(code)) {
      throw new AppError('USR00011', { length: LIMITS.sms.codeLength });
    }
    const lockKey = `code:${e164}`;
    const locked = await this.limiter.lockedFor(lockKey);
    if (locked) throw new AppError('USR00021', { minutes: minutesOf(locked) });
    const [row] = await this.db
      .select()
      .from(smsCodes)
      .where(
        and(
          eq(smsCodes.phone, e164),
          eq(smsCodes.purpose, purpose),
          isNull(smsCodes.usedAt),
          gt(smsCodes.expiresAt, sql`now()`),
        ),
      )
      .orderBy(desc(smsCodes.id))
      .limit(1);
    if (row && sameText(row.codeHash, codeHash(e164, purpose, code))) {
      const used = await this.db
        .update(smsCodes)
        .set({ usedAt: sql`now()` })
        .where(and(eq(smsCodes.id, row.id), isNull(smsCodes.usedAt)))
        .returning({ id: smsCodes.id });
      if (used.length) {
        await this.limiter.clear(lockKey);
        return;
      }
    } else if (row) {
      await this.db
        .update(smsCodes)
        .set({
          attempts: sql`${smsCodes.attempts} + 1`,
          usedAt: sql`CASE WHEN ${smsCodes.attempts} + 1 >= ${LIMITS.sms.triesPerCode} THEN now() ELSE NULL END`,
        })
        .where(eq(smsCodes.id, row.id));
    }
    const { lockedMs } = await this.limiter.fail(lockKey, LIMITS.codeLock);
    if (lockedMs) throw new AppError('USR00021', { minutes: minutesOf(lockedMs) });
    throw new AppError('USR00012');
  }

  // ---------------------------------------------------------------- tickets

  async issueTicket(
    kind: string,
    subject: string,
    data: Record<string, unknown> = {},
    minutes: number = LIMITS.ticketMinutes,
    db: Db = this.db,
  ) {
    const token = randomToken();
    await db.insert(tickets).values({
      id: sha256(token),
      kind,
      subject,
      data,
      expiresAt: new Date(Date.now() + minutes * 60_000),
    });
    return token;
  }

  /** Spends a ticket of `kind` for `subject`; USR00034 when unknown, expired, used or someone else's. */
  async useTicket(kind: string, token: string, subject?: string): Promise<Record<string, unknown>> {
    const [row] = await this.db
      .update(tickets)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(tickets.id, sha256(token)),
          eq(tickets.kind, kind),
          isNull(tickets.usedAt),
          gt(tickets.expiresAt, sql`now()`),
        ),
      )
      .returning();
    if (!row) throw new AppError(kind === 'puzzle' ? 'USR00017' : 'USR00034');
    if (subject !== undefined && row.subject !== subject)
      throw new AppError(kind === 'puzzle' ? 'USR00017' : 'USR00034');
    return row.data as Record<string, unknown>;
  }

  // ---------------------------------------------------------------- purge

  /**
   * Removes what can no longer be used: puzzles (they carry their images), tickets and codes past
   * their time, counters whose window and lock are long over. Run hourly by `accounts.purge`.
   */
  async purge(): Promise<{ puzzles: number; tickets: number; codes: number; counters: number }> {
    const count = (r: unknown) => (r as { rows: unknown[] }).rows.length;
    const puzzlesGone = await this.db.execute(
      sql`DELETE FROM puzzles WHERE expires_at < now() - interval '1 hour' RETURNING id`,
    );
    const ticketsGone = await this.db.execute(
      sql`DELETE FROM account_tickets WHERE expires_at < now() - interval '1 hour' RETURNING id`,
    );
    const codesGone = await this.db.execute(
      sql`DELETE FROM sms_codes WHERE expires_at < now() - interval '1 day' RETURNING id`,
    );
    const countersGone = await this.db.execute(sql`
      DELETE FROM limit_counters
      WHERE window_start < now() - interval '3 days' AND (locked_until IS NULL OR locked_until < now()) RETURNING key`);
    return {
      puzzles: count(puzzlesGone),
      tickets: count(ticketsGone),
      codes: count(codesGone),
      counters: count(countersGone),
    };
  }
}
