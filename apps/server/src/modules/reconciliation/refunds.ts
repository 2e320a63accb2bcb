// The refunds' reconciliation lines (issue 43), each with who fixes it:
// - "shop refunded, gateway still approved": each gateway refund the shop confirmed that day, beside
//   what the gateway's books say it gave back of that payment (finance sends it again or asks the
//   gateway);
// - "refund pending for more than one day": refused by the party, or the party could not be asked
//   (finance reads the party's word on the line and sends it again; a gateway that cannot be asked
//   is the partner's to fix);
// - "KHQR refund task open for more than two days": a transfer to the paying bank account staff
//   have not recorded (finance sends it and records the reference).
import type { ReconciliationMismatch } from '@shop/contracts';
import { phnomPenhDayBounds } from '../../platform/days.ts';
import type { Services } from '../../platform/module.ts';
import { REFUND_PENDING_ALERT_MS as PENDING_MS, REFUND_TASK_ALERT_MS as TASK_MS } from '../payments/public.ts';

type Found = Omit<ReconciliationMismatch, 'id' | 'party'>;

export async function refundLines(payments: Services['payments'], day: string, now = new Date()) {
  const { from, to } = phnomPenhDayBounds(day);
  const found: Found[] = [];
  const done = await payments.refunds.gatewayRefundsDoneBetween(from, to);
  const seen = new Set<string>();
  for (const r of done) {
    if (!r.paymentId || seen.has(r.paymentId)) continue;
    seen.add(r.paymentId);
    const party = await payments.refunds.atParty(r);
    if (party.partyCents !== null && party.partyCents >= party.shopCents) continue;
    found.push({
      reference: r.paymentId,
      kind: 'refund-not-made',
      shopSays: `REFUNDED ${r.channel}`,
      partySays: party.said,
      shopCents: party.shopCents,
      partyCents: party.partyCents,
      fixer: 'finance',
    });
  }
  const pending = await payments.books.refundsOpenSince(
    ['REQUESTED', 'SENT', 'FAILED'],
    new Date(now.getTime() - PENDING_MS),
  );
  for (const r of pending)
    found.push({
      reference: r.id,
      kind: 'refund-pending',
      shopSays: `${r.state} ${r.channel}`,
      partySays: r.failure,
      shopCents: r.amountCents,
      partyCents: null,
      // Refused: finance reads why, fixes it and sends it again; unanswered: the gateway's to fix.
      fixer: r.state === 'FAILED' ? 'finance' : 'partner',
    });
  const tasks = await payments.books.refundsOpenSince(['AWAITING_TRANSFER'], new Date(now.getTime() - TASK_MS));
  for (const r of tasks)
    found.push({
      reference: r.id,
      kind: 'refund-task-open',
      shopSays: `AWAITING_TRANSFER ${r.bankAccount ?? ''}`.trim(),
      partySays: null,
      shopCents: r.amountCents,
      partyCents: null,
      fixer: 'finance',
    });
  return { compared: seen.size + pending.length + tasks.length, found };
}
