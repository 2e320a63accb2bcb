import {
  activateGiftCard,
  claimGiftCard,
  queryAccount,
  queryGiftCard,
  queryGiftCards,
  queryGiftSendPage,
  queryGiftSpending,
  querySentGifts,
  refundSentGift,
  resendGiftCard,
  sendGiftCard,
} from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, firstAnswerData } from '../../../shared/api/index.ts';
import { subjectCall, subjectQuery } from '../../../shared/api/missing.ts';

export function useMyGiftCards(signedIn: boolean) {
  return useQuery({
    queryKey: ['giftcards', 'mine'],
    queryFn: () => api.call(queryGiftCards, { page: 1, size: 50 }),
    initialData: () => firstAnswerData(queryGiftCards, { page: 1, size: 50 }),
    enabled: signedIn,
  });
}

/** One activated card: what the page is about (a wrong or foreign id shows the not-found state). */
export function useGiftCard(id: string) {
  return useQuery({
    queryKey: ['giftcards', 'card', id],
    queryFn: () => api.call(queryGiftCard, { id }, subjectCall),
    ...subjectQuery,
  });
}

export function useGiftBalance() {
  return useQuery({ queryKey: ['wallet', 'account'], queryFn: () => api.call(queryAccount), staleTime: 0 });
}

/** What the gift balance paid for, each order by its number (the wallet's bill of the gift account). */
export function useGiftSpending() {
  return useQuery({
    queryKey: ['wallet', 'bills', 'gift', 'spending'],
    queryFn: () => api.call(queryGiftSpending, { page: 1, size: 50 }),
    staleTime: 0,
  });
}

export function useActivateGiftCard() {
  const client = useQueryClient();
  return useMutation({
    // quiet: the activation page says a refusal on its field (ActivateCard).
    mutationFn: (input: { cardNo: string; code: string }) => api.call(activateGiftCard, input, { quiet: true }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['giftcards'] });
      void client.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}

/** The send form's amounts (the bounds staff set) and designs. */
export function useGiftSendPage(signedIn: boolean) {
  return useQuery({
    queryKey: ['giftcards', 'send-page'],
    queryFn: () => api.call(queryGiftSendPage),
    enabled: signedIn,
  });
}

export function useSendGift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { amountCents: number; design: string; message: string; phone: string; countryCode: string }) =>
      api.call(sendGiftCard, input),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['giftcards', 'sent'] }),
  });
}

/**
 * The cards the shopper sent. Fetched afresh on every visit, every 3 s while one waits for its
 * payment and every 10 s while one waits for its recipient, so "sent" and "claimed" show without a
 * reload.
 */
export function useSentGifts(signedIn: boolean) {
  return useQuery({
    queryKey: ['giftcards', 'sent'],
    queryFn: () => api.call(querySentGifts, { page: 1, size: 50 }),
    enabled: signedIn,
    staleTime: 0,
    refetchInterval: (q) => {
      const states = new Set(q.state.data?.list.map((g) => g.state));
      // Back from the bank, the payment's answer comes within seconds; a claim, any time.
      return states.has('to_pay') ? 3_000 : states.has('sent') ? 10_000 : false;
    },
  });
}

export function useResendGift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; phone?: string; countryCode?: string }) => api.call(resendGiftCard, input),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['giftcards', 'sent'] }),
  });
}

export function useRefundGift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(refundSentGift, { id }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['giftcards', 'sent'] });
      void client.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}

export function useClaimGift() {
  const client = useQueryClient();
  return useMutation({
    // quiet: the claim page says a refusal in its own place.
    mutationFn: (token: string) => api.call(claimGiftCard, { claimToken: token }, { quiet: true }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['giftcards'] });
      void client.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}
