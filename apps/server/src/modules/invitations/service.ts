import { randomInt } from 'node:crypto';
import type { Invitation, InvitationState, InviteSummary, Page } from '@shop/contracts';
import { and, desc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { sql } from '../../platform/sql.ts';
import type { NoticeService } from '../notices/public.ts';
import { formatUsd, type WalletService } from '../wallet/public.ts';
import { invitations, inviteCodes } from './tables.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Spec §9: rewards up to 100 USD in all, in gift balance (shopping only, not withdrawable); the
 * friend must act within 30 days; an invite is valid 30 days. The reward per friend is ours.
 */
export const INVITE_RULES = {
  rewardPerFriendCents: 500,
  rewardCapCents: 10_000,
  validDays: 30,
};

/** No 0/O/1/I: codes are read aloud and typed from posters. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

type Row = typeof invitations.$inferSelect;

function mask(id: string): string {
  if (id.length <= 4) return `${id[0] ?? ''}***`;
  return `${id.slice(0, 3)}****${id.slice(-2)}`;
}

export type InvitationDeps = {
  wallet: WalletService;
  notices: NoticeService;
  /** The friend's phone (masked on display) when the accounts module knows it. */
  displayName?: (userId: string) => Promise<string | null>;
};

export class InvitationService {
  private readonly db: Db;
  private readonly deps: InvitationDeps;
  private readonly now: () => Date;

  constructor(db: Db, deps: InvitationDeps, now: () => Date = () => new Date()) {
    this.db = db;
    this.deps = deps;
    this.now = now;
  }

  /** The shopper's invite code, made on first use. */
  async codeOf(userId: string, db: Db = this.db): Promise<string> {
    const [existing] = await db.select().from(inviteCodes).where(eq(inviteCodes.userId, userId));
    if (existing) return existing.code;
    for (let attempt = 0; attempt < 10; attempt++) {
      const code = Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
      const inserted = await db.insert(inviteCodes).values({ userId, code }).onConflictDoNothing().returning();
      if (inserted.length > 0) return inserted[0].code;
      const [mine] = await db.select().from(inviteCodes).where(eq(inviteCodes.userId, userId));
      if (mine) return mine.code;
    }
    throw new Error('could not make a unique invite code');
  }

  /**
   * Binds a new shopper to the inviter of `code` (sharebind). `isNew` says whether the shopper
   * registered just now (the accounts module knows); an old shopper cannot be invited.
   */
  async bind(inviteeId: string, code: string, options: { isNew?: boolean } = {}, db: Db = this.db): Promise<Row> {
    const [owner] = await db.select().from(inviteCodes).where(eq(inviteCodes.code, code.trim().toUpperCase()));
    if (!owner) throw new AppError('INV00001');
    if (owner.userId === inviteeId) throw new AppError('INV00002');
    if (options.isNew === false) throw new AppError('INV00004');
    const invitedAt = this.now();
    const inserted = await db
      .insert(invitations)
      .values({
        inviterId: owner.userId,
        inviteeId,
        code: owner.code,
        invitedAt,
        expiresAt: new Date(invitedAt.getTime() + INVITE_RULES.validDays * DAY_MS),
      })
      .onConflictDoNothing({ target: invitations.inviteeId })
      .returning();
    if (inserted.length === 0) throw new AppError('INV00003');
    return inserted[0];
  }

  /**
   * Called by checkout when a shopper's order is paid. The first paid order of an invited friend,
   * within the 30 days, earns the inviter the reward (gift balance, up to the cap). Idempotent.
   */
  async onFirstPaidOrder(userId: string, orderId: string, db: Db = this.db): Promise<{ rewardCents: number } | null> {
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(invitations).where(eq(invitations.inviteeId, userId)).for('update');
      if (row?.status !== 'progress') return null;
      const now = this.now();
      if (row.expiresAt <= now) {
        await tx.update(invitations).set({ status: 'failed', settledAt: now }).where(eq(invitations.id, row.id));
        return null;
      }
      // Serialise the inviter's rewards so the cap holds under concurrent first orders of friends.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`invite-reward:${row.inviterId}`}))`);
      const [{ earned }] = await tx
        .select({ earned: sql<string>`COALESCE(SUM(${invitations.rewardCents}), 0)` })
        .from(invitations)
        .where(eq(invitations.inviterId, row.inviterId));
      const rewardCents = Math.max(
        0,
        Math.min(INVITE_RULES.rewardPerFriendCents, INVITE_RULES.rewardCapCents - Number(earned)),
      );
      if (rewardCents > 0) {
        await this.deps.wallet.reward(
          {
            userId: row.inviterId,
            amountCents: rewardCents,
            ref: { type: 'reward', id: `invitation:${row.id}` },
            idempotencyKey: `invitation:${row.id}:reward`,
          },
          tx,
        );
        const amount = formatUsd(rewardCents);
        await this.deps.notices.notify(
          row.inviterId,
          {
            kind: 'reward',
            title: { 'en-US': 'Invitation reward earned', chs: '获得邀请奖励', kh: 'ទទួលបានរង្វាន់អញ្ជើញ' },
            body: {
              'en-US': `Your friend made a first order: ${amount} was added to your gift balance (for shopping).`,
              chs: `您的好友完成了首单：${amount} 已存入您的礼品余额（仅限购物）。`,
              kh: `មិត្តរបស់អ្នកបានបញ្ជាទិញលើកដំបូង៖ ${amount} ត្រូវបានបញ្ចូលទៅសមតុល្យកាដូរបស់អ្នក (សម្រាប់ទិញទំនិញ)។`,
            },
            link: '/invite',
          },
          tx,
        );
      }
      await tx
        .update(invitations)
        .set({ status: 'success', orderId, rewardCents, settledAt: now })
        .where(eq(invitations.id, row.id));
      return { rewardCents };
    });
  }

  /** The durable job: invitations past their 30 days without a first order fail. */
  async expireDue(now: Date = this.now(), db: Db = this.db): Promise<number> {
    const rows = await db
      .update(invitations)
      .set({ status: 'failed', settledAt: now })
      .where(and(eq(invitations.status, 'progress'), lte(invitations.expiresAt, now)))
      .returning({ id: invitations.id });
    return rows.length;
  }

  async summary(userId: string, db: Db = this.db): Promise<InviteSummary> {
    const code = await this.codeOf(userId, db);
    const rows = await db
      .select({
        status: invitations.status,
        count: sql<number>`count(*)::int`,
        earned: sql<string>`COALESCE(SUM(${invitations.rewardCents}), 0)`,
      })
      .from(invitations)
      .where(eq(invitations.inviterId, userId))
      .groupBy(invitations.status);
    const by = (s: string) => rows.find((r) => r.status === s);
    return {
      code,
      path: `/invite/accept?inviteCode=${code}`,
      rewardPerFriendCents: INVITE_RULES.rewardPerFriendCents,
      rewardCapCents: INVITE_RULES.rewardCapCents,
      validDays: INVITE_RULES.validDays,
      earnedCents: rows.reduce((sum, r) => sum + Number(r.earned), 0),
      successCount: by('success')?.count ?? 0,
      progressCount: by('progress')?.count ?? 0,
      failedCount: by('failed')?.count ?? 0,
    };
  }

  async list(
    userId: string,
    state: InvitationState | null,
    query: { page: number; size: number },
    db: Db = this.db,
  ): Promise<Page<Invitation>> {
    const where = and(eq(invitations.inviterId, userId), state ? eq(invitations.status, state) : undefined);
    const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(invitations).where(where);
    const rows = await db
      .select()
      .from(invitations)
      .where(where)
      .orderBy(desc(invitations.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size);
    const list: Invitation[] = [];
    for (const r of rows) {
      const name = (await this.deps.displayName?.(r.inviteeId)) ?? r.inviteeId;
      list.push({
        id: r.id,
        friend: mask(name),
        status: r.status as InvitationState,
        invitedAt: r.invitedAt.toISOString(),
        expiresAt: r.expiresAt.toISOString(),
        rewardCents: r.rewardCents,
        settledAt: r.settledAt?.toISOString() ?? null,
      });
    }
    return { list, total, page: query.page, size: query.size };
  }

  /**
   * Every invitation for the operator console, newest first: by state and/or inviter, with the
   * rewards paid under the same filter (rows are the table's, unmasked: staff see who is who).
   */
  async consoleList(
    filter: { state?: InvitationState; inviterId?: string },
    query: { page: number; size: number },
    db: Db = this.db,
  ) {
    const where = and(
      filter.state ? eq(invitations.status, filter.state) : undefined,
      filter.inviterId ? eq(invitations.inviterId, filter.inviterId) : undefined,
    );
    const [{ total, rewardCents }] = await db
      .select({
        total: sql<number>`count(*)::int`,
        rewardCents: sql<string>`COALESCE(SUM(${invitations.rewardCents}), 0)`,
      })
      .from(invitations)
      .where(where);
    const list = await db
      .select()
      .from(invitations)
      .where(where)
      .orderBy(desc(invitations.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size);
    return { list, total, rewardCents: Number(rewardCents), page: query.page, size: query.size };
  }

  async inviterOf(userId: string, db: Db = this.db): Promise<string | null> {
    const [row] = await db
      .select({ inviterId: invitations.inviterId })
      .from(invitations)
      .where(eq(invitations.inviteeId, userId));
    return row?.inviterId ?? null;
  }
}
