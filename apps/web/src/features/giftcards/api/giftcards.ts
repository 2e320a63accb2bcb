import { activateGiftCard, queryAccount, queryGiftCard, queryGiftCards, queryGiftSpending } from '@shop/contracts';
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
