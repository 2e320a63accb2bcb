// The prepaid card application (spec §1, §3, §5, §9): five steps kept as a server-side draft,
// documents claimed from the uploads module, the per-person card limit counted over all of the
// shopper's applications under a lock of their applicant row, paid at the cashier (kind 'bongloy').
import {
  BONGLOY_CARD_FEE_CENTS,
  BONGLOY_HOME_NATIONALITY,
  BONGLOY_PAY_MINUTES,
  BONGLOY_SHIPPING_FEE_CENTS,
  type BongloyApplication,
  type BongloyDocument,
  type BongloyPage,
  type BongloyPersonal,
  type BongloyState,
  type CallInput,
  type saveBongloyStep1,
  type saveBongloyStep2,
  type saveBongloyStep4,
} from '@shop/contracts';
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PlatformContext, Services } from '../../platform/module.ts';
import { sql } from '../../platform/sql.ts';
import { parseMobile } from '../accounts/public.ts';
import { whereMoneyGoesBack } from '../payments/public.ts';
import { formatUsd } from '../wallet/public.ts';
import { BongloyCards } from './cards.ts';
import { BongloyReview } from './review.ts';
import { checkPersonal } from './rules.ts';
import { bongloyApplicants, bongloyApplications } from './tables.ts';

export type ApplicationRow = typeof bongloyApplications.$inferSelect;
type Needed = Pick<
  Services,
  'accounts' | 'uploads' | 'system' | 'payments' | 'notices' | 'cardIssuer' | 'notifications'
>;

/** States whose cards count against the per-person limit. */
export const COUNTED_STATES: BongloyState[] = ['WP', 'REVIEW', 'SENT_TO_ISSUER', 'APPROVED'];
const EDITABLE: BongloyState[] = ['DRAFT', 'WP'];
const claimer = (id: string) => `bongloy-application:${id}`;

function newApplicationNo(now = new Date()) {
  const local = new Date(now.getTime() + 7 * 3600_000).toISOString();
  const stamp = local.slice(2, 10).replace(/\D/g, '');
  return sql`${`B${stamp}`} || lpad(((nextval('bongloy_applications_no_seq') * 7919 + 104729) % 1000000)::text, 6, '0')`;
}

export class BongloyService {
  private readonly db: Db;
  private readonly needed: Needed;
  /** Staff review: approve (cards issued) or refuse (fee refunded once). */
  readonly review: BongloyReview;
  /** The cards after approval: balance, activation, top-ups. */
  readonly cards: BongloyCards;

  constructor(ctx: PlatformContext, needed: Needed) {
    this.db = ctx.db;
    this.needed = needed;
    this.review = new BongloyReview(ctx, needed);
    this.cards = new BongloyCards(ctx, needed);
  }

  private async limit(): Promise<number> {
    return (await this.needed.system.getConfig()).config.cardPerPersonLimit;
  }

  /** Cards counted for the shopper: ordered, under review or issued. */
  async usedCards(userId: string, db: Db = this.db): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(${bongloyApplications.cardCount}), 0)::int` })
      .from(bongloyApplications)
      .where(and(eq(bongloyApplications.userId, userId), inArray(bongloyApplications.state, COUNTED_STATES)));
    return row.n;
  }

  async page(userId: string): Promise<BongloyPage> {
    const rows = await this.db
      .select()
      .from(bongloyApplications)
      .where(eq(bongloyApplications.userId, userId))
      .orderBy(desc(bongloyApplications.createdAt))
      .limit(50);
    const draft = rows.find((r) => EDITABLE.includes(r.state as BongloyState)) ?? null;
    return {
      limit: await this.limit(),
      used: await this.usedCards(userId),
      cardFeeCents: BONGLOY_CARD_FEE_CENTS,
      shippingFeeCents: BONGLOY_SHIPPING_FEE_CENTS,
      draft: draft ? await this.view(draft) : null,
      applications: await Promise.all(rows.filter((r) => r !== draft).map((r) => this.view(r))),
    };
  }

  async get(id: string, db: Db = this.db): Promise<ApplicationRow | null> {
    const [row] = await db.select().from(bongloyApplications).where(eq(bongloyApplications.id, id));
    return row ?? null;
  }

  /** The shopper's own application; BLG00013 when it is not theirs or unknown. */
  async own(userId: string, id: string, db: Db = this.db): Promise<ApplicationRow> {
    const row = await this.get(id, db);
    if (!row || row.userId !== userId) throw new AppError('BLG00013');
    return row;
  }

  async getForUpdate(id: string, tx: Db): Promise<ApplicationRow | null> {
    const [row] = await tx.select().from(bongloyApplications).where(eq(bongloyApplications.id, id)).for('update');
    return row ?? null;
  }

  /** The shopper's draft locked for a change: theirs, and still DRAFT or WP. */
  private async editable(userId: string, id: string, tx: Db): Promise<ApplicationRow> {
    const row = await this.getForUpdate(id, tx);
    if (!row || row.userId !== userId) throw new AppError('BLG00013');
    if (!EDITABLE.includes(row.state as BongloyState)) throw new AppError('BLG00014');
    // A payment of it waiting for the bank's answer pays the application as it is: no change meanwhile.
    await this.needed.payments.refuseWhileInFlight('bongloy', id, tx);
    return row;
  }

  private async provenBefore(userId: string, phone: string): Promise<boolean> {
    if ((await this.needed.accounts.getUser(userId))?.phone === phone) return true;
    const [row] = await this.db
      .select({ id: bongloyApplications.id })
      .from(bongloyApplications)
      .where(and(eq(bongloyApplications.userId, userId), eq(bongloyApplications.verifiedPhone, phone)))
      .limit(1);
    return Boolean(row);
  }

  /** Step 1. A phone not yet proven for this draft needs a code of sendsms type 'card'. */
  async step1(userId: string, input: CallInput<typeof saveBongloyStep1>): Promise<BongloyApplication> {
    // No card issuer (CARD_ISSUER=none): nobody would issue the card the fee pays for.
    if (!this.needed.cardIssuer.available) throw new AppError('BLG00027');
    const { id, verifycode, ...fields } = input;
    const personal = checkPersonal(fields as BongloyPersonal);
    const phone = parseMobile(personal.phone, personal.countryCode).e164;
    const current = id ? await this.own(userId, id) : null;
    let verifiedPhone = current?.verifiedPhone ?? null;
    // The account's own phone (proven at sign-in), or one proven for another of the shopper's
    // applications, needs no second code.
    if (verifiedPhone !== phone && (await this.provenBefore(userId, phone))) verifiedPhone = phone;
    if (verifiedPhone !== phone) {
      if (!verifycode) throw new AppError('BLG00008');
      await this.needed.accounts.checkCode(phone, 'card', verifycode);
      verifiedPhone = phone;
    }
    const row = await this.db.transaction(async (tx) => {
      if (!id) {
        const [made] = await tx
          .insert(bongloyApplications)
          .values({ applicationNo: newApplicationNo(), userId, personal, verifiedPhone, step: 2 })
          .returning();
        return made;
      }
      const before = await this.editable(userId, id, tx);
      const [saved] = await tx
        .update(bongloyApplications)
        .set({
          personal,
          verifiedPhone,
          state: 'DRAFT',
          deadlineAt: null,
          step: Math.max(before.step, 2),
          updatedAt: new Date(),
        })
        .where(eq(bongloyApplications.id, id))
        .returning();
      return saved;
    });
    return this.view(row);
  }

  /** Step 2: every picture (the visa page for foreigners only), claimed for this application. */
  async step2(userId: string, input: CallInput<typeof saveBongloyStep2>): Promise<BongloyApplication> {
    const row = await this.db.transaction(async (tx) => {
      const before = await this.editable(userId, input.id, tx);
      if (!before.personal) throw new AppError('BLG00015', { step: 1 });
      const needsVisa = before.personal.nationality !== BONGLOY_HOME_NATIONALITY;
      const documents: Partial<Record<BongloyDocument, string>> = {
        passportInfo: input.passportInfo,
        holding: input.holding,
        selfie: input.selfie,
        ...(needsVisa && input.visa ? { visa: input.visa } : {}),
      };
      if (needsVisa && !input.visa) throw new AppError('BLG00009', { missing: 'visa' });
      const keep = [...Object.values(documents), ...(before.signatureId ? [before.signatureId] : [])];
      await this.needed.uploads.claim(userId, keep, claimer(before.id), tx);
      const [saved] = await tx
        .update(bongloyApplications)
        .set({ documents, state: 'DRAFT', deadlineAt: null, step: Math.max(before.step, 3), updatedAt: new Date() })
        .where(eq(bongloyApplications.id, before.id))
        .returning();
      return saved;
    });
    return this.view(row);
  }

  /** Step 3: the signature drawn on the phone (a tmp upload) and the terms accepted. */
  async step3(userId: string, input: { id: string; signature: string; agree: boolean }): Promise<BongloyApplication> {
    if (!input.agree) throw new AppError('BLG00010');
    const row = await this.db.transaction(async (tx) => {
      const before = await this.editable(userId, input.id, tx);
      if (before.step < 3) throw new AppError('BLG00015', { step: before.step });
      const keep = [...Object.values(before.documents ?? {}), input.signature];
      await this.needed.uploads.claim(userId, keep, claimer(before.id), tx);
      const [saved] = await tx
        .update(bongloyApplications)
        .set({
          signatureId: input.signature,
          termsAcceptedAt: new Date(),
          state: 'DRAFT',
          deadlineAt: null,
          step: Math.max(before.step, 4),
          updatedAt: new Date(),
        })
        .where(eq(bongloyApplications.id, before.id))
        .returning();
      return saved;
    });
    return this.view(row);
  }

  /**
   * Step 4: the order. The applicant row is locked first, so two orders of one shopper count their
   * cards one after the other and the per-person limit holds under any number at once.
   */
  async step4(userId: string, input: CallInput<typeof saveBongloyStep4>): Promise<BongloyApplication> {
    if (!this.needed.cardIssuer.available) throw new AppError('BLG00027');
    const shipping = input.delivery === 'express' ? input.shipping : undefined;
    if (input.delivery === 'express') {
      const s = shipping;
      if (
        !s?.name.trim() ||
        !s.address.trim() ||
        !/^\d{3,10}$/.test(s.zipCode.trim()) ||
        !/^\+?\d{8,15}$/.test(s.mobile.replace(/[\s-]/g, ''))
      )
        throw new AppError('BLG00012');
    }
    const limit = await this.limit();
    const row = await this.db.transaction(async (tx) => {
      await tx
        .insert(bongloyApplicants)
        .values({ userId })
        .onConflictDoUpdate({ target: bongloyApplicants.userId, set: { userId } });
      await tx.select().from(bongloyApplicants).where(eq(bongloyApplicants.userId, userId)).for('update');
      const before = await this.editable(userId, input.id, tx);
      if (before.step < 4) throw new AppError('BLG00015', { step: before.step });
      const others = (await this.usedCards(userId, tx)) - (before.state === 'WP' ? before.cardCount : 0);
      if (others + input.cardCount > limit)
        throw new AppError('BLG00011', { limit, left: Math.max(0, limit - others) });
      const cardFeeCents = BONGLOY_CARD_FEE_CENTS * input.cardCount;
      const shippingFeeCents = input.delivery === 'express' ? BONGLOY_SHIPPING_FEE_CENTS : 0;
      const [saved] = await tx
        .update(bongloyApplications)
        .set({
          state: 'WP',
          step: 5,
          cardCount: input.cardCount,
          cardFeeCents,
          shippingFeeCents,
          totalCents: cardFeeCents + shippingFeeCents,
          delivery: input.delivery,
          shipping: shipping
            ? {
                name: shipping.name.trim(),
                mobile: shipping.mobile.trim(),
                zipCode: shipping.zipCode.trim(),
                address: shipping.address.trim(),
              }
            : null,
          deadlineAt: new Date(Date.now() + BONGLOY_PAY_MINUTES * 60_000),
          updatedAt: new Date(),
        })
        .where(eq(bongloyApplications.id, before.id))
        .returning();
      return saved;
    });
    return this.view(row);
  }

  /** The cashier paid it (in the payment's transaction): under review. */
  async markPaid(id: string, channel: string, tx: Db): Promise<void> {
    const [row] = await tx
      .update(bongloyApplications)
      .set({
        state: 'REVIEW',
        payChannel: channel,
        paidCents: bongloyApplications.totalCents,
        paidAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(bongloyApplications.id, id), eq(bongloyApplications.state, 'WP')))
      .returning({ id: bongloyApplications.id });
    if (!row) throw new AppError('BLG00016');
  }

  /**
   * Money for an application that no longer took it (closed, paid, or changed since the payment
   * started) is going back: the shopper is told what was taken and where it goes, in the
   * settlement's transaction. The application stays as it is (to pay again if it changed).
   */
  async tellMoneyBack(id: string, payment: { amountCents: number; channel: string; changed?: boolean }, tx: Db) {
    const row = await this.get(id, tx);
    if (!row) return;
    const paid = formatUsd(payment.amountCents);
    const where = whereMoneyGoesBack(payment.channel);
    const now = formatUsd(row.totalCents);
    const why = payment.changed
      ? {
          'en-US': `Your payment of ${paid} was made for application ${row.applicationNo} before it changed to ${now}, so it was not used.`,
          chs: `您支付的 ${paid} 是在申请 ${row.applicationNo} 改为 ${now} 之前发起的，因此未被使用。`,
          kh: `ការបង់ប្រាក់ ${paid} របស់អ្នកត្រូវបានធ្វើសម្រាប់ពាក្យស្នើសុំ ${row.applicationNo} មុនពេលវាប្តូរទៅ ${now} ដូច្នេះវាមិនត្រូវបានប្រើទេ។`,
        }
      : {
          'en-US': `Your payment of ${paid} for application ${row.applicationNo} arrived when it no longer waited for one.`,
          chs: `您为申请 ${row.applicationNo} 支付的 ${paid} 到账时，该申请已不再等待付款。`,
          kh: `ការបង់ប្រាក់ ${paid} របស់អ្នកសម្រាប់ពាក្យស្នើសុំ ${row.applicationNo} បានមកដល់នៅពេលវាលែងរង់ចាំការបង់ប្រាក់។`,
        };
    await this.needed.notices.notify(
      row.userId,
      {
        kind: 'bongloy',
        title: { 'en-US': 'Payment returned', chs: '款项已退回', kh: 'ប្រាក់ត្រូវបានបង្វិលសង' },
        body: {
          'en-US': `${why['en-US']} ${paid} was taken and goes back to ${where['en-US']}.`,
          chs: `${why.chs}已扣取的 ${paid} 将退回至${where.chs}。`,
          kh: `${why.kh} ប្រាក់ ${paid} ត្រូវបានកាត់ ហើយនឹងត្រូវបង្វិលទៅ${where.kh}។`,
        },
        link: `/bongloy/orderDetail?id=${row.id}`,
      },
      tx,
    );
  }

  /** Job: an order not paid in time goes back to a draft at step 4 (its cards no longer count). */
  async expireUnpaid(now = new Date()): Promise<number> {
    const rows = await this.db
      .update(bongloyApplications)
      .set({ state: 'DRAFT', step: 4, deadlineAt: null, updatedAt: now })
      .where(and(eq(bongloyApplications.state, 'WP'), lt(bongloyApplications.deadlineAt, now)))
      .returning({ id: bongloyApplications.id });
    return rows.length;
  }

  /** What the shopper sees, with fresh short-lived links to their own pictures. */
  async view(row: ApplicationRow): Promise<BongloyApplication> {
    const ids = [...Object.values(row.documents ?? {}), ...(row.signatureId ? [row.signatureId] : [])];
    const files = new Map((await this.needed.uploads.many(ids)).map((u) => [u.id, u]));
    const picture = (id: string | null | undefined) => {
      const file = id ? files.get(id) : undefined;
      return file ? { id: file.id, url: this.needed.uploads.link(file).url } : null;
    };
    const docs = row.documents ?? {};
    return {
      id: row.id,
      applicationNo: row.applicationNo,
      state: row.state as BongloyState,
      step: row.step,
      personal: row.personal ?? null,
      phoneVerified: Boolean(row.verifiedPhone),
      documents: {
        passportInfo: picture(docs.passportInfo),
        visa: picture(docs.visa),
        holding: picture(docs.holding),
        selfie: picture(docs.selfie),
      },
      needsVisa: Boolean(row.personal && row.personal.nationality !== BONGLOY_HOME_NATIONALITY),
      signature: picture(row.signatureId),
      termsAccepted: Boolean(row.termsAcceptedAt),
      cardCount: row.cardCount,
      cardFeeCents: row.cardFeeCents,
      shippingFeeCents: row.shippingFeeCents,
      totalCents: row.totalCents,
      delivery: (row.delivery as 'pickup' | 'express' | null) ?? null,
      shipping: row.shipping ?? null,
      deadlineAt: row.deadlineAt?.toISOString() ?? null,
      paidAt: row.paidAt?.toISOString() ?? null,
      refusal: row.refusal,
      createdAt: row.createdAt.toISOString(),
    };
  }
}
