import {
  cancelValuationReservation,
  evaluateValuation,
  queryAddresses,
  queryValuationEstimate,
  queryValuationModels,
  queryValuationParams,
  queryValuationReservations,
  queryValuationSlots,
  rescheduleValuationReservation,
  reserveValuation,
} from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, firstAnswerData } from '../../../shared/api/index.ts';
import { subjectCall, subjectQuery } from '../../../shared/api/missing.ts';

export function useValuationBrands() {
  return useQuery({
    queryKey: ['valuation', 'brands'],
    queryFn: () => api.call(queryValuationModels),
    initialData: () => firstAnswerData(queryValuationModels),
  });
}

export function useValuationParams(modelId: string) {
  return useQuery({
    queryKey: ['valuation', 'params', modelId],
    queryFn: () => api.call(queryValuationParams, { modelId }, subjectCall),
    ...subjectQuery,
  });
}

export function useEvaluate() {
  return useMutation({
    mutationFn: (input: { modelId: string; answers: string }) => api.call(evaluateValuation, input),
  });
}

export function useEstimate(id: string) {
  return useQuery({
    queryKey: ['valuation', 'estimate', id],
    queryFn: () => api.call(queryValuationEstimate, { id }, subjectCall),
    ...subjectQuery,
  });
}

export function useSlots(date: string) {
  return useQuery({
    queryKey: ['valuation', 'slots', date],
    queryFn: () => api.call(queryValuationSlots, { date }),
    staleTime: 0,
  });
}

export function useMyAddresses(signedIn: boolean) {
  return useQuery({
    queryKey: ['addresses', 'list'],
    queryFn: () => api.call(queryAddresses, {}),
    enabled: signedIn,
  });
}

export function useAppointments(signedIn: boolean) {
  return useQuery({
    queryKey: ['valuation', 'appointments'],
    queryFn: () => api.call(queryValuationReservations),
    enabled: signedIn,
    staleTime: 0,
  });
}

type Booking = {
  startsAt: string;
  place: 'store' | 'home';
  storeId?: string | null;
  addressId?: string | null;
};

export function useBook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Booking & ({ estimateId: string } | { id: string })) =>
      'id' in input ? api.call(rescheduleValuationReservation, input) : api.call(reserveValuation, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['valuation'] }),
  });
}

export function useCancelAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(cancelValuationReservation, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['valuation'] }),
  });
}
