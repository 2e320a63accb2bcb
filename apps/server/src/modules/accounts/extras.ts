import type { Language, LoginResult, UserInfo } from '@shop/contracts';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import {
  authorizeUrl,
  exchangeCode,
  type OAuthProviderConfig,
  type OAuthProviderId,
} from '../../integrations/oauth/client.ts';
import { AppError } from '../../platform/errors.ts';
import { sql } from '../../platform/sql.ts';
import type { FileStore } from '../../platform/storage/index.ts';
import { Avatars } from './avatars.ts';
import { LIMITS, minutesOf } from './limits.ts';
import { parseMobile } from './phone.ts';
import { drawPuzzle, PUZZLE } from './puzzle.ts';
import { randomToken } from './secrets.ts';
import { type AccountsService, checkEmail } from './service.ts';
import { feedback, friendCodeRedemptions, friendCodes, puzzles, thirdAccounts, users } from './tables.ts';

export const LEVEL_NAMES: Record<Language, string[]> = {
  'en-US': ['Member', 'Friend', 'Gold friend', 'Platinum friend'],
  chs: ['普通会员', '好友会员', '黄金好友', '白金好友'],
  kh: ['សមាជិក', 'មិត្តភក្តិ', 'មិត្តភក្តិមាស', 'មិត្តភក្តិប្លាទីន'],
};
const levelName = (language: Language, level: number) =>
  LEVEL_NAMES[language][level] ?? `${LEVEL_NAMES[language][0]} ${level}`;

const FCODE_TEXT: Record<Language, string> = {
  'en-US':
    'A Friend code is given by a shop partner or a friend. Enter it to get a membership level with its benefits. Each code can be used once per account and has an end date.',
  chs: 'Friend code 由商城合作伙伴或好友提供。输入后即可获得相应的会员等级及权益。每个代码每个账号只能使用一次，并有截止日期。',
  kh: 'Friend code ត្រូវបានផ្តល់ដោយដៃគូរបស់ហាង ឬមិត្តភក្តិ។ បញ្ចូលវាដើម្បីទទួលបានកម្រិតសមាជិកភាព និងអត្ថប្រយោជន៍របស់វា។ លេខកូដនីមួយៗអាចប្រើបានតែម្តងក្នុងមួយគណនី ហើយមានកាលបរិច្ឆេទផុតកំណត់។',
};

/** Wrong Friend codes per shopper before a lock (codes are guessable words). */
const FCODE_LOCK = { max: 5, windowMs: 60 * 60_000, lockMs: 30 * 60_000 };
/** From this many wrong codes, the next try needs a solved puzzle. */
const FCODE_PUZZLE_FROM = 2;

/**
 * The rest of accounts: the slide puzzle, profile and settings, avatar, Friend code and third-party
 * logins. Uses the core service for codes, tickets, limits and sessions.
 */
export class AccountExtras {
  private readonly core: AccountsService;
  private readonly avatars: Avatars;
  private readonly providers: OAuthProviderConfig[];

  constructor(core: AccountsService, options: { store: FileStore; dataDir: string; providers: OAuthProviderConfig[] }) {
    this.core = core;
    this.avatars = new Avatars(options.store, options.dataDir);
    this.providers = options.providers;
  }

  private get db() {
    return this.core.db;
  }

  // ---------------------------------------------------------------- slide puzzle

  async newPuzzle(ip: string) {
    const taken = await this.core.limiter.take(`puzzle:ip:${ip}`, {
      max: LIMITS.puzzlePerIpPerHour,
      windowMs: 60 * 60_000,
    });
    if (!taken.ok) throw new AppError('SYS00003');
    const drawn = await drawPuzzle();
    const [row] = await this.db
      .insert(puzzles)
      .values({
        x: drawn.x,
        y: drawn.y,
        ip,
        background: drawn.background.toString('base64'),
        piece: drawn.piece.toString('base64'),
        expiresAt: new Date(Date.now() + PUZZLE.validMinutes * 60_000),
      })
      .returning({ id: puzzles.id });
    return {
      id: row.id,
      width: PUZZLE.width,
      height: PUZZLE.height,
      pieceSize: PUZZLE.piece,
      y: drawn.y,
      validMinutes: PUZZLE.validMinutes,
    };
  }

  async puzzleImage(id: string, part: 'background' | 'piece'): Promise<Buffer> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('USR00017');
    const [row] = await this.db
      .select()
      .from(puzzles)
      .where(and(eq(puzzles.id, id), isNull(puzzles.usedAt), gt(puzzles.expiresAt, sql`now()`)))
      .limit(1);
    if (!row) throw new AppError('USR00017');
    return Buffer.from(part === 'background' ? row.background : row.piece, 'base64');
  }

  /** One try per puzzle: the piece's left edge within the tolerance of the gap → a pass for this address. */
  async verifyPuzzle(id: string, x: number, ip: string): Promise<{ imageToken: string }> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('USR00017');
    const [row] = await this.db
      .update(puzzles)
      .set({ usedAt: sql`now()` })
      .where(and(eq(puzzles.id, id), isNull(puzzles.usedAt), gt(puzzles.expiresAt, sql`now()`)))
      .returning();
    if (!row || row.ip !== ip || Math.abs(row.x - x) > PUZZLE.tolerancePx) throw new AppError('USR00017');
    return { imageToken: await this.core.issueTicket('puzzle', ip, {}, PUZZLE.validMinutes) };
  }

  async puzzleRequired(phone: string, countryCode: string, ip: string): Promise<boolean> {
    return this.core.needsPuzzle(parseMobile(phone, countryCode).e164, ip);
  }

  // ---------------------------------------------------------------- profile

  async setEmail(userId: string, email: string): Promise<{ userEmail: string }> {
    const value = checkEmail(email);
    await this.db.update(users).set({ email: value, updatedAt: sql`now()` }).where(eq(users.id, userId));
    return { userEmail: value };
  }

  async setInfo(
    userId: string,
    input: {
      name?: string;
      idCard?: string;
      referrerPhone?: string;
      city?: string;
      birthday?: string;
      gender?: string;
    },
    language: Language,
  ): Promise<UserInfo> {
    const patch: Partial<typeof users.$inferInsert> = {};
    if (input.name !== undefined) {
      const name = input.name.trim();
      if (name.length > 50) throw new AppError('USR00043', { max: 50 });
      patch.name = name;
    }
    if (input.birthday !== undefined) patch.birthday = input.birthday.trim() ? parseBirthday(input.birthday) : null;
    if (input.gender !== undefined) {
      if (!['', 'male', 'female', 'other'].includes(input.gender)) throw new AppError('USR00044');
      patch.gender = input.gender || null;
    }
    if (input.idCard !== undefined) {
      const id = input.idCard.trim().toUpperCase();
      if (id && !/^[A-Z0-9]{6,20}$/.test(id)) throw new AppError('USR00045');
      patch.idCard = id || null;
    }
    if (input.referrerPhone !== undefined) {
      patch.referrerPhone = input.referrerPhone.trim() ? parseMobile(input.referrerPhone).e164 : null;
    }
    if (input.city !== undefined) patch.city = input.city.trim().slice(0, 100) || null;
    await this.db
      .update(users)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    return this.info(userId, language);
  }

  async info(userId: string, language: Language): Promise<UserInfo> {
    const base = await this.core.info(userId);
    const thirds = await this.db
      .select()
      .from(thirdAccounts)
      .where(eq(thirdAccounts.userId, userId))
      .orderBy(asc(thirdAccounts.id));
    const [last] = await this.db
      .select()
      .from(friendCodeRedemptions)
      .where(eq(friendCodeRedemptions.userId, userId))
      .orderBy(sql`${friendCodeRedemptions.id} DESC`)
      .limit(1);
    void language;
    return {
      ...base,
      friendCode: last?.code ?? '',
      thirdAccounts: thirds.map((t) => ({ provider: t.provider, name: t.name })),
    };
  }

  async advice(userId: string, text: string, contact = ''): Promise<void> {
    const value = text.trim();
    if (!value) throw new AppError('USR00041');
    const taken = await this.core.limiter.take(`advice:${userId}`, { max: 20, windowMs: 24 * 60 * 60_000 });
    if (!taken.ok) throw new AppError('SYS00003');
    await this.db.insert(feedback).values({ userId, text: value, contact: contact.trim() });
  }

  /** Staff: the latest feedback. */
  async feedbackList(page: number, size: number) {
    return this.db
      .select()
      .from(feedback)
      .orderBy(sql`${feedback.id} DESC`)
      .limit(size)
      .offset((page - 1) * size);
  }

  /** Moves the account to a new phone proven by a code sent to it; the old sessions end. */
  async changePhone(userId: string, input: { phone: string; countryCode: string; code: string }): Promise<LoginResult> {
    const row = await this.core.row(userId);
    await this.core.checkPhoneChange(userId);
    const phone = parseMobile(input.phone, input.countryCode);
    if (row.phone === phone.e164) throw new AppError('USR00037');
    await this.core.checkCode(phone.e164, 'phone', input.code);
    const other = await this.core.rowByPhone(phone.e164);
    if (other) throw new AppError('USR00036');
    const [updated] = await this.db
      .update(users)
      .set({ phone: phone.e164, countryCode: phone.countryCode, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning();
    await this.core.sessionsOf().revokeAll('shopper', userId);
    return this.core.startSession(updated, false);
  }

  /**
   * A third-party shopper binds a phone. When the phone already has an account, the third-party
   * logins move to it and the shopper continues as that account (the empty one is removed).
   */
  async bindPhone(userId: string, input: { phone: string; countryCode: string; code: string }): Promise<LoginResult> {
    const row = await this.core.row(userId);
    if (row.phone) throw new AppError('USR00036');
    const phone = parseMobile(input.phone, input.countryCode);
    await this.core.checkCode(phone.e164, 'bind', input.code);
    const owner = await this.core.rowByPhone(phone.e164);
    const result = await this.db.transaction(async (tx) => {
      if (!owner) {
        const [updated] = await tx
          .update(users)
          .set({ phone: phone.e164, countryCode: phone.countryCode, updatedAt: sql`now()` })
          .where(eq(users.id, userId))
          .returning();
        return updated;
      }
      const mine = await tx.select().from(thirdAccounts).where(eq(thirdAccounts.userId, userId));
      for (const t of mine) {
        const clash = await tx
          .select()
          .from(thirdAccounts)
          .where(and(eq(thirdAccounts.userId, owner.id), eq(thirdAccounts.provider, t.provider)));
        if (clash.length) throw new AppError('USR00062');
      }
      await tx.update(thirdAccounts).set({ userId: owner.id }).where(eq(thirdAccounts.userId, userId));
      await tx.delete(users).where(eq(users.id, userId));
      return owner;
    });
    await this.core.sessionsOf().revokeAll('shopper', userId);
    return this.core.startSession(result, false);
  }

  // ---------------------------------------------------------------- avatar (avatars.ts)

  /** Checks the upload is a real image by its content, re-encodes it and keeps it in the file store. */
  async setAvatar(userId: string, upload: Buffer): Promise<{ imageUrl: string }> {
    const file = await this.avatars.put(userId, upload);
    const row = await this.core.row(userId);
    await this.db.update(users).set({ avatarFile: file, updatedAt: sql`now()` }).where(eq(users.id, userId));
    if (row.avatarFile && row.avatarFile !== file) await this.avatars.delete(row.avatarFile);
    return { imageUrl: this.core.imageUrl({ ...row, avatarFile: file }) };
  }

  /** The owner's avatar bytes, or null when none. */
  async avatar(userId: string): Promise<Buffer | null> {
    return this.avatars.get((await this.core.row(userId)).avatarFile);
  }

  /** Avatars of the data folder's old place go into the file store (at start). */
  moveLegacyAvatars(): Promise<number> {
    return this.avatars.moveLegacy();
  }

  // ---------------------------------------------------------------- Friend code

  friendCodeDesc(language: Language) {
    return { text: FCODE_TEXT[language], levels: LEVEL_NAMES[language].map((name, level) => ({ level, name })) };
  }

  async friendCodeStatus(userId: string, language: Language) {
    const row = await this.core.row(userId);
    const redeemed = await this.db
      .select({ r: friendCodeRedemptions, c: friendCodes })
      .from(friendCodeRedemptions)
      .innerJoin(friendCodes, eq(friendCodes.code, friendCodeRedemptions.code))
      .where(eq(friendCodeRedemptions.userId, userId))
      .orderBy(sql`${friendCodeRedemptions.id} DESC`);
    return {
      userLevel: row.level,
      levelName: levelName(language, row.level),
      redeemed: redeemed.map(({ r, c }) => ({
        code: r.code,
        level: r.level,
        note: r.note,
        redeemedAt: r.createdAt.toISOString(),
        expiresAt: c.expiresAt.toISOString(),
      })),
    };
  }

  /** Redeems a Friend code: its level if higher than the shopper's. Wrong codes count, lock out, then need the puzzle. */
  async redeemFriendCode(userId: string, input: { code: string; imageToken?: string }, ip: string, language: Language) {
    const code = input.code.trim().toUpperCase();
    if (!code) throw new AppError('USR00053');
    const key = `fcode:${userId}`;
    const locked = await this.core.limiter.lockedFor(key);
    if (locked) throw new AppError('USR00021', { minutes: minutesOf(locked) });
    if ((await this.core.limiter.count(key, FCODE_LOCK.windowMs)) >= FCODE_PUZZLE_FROM) {
      if (!input.imageToken) throw new AppError('USR00016', {}, { puzzle: true });
      await this.core.useTicket('puzzle', input.imageToken, ip);
    }
    const [found] = await this.db.select().from(friendCodes).where(eq(friendCodes.code, code)).limit(1);
    if (!found) {
      const { lockedMs } = await this.core.limiter.fail(key, FCODE_LOCK);
      if (lockedMs) throw new AppError('USR00021', { minutes: minutesOf(lockedMs) });
      throw new AppError('USR00050');
    }
    if (found.expiresAt.getTime() <= Date.now()) throw new AppError('USR00051');
    const level = await this.db.transaction(async (tx) => {
      const taken = await tx
        .update(friendCodes)
        .set({ uses: sql`${friendCodes.uses} + 1` })
        .where(
          and(
            eq(friendCodes.code, code),
            sql`(${friendCodes.maxUses} IS NULL OR ${friendCodes.uses} < ${friendCodes.maxUses})`,
          ),
        )
        .returning({ level: friendCodes.level });
      if (!taken.length) throw new AppError('USR00052');
      const inserted = await tx
        .insert(friendCodeRedemptions)
        .values({ code, userId, level: found.level })
        .onConflictDoNothing()
        .returning({ id: friendCodeRedemptions.id });
      if (!inserted.length) throw new AppError('USR00052');
      const [user] = await tx
        .update(users)
        .set({ level: sql`GREATEST(${users.level}, ${found.level})`, updatedAt: sql`now()` })
        .where(eq(users.id, userId))
        .returning({ level: users.level });
      return user.level;
    });
    await this.core.limiter.clear(key);
    return { userLevel: level, levelName: levelName(language, level) };
  }

  async setFriendCodeNote(userId: string, code: string, note: string) {
    const done = await this.db
      .update(friendCodeRedemptions)
      .set({ note: note.trim().slice(0, 200) })
      .where(and(eq(friendCodeRedemptions.userId, userId), eq(friendCodeRedemptions.code, code.trim().toUpperCase())))
      .returning({ id: friendCodeRedemptions.id });
    if (!done.length) throw new AppError('USR00050');
  }

  /** Staff and demo data: a Friend code giving `level` until `expiresAt`. */
  async createFriendCode(input: { code: string; level: number; expiresAt: Date; maxUses?: number | null }) {
    await this.db
      .insert(friendCodes)
      .values({
        code: input.code.toUpperCase(),
        level: input.level,
        expiresAt: input.expiresAt,
        maxUses: input.maxUses ?? null,
      })
      .onConflictDoNothing();
  }

  // ---------------------------------------------------------------- third party

  private provider(id: string): OAuthProviderConfig {
    const p = this.providers.find((x) => x.id === id);
    if (!p) throw new AppError('USR00061');
    return p;
  }

  async thirdList(userId: string | null) {
    const bound = userId ? await this.db.select().from(thirdAccounts).where(eq(thirdAccounts.userId, userId)) : [];
    return this.providers.map((p) => {
      const b = bound.find((x) => x.provider === p.id);
      return { provider: p.id, bound: Boolean(b), name: b?.name ?? '' };
    });
  }

  /** The authorization URL to send the browser to; the state ticket remembers mode, user and nonce. */
  async thirdStart(provider: string, mode: 'login' | 'bind', userId: string | null, origin: string) {
    const p = this.provider(provider);
    if (mode === 'bind' && !userId) throw new AppError('USR00001');
    const nonce = randomToken();
    const redirectUri = `${origin}/h5/loginTransition`;
    const state = await this.core.issueTicket('oauth', userId ?? '-', { provider: p.id, mode, nonce, redirectUri }, 10);
    return { url: authorizeUrl(p, { state, nonce, redirectUri }) };
  }

  private async thirdProfile(input: { code: string; state: string }, mode: 'login' | 'bind', userId: string | null) {
    const data = (await this.core.useTicket('oauth', input.state, userId ?? '-')) as {
      provider: OAuthProviderId;
      mode: string;
      nonce: string;
      redirectUri: string;
    };
    if (data.mode !== mode) throw new AppError('USR00060');
    const p = this.provider(data.provider);
    try {
      return {
        provider: p.id,
        profile: await exchangeCode(p, { code: input.code, redirectUri: data.redirectUri, nonce: data.nonce }),
      };
    } catch {
      throw new AppError('USR00060');
    }
  }

  async thirdLogin(input: { code: string; state: string }) {
    const { provider, profile } = await this.thirdProfile(input, 'login', null);
    const [link] = await this.db
      .select()
      .from(thirdAccounts)
      .where(and(eq(thirdAccounts.provider, provider), eq(thirdAccounts.subject, profile.subject)))
      .limit(1);
    let row = link ? await this.core.row(link.userId) : undefined;
    let isNew = false;
    if (!row) {
      row = await this.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({ name: profile.name.slice(0, 50), source: provider })
          .returning();
        await tx
          .insert(thirdAccounts)
          .values({ userId: created.id, provider, subject: profile.subject, name: profile.name, email: profile.email });
        return created;
      });
      isNew = true;
    }
    const result = await this.core.startSession(row, isNew);
    return {
      ...result,
      thirdType: provider,
      thirdId: profile.subject,
      thirdUserName: profile.name,
      needsPhone: !row.phone,
    };
  }

  async thirdBind(userId: string, input: { code: string; state: string }) {
    const { provider, profile } = await this.thirdProfile(input, 'bind', userId);
    const [existing] = await this.db
      .select()
      .from(thirdAccounts)
      .where(and(eq(thirdAccounts.provider, provider), eq(thirdAccounts.subject, profile.subject)))
      .limit(1);
    if (existing && existing.userId !== userId) throw new AppError('USR00062');
    if (!existing) {
      const inserted = await this.db
        .insert(thirdAccounts)
        .values({ userId, provider, subject: profile.subject, name: profile.name, email: profile.email })
        .onConflictDoNothing()
        .returning({ id: thirdAccounts.id });
      if (!inserted.length) throw new AppError('USR00062');
    }
    return this.thirdList(userId);
  }

  async thirdUnbind(userId: string, provider: string) {
    const row = await this.core.row(userId);
    const links = await this.db.select().from(thirdAccounts).where(eq(thirdAccounts.userId, userId));
    if (!row.phone && links.filter((l) => l.provider !== provider).length === 0) throw new AppError('USR00063');
    await this.db
      .delete(thirdAccounts)
      .where(and(eq(thirdAccounts.userId, userId), eq(thirdAccounts.provider, provider)));
    return this.thirdList(userId);
  }
}

/** dd/mm/yyyy, a real date, not in the future, after 1900 → yyyy-mm-dd; else USR00040. */
export function parseBirthday(value: string): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!m) throw new AppError('USR00040');
  const [, dd, mm, yyyy] = m;
  const date = new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd)));
  if (
    date.getUTCFullYear() !== Number(yyyy) ||
    date.getUTCMonth() !== Number(mm) - 1 ||
    date.getUTCDate() !== Number(dd)
  ) {
    throw new AppError('USR00040');
  }
  if (Number(yyyy) < 1900 || date.getTime() > Date.now()) throw new AppError('USR00040');
  return `${yyyy}-${mm}-${dd}`;
}
