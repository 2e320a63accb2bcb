import { queryPay } from '@shop/contracts';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../api/index.ts';
import { useSession } from '../session/store.ts';

/**
 * What a page that shows a payable (an order, a top-up, a card fee, a repayment…) knows of its
 * payment, whatever the payable's kind:
 * - `paid`: the server says it is paid;
 * - `confirming`: the shopper comes back from paying (the bank's return says success, the wallet
 *   app answered) and the server has not heard it yet: the page says so and offers no "Pay now";
 * - `failed`: the last payment was declined or ran out of time;
 * - `none`: nothing is under way (the page shows the payable as it is: to pay, or done).
 */
export type PaymentOutcome = 'none' | 'confirming' | 'paid' | 'failed';

/** How the shopper came back to a result page: `?result=` (the bank's return, the bridge's answer). */
export type ReturnMark = 'success' | 'fail' | 'timeout' | null;

/** Past this, a return that said "success" with no payment seen yet is no longer "confirming". */
export const CONFIRMING_FOR_MS = 120_000;

type LastPayment = { status: string } | null | undefined;

/** The outcome from the server's answer and how the shopper came back; pure, so it is tested alone. */
export function outcomeOf(
  answer: { paid: boolean; lastPayment: LastPayment } | undefined,
  mark: ReturnMark,
  waitedMs: number,
): PaymentOutcome {
  if (answer?.paid) return 'paid';
  const last = answer?.lastPayment?.status;
  if (last === 'FAILED' || last === 'TIMEOUT' || last === 'EXPIRED') return 'failed';
  if (mark === 'fail') return 'failed';
  if (mark === 'success' && waitedMs < CONFIRMING_FOR_MS) return 'confirming';
  return 'none';
}

/** How often to ask again: quickly while an answer is due, slowly while a bank's payment is open, else not. */
export function pollEvery(outcome: PaymentOutcome, last: LastPayment): number | false {
  if (outcome === 'paid') return false;
  if (outcome === 'confirming') return 1_500;
  return last?.status === 'PENDING' ? 4_000 : false;
}

/**
 * A payment settled: everything read before it may be old (the payable's own page, order lists and
 * counts, the wallet's balances, the cashier). Every query is marked stale; those on screen are read
 * again at once, the others on their next use. One call for every kind of payable.
 */
export function paymentSettled(client: QueryClient) {
  return client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'payment-outcome' });
}

/** `?result=` as the bank's return or the wallet-app bridge put it. */
export function returnMarkOf(value: string | null): ReturnMark {
  return value === 'success' || value === 'fail' || value === 'timeout' ? value : null;
}

const askPay = (kind: string | undefined, id: string) =>
  api.call(queryPay, { orderId: id, ...(kind ? { kind } : {}) }, { quiet: true });
type PayAnswer = Awaited<ReturnType<typeof askPay>>;

/**
 * The payment of payable `id` of `kind` as `/v1/pay/query` answers it, asked again every
 * `every(answer)` ms (false: not again). The one reading of a payment for every page that watches
 * one (a payable's own page, the bank's return page, the KHQR card); `watch` keeps apart two
 * watchers of the same payable (a KHQR card per code). Off while `id` is null.
 */
export function usePayQuery(
  kind: string | undefined,
  id: string | null | undefined,
  every: (answer: PayAnswer | undefined) => number | false,
  watch?: string,
) {
  const { token } = useSession();
  return useQuery({
    queryKey: ['payment-outcome', kind ?? 'order', id, watch ?? 'page'],
    queryFn: () => askPay(kind, id as string),
    enabled: Boolean(id && token),
    staleTime: 0,
    refetchInterval: (q) => every(q.state.data),
  });
}

/**
 * The payment of payable `id` of `kind`, asked while an answer is due; when it settles,
 * `paymentSettled` makes the page show the new state without a reload.
 */
export function usePaymentOutcome(kind: string, id: string | null | undefined) {
  const client = useQueryClient();
  const [params] = useSearchParams();
  const mark = returnMarkOf(params.get('result'));
  const since = useRef(Date.now());
  const query = usePayQuery(kind, id, (answer) =>
    pollEvery(outcomeOf(answer, mark, Date.now() - since.current), answer?.lastPayment),
  );
  const outcome =
    query.isPending && mark === 'success' ? 'confirming' : outcomeOf(query.data, mark, Date.now() - since.current);
  // Settled while this page was open, or just before it came (its data may have been read before).
  const seenUnpaid = useRef(false);
  const announced = useRef(false);
  useEffect(() => {
    if (!query.data) return;
    if (!query.data.paid) {
      seenUnpaid.current = true;
      return;
    }
    if (announced.current || (!seenUnpaid.current && !mark)) return;
    announced.current = true;
    void paymentSettled(client);
  }, [query.data, mark, client]);
  return { outcome, lastPayment: query.data?.lastPayment ?? null };
}
