import { getSystemConfig, type SystemConfig } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, firstAnswerData } from '../api/index.ts';

/** The shop's business constants from the server (spec §9), cached for the visit. */
export function useSystemConfig(): SystemConfig | undefined {
  return useQuery({
    queryKey: ['system-config'],
    queryFn: () => api.call(getSystemConfig, {}, { quiet: true }),
    // Every page comes with it (the server's page shell).
    initialData: () => firstAnswerData(getSystemConfig),
    staleTime: 5 * 60_000,
  }).data;
}
