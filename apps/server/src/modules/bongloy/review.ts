// Staff review of card applications (a role of its own, `cardReview`): approve → the application is
// sent to the issuer (SENT_TO_ISSUER), which issues the cards; refuse with a reason → the fee goes
// back through the ledger once, and the shopper is told why in a notice. The issuer's webhooks answer
// only for applications staff sent it: card.issued approves, card.refused refuses.
import type { Localized } from '@shop/contracts';
import { and, asc, count, desc, eq, inArray, isNull, lt, type SQL } from 'drizzle-orm';
import { CardIssuingLater } from '../../integrations/card-issuer/issuer.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PlatformContext, Services } from '../../platform/module.ts';
import { PartnerError } from '../../platform/partner-http/client.ts';

import { type StaffSearch, staffSearchPage } from '../../platform/staff-search.ts';
import { cardDecisionEvent, cardIssuedEvent } from '../notifications/public.ts';
import { bongloyApplications, bongloyCards } from './tables.ts';

type Needed = Pick<Services, 'payments' | 'notices' | 'cardIssuer' | 'uploads' | 'notifications'>;
export type CardRow = typeof bongloyCards.$inferSelect;
type ApplicationRow = typeof bongloyApplications.$inferSelect;

const approvedNotice = (row: ApplicationRow) => ({
  kind: 'bongloy',
  title: { 'en-US': 'Your card is issued', chs: '您的银行卡已发放', kh: 'កាតរបស់អ្នកត្រូវបានចេញ' } as Localized,
  body: {
    'en-US': `Application ${row.applicationNo} is approved. ${row.delivery === 'express' ? 'The card is on its way to you.' : 'The card is ready for pickup at our store.'} Activate it in the app when you have it.`,
    chs: `申请 ${row.applicationNo} 已通过。${row.delivery === 'express' ? '卡片正在寄送给您。' : '卡片已可在门店领取。'}收到后请在应用中激活。`,
    kh: `ពាក្យស្នើសុំ ${row.applicationNo} ត្រូវបានអនុម័ត។ ${row.delivery === 'express' ? 'កាតកំពុងដឹកជញ្ជូនទៅអ្នក។' : 'កាតរួចរាល់សម្រាប់មកយកនៅហាង។'} សូមធ្វើឱ្យកាតសកម្មក្នុងកម្មវិធីនៅពេលអ្នកទទួលបាន។`,
  } as Localized,
  link: '/bongloy',
});

/** Marks that already end a sentence, in the three languages (and the reviewer's own typing). */
const SENTENCE_END = /[.!?。！？។៕…]$/u;

/**
 * The reviewer's reason as one sentence of `language`'s notice: their own closing mark is kept (a
 * reason typed "Please apply again." ends once, not "again.."), otherwise the language's is added.
 */
export function reasonSentence(reason: string, language: keyof Localized): string {
  const text = reason.trim();
  if (SENTENCE_END.test(text)) return language === 'chs' && /[.!?…]$/.test(text) ? `${text} ` : text;
  return `${text}${language === 'chs' ? '。' : language === 'kh' ? '។' : '.'}`;
}

export const refusedNotice = (row: Pick<ApplicationRow, 'id' | 'applicationNo'>, reason: string) => ({
  kind: 'bongloy',
  title: { 'en-US': 'Card application refused', chs: '银行卡申请未通过', kh: 'ពាក្យស្នើសុំកាតត្រូវបានបដិសេធ' } as Localized,
  body: {
    'en-US': `Application ${row.applicationNo} was refused: ${reasonSentence(reason, 'en-US')} The fee is refunded.`,
    chs: `申请 ${row.applicationNo} 未通过：${reasonSentence(reason, 'chs')}费用已退还。`,
    kh: `ពាក្យស្នើសុំ ${row.applicationNo} ត្រូវបានបដិសេធ៖ ${reasonSentence(reason, 'kh')} ថ្លៃសេវាត្រូវបានបង្វិលសង។`,
  } as Localized,
  link: `/bongloy/orderDetail?id=${row.id}`,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The application of a card reference the shop made (`<application id>:<n>`), or null. */
export function applicationOfCardReference(reference: string): string | null {
  const match = /^([^:]+):(\d{1,2})$/.exec(reference);
  return match && UUID.test(match[1]) ? match[1].toLowerCase() : null;
}

export class BongloyReview {
  private readonly db: Db;
  private readonly needed: Needed;

  constructor(ctx: PlatformContext, needed: Needed) {
    this.db = ctx.db;
    this.needed = needed;
  }

  /** Applications in one state (oldest first: the queue), with how many are in each state. */
  async list(filter: { state?: string; page: number; size: number }) {
    const where: SQL | undefined = filter.state ? eq(bongloyApplications.state, filter.state) : undefined;
    const [rows, [{ total }], counts] = await Promise.all([
      this.db
        .select()
        .from(bongloyApplications)
        .where(where)
        .orderBy(filter.state === 'REVIEW' ? asc(bongloyApplications.paidAt) : desc(bongloyApplications.createdAt))
        .limit(filter.size)
        .offset((filter.page - 1) * filter.size),
      this.db.select({ total: count() }).from(bongloyApplications).where(where),
      this.db
        .select({ state: bongloyApplications.state, n: count() })
        .from(bongloyApplications)
        .groupBy(bongloyApplications.state),
    ]);
    return { rows, total, counts: Object.fromEntries(counts.map((c) => [c.state, c.n])) as Record<string, number> };
  }

  async cardsOf(applicationId: string, db: Db = this.db): Promise<CardRow[]> {
    return db
      .select()
      .from(bongloyCards)
      .where(eq(bongloyCards.applicationId, applicationId))
      .orderBy(asc(bongloyCards.createdAt));
  }

  /**
   * Job: the documents and signature of applications decided more than `days` ago are let go; the
   * uploads sweep then deletes the files (the retention setting, DOCUMENT_RETENTION_DAYS). Cards and
   * the application's record stay.
   */
  async releaseOldDocuments(days: number, now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - days * 86_400_000);
    const due = await this.db
      .select({ id: bongloyApplications.id })
      .from(bongloyApplications)
      .where(
        and(
          inArray(bongloyApplications.state, ['APPROVED', 'REFUSED']),
          lt(bongloyApplications.decidedAt, cutoff),
          isNull(bongloyApplications.documentsReleasedAt),
        ),
      )
      .limit(500);
    for (const { id } of due)
      await this.db.transaction(async (tx) => {
        await this.needed.uploads.letGo(`bongloy-application:${id}`, [], tx);
        await tx.update(bongloyApplications).set({ documentsReleasedAt: now }).where(eq(bongloyApplications.id, id));
      });
    return due.length;
  }

  /**
   * Staff's Approve: an application under review is sent to the issuer (SENT_TO_ISSUER, kept
   * before the issuer is asked, so only what staff approved can ever be answered by the issuer),
   * then the issuer issues its cards. An issuer that issues later (`CardIssuingLater`) leaves it
   * SENT_TO_ISSUER until its card.issued or card.refused; staff approving a sent application asks
   * the issuer again (after a time-out). Approving an approved one answers the same cards.
   */
  async approve(id: string): Promise<{ row: ApplicationRow; cards: CardRow[] }> {
    // No issuer (CARD_ISSUER=none): nothing is sent, the application stays under review.
    if (!this.needed.cardIssuer.available) throw new AppError('BLG00027');
    const sent = await this.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(bongloyApplications).where(eq(bongloyApplications.id, id)).for('update');
      if (!locked) throw new AppError('BLG00013');
      if (locked.state === 'APPROVED' || locked.state === 'SENT_TO_ISSUER') return locked;
      if (locked.state !== 'REVIEW') throw new AppError('BLG00018', { state: locked.state });
      const [after] = await tx
        .update(bongloyApplications)
        .set({ state: 'SENT_TO_ISSUER', sentToIssuerAt: new Date(), updatedAt: new Date() })
        .where(eq(bongloyApplications.id, id))
        .returning();
      return after;
    });
    if (sent.state === 'APPROVED') return { row: sent, cards: await this.cardsOf(id) };
    try {
      return await this.issueCards(sent);
    } catch (error) {
      if (error instanceof CardIssuingLater) return { row: sent, cards: [] };
      // The issuer did not take it (it refused the request or the shop's key): back under review, so
      // staff may refuse it. With no answer (a time-out, a 5xx) the issuer may have it: it stays sent.
      if (error instanceof PartnerError && error.kind !== 'no-answer')
        await this.db
          .update(bongloyApplications)
          .set({ state: 'REVIEW', sentToIssuerAt: null, updatedAt: new Date() })
          .where(and(eq(bongloyApplications.id, id), eq(bongloyApplications.state, 'SENT_TO_ISSUER')));
      // The issuer is down or slow (refused connection, 5xx, time-out): staff are told so, and that
      // approving again later asks it again (the same references: no card twice).
      if (error instanceof PartnerError && error.kind === 'no-answer')
        throw new AppError('BNG00090', {}, { state: 'SENT_TO_ISSUER' });
      throw error;
    }
  }

  /**
   * The issuer's card.issued: only for an application staff sent to it. Its cards are asked again
   * (the same references answer the same cards) and the application is approved.
   */
  async issuerIssued(id: string): Promise<{ row: ApplicationRow; cards: CardRow[] }> {
    const [row] = await this.db.select().from(bongloyApplications).where(eq(bongloyApplications.id, id));
    if (!row) throw new AppError('BLG00013');
    if (row.state === 'APPROVED') return { row, cards: await this.cardsOf(id) };
    if (row.state !== 'SENT_TO_ISSUER') throw new AppError('BLG00070', { state: row.state });
    return this.issueCards(row);
  }

  /** The issuer's card.refused: only for an application staff sent to it; the fee goes back once. */
  issuerRefused(id: string, reason: string): Promise<{ row: ApplicationRow; refunded: boolean }> {
    return this.decideRefusal(id, reason, 'SENT_TO_ISSUER');
  }

  /**
   * The issuer issues the cards of a sent application (by references made from the application, so
   * asking again after a failure issues no more), then the application and its cards are written in
   * one transaction.
   */
  private async issueCards(row: ApplicationRow): Promise<{ row: ApplicationRow; cards: CardRow[] }> {
    const id = row.id;
    const holderName = `${row.personal?.firstName ?? ''} ${row.personal?.lastName ?? ''}`.trim().toUpperCase();
    const issued: Awaited<ReturnType<Needed['cardIssuer']['issue']>>[] = [];
    for (let n = 1; n <= row.cardCount; n++)
      issued.push(await this.needed.cardIssuer.issue({ reference: `${row.id}:${n}`, holderName }));
    return this.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(bongloyApplications).where(eq(bongloyApplications.id, id)).for('update');
      if (locked.state === 'APPROVED') return { row: locked, cards: await this.cardsOf(id, tx) };
      if (locked.state !== 'SENT_TO_ISSUER') throw new AppError('BLG00070', { state: locked.state });
      await tx
        .insert(bongloyCards)
        .values(
          issued.map((c) => ({
            applicationId: id,
            userId: locked.userId,
            issuerRef: c.cardRef,
            maskedNumber: c.maskedNumber,
            expiry: c.expiry,
          })),
        )
        .onConflictDoNothing();
      const [after] = await tx
        .update(bongloyApplications)
        .set({ state: 'APPROVED', decidedAt: new Date(), updatedAt: new Date() })
        .where(eq(bongloyApplications.id, id))
        .returning();
      await this.needed.notices.notify(locked.userId, approvedNotice(locked), tx);
      for (const e of [cardDecisionEvent(locked, null), ...issued.map((c) => cardIssuedEvent(locked.userId, c))])
        await this.needed.notifications.emit(e, tx);
      return { row: after, cards: await this.cardsOf(id, tx) };
    });
  }

  /**
   * Staff's Refuse of an application under review, with a reason: the fee goes back the way it was
   * paid under the refund's own key, in the transaction that moves the state, so however many times
   * it is asked (repeated clicks, two reviewers) the money comes back once and one notice is sent.
   */
  refuse(id: string, reason: string): Promise<{ row: ApplicationRow; refunded: boolean }> {
    return this.decideRefusal(id, reason, 'REVIEW');
  }

  /** A refusal from `from` only: staff refuse what they review, the issuer what staff sent it. */
  private async decideRefusal(
    id: string,
    reason: string,
    from: 'REVIEW' | 'SENT_TO_ISSUER',
  ): Promise<{ row: ApplicationRow; refunded: boolean }> {
    const text = reason.trim();
    if (!text) throw new AppError('BLG00019');
    return this.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(bongloyApplications).where(eq(bongloyApplications.id, id)).for('update');
      if (!locked) throw new AppError('BLG00013');
      if (locked.state === 'REFUSED') return { row: locked, refunded: false };
      if (locked.state !== from)
        throw new AppError(from === 'REVIEW' ? 'BLG00018' : 'BLG00070', { state: locked.state });
      const [after] = await tx
        .update(bongloyApplications)
        .set({ state: 'REFUSED', refusal: text, decidedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(bongloyApplications.id, id), eq(bongloyApplications.state, from)))
        .returning();
      await this.needed.payments.refund(
        { kind: 'bongloy', id, userId: locked.userId, amountCents: locked.paidCents, channel: locked.payChannel },
        tx,
      );
      await this.needed.notices.notify(locked.userId, refusedNotice(locked, text), tx);
      await this.needed.notifications.emit(cardDecisionEvent(locked, text), tx);
      return { row: after, refunded: true };
    });
  }

  /** The console's list: by state, the shopper and the application number; tab counts alike. */
  staffSearch(filter: StaffSearch) {
    const t = bongloyApplications;
    return staffSearchPage(this.db, t, { state: t.state, userId: t.userId, reference: t.applicationNo }, filter, [
      filter.state === 'REVIEW' ? asc(t.paidAt) : desc(t.createdAt),
    ]);
  }
}
