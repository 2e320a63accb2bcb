import { getSystemConfig, type SystemConfig } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/index.ts';

/** The shop's business constants from the server (spec §9), cached for the visit. */
export function useSystemConfig(): SystemConfig | undefined {
  return useQuery({
    queryKey: ['system-config'],
    queryFn: () => api.call(getSystemConfig, {}, { quiet: true }),
    staleTime: 5 * 60_000,
  }).data;
}
