import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../shared/api/index.ts';

/**
 * On a slow phone network a failed read is retried once, not three times. An answer of the server
 * (a catalogue code) is not retried: it would say the same, and a read that failed with "session
 * invalid" would come back without a token and prompt a second login (spec §7: prompted once).
 */
export const retryRead = (failures: number, error: unknown) =>
  failures < 1 && (!(error instanceof ApiError) || error.code === 'NETWORK');

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: retryRead, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
