import { getCustomerService } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';

export function useCustomerService() {
  return useQuery({ queryKey: ['customer-service'], queryFn: () => api.call(getCustomerService) });
}
