import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client.ts';

/**
 * On a slow phone network a failed read is retried once, not three times. An answer of the server
 * (a catalogue code) is not retried: it would say the same, and a read that failed with "session
 * invalid" would come back without a token and prompt a second login (spec §7: prompted once).
 */
export const retryRead = (failures: number, error: unknown) =>
  failures < 1 && (!(error instanceof ApiError) || error.code === 'NETWORK');

/** The one query cache of the shop; shared code outside React (a login resumed) writes to it too. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: retryRead, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});
