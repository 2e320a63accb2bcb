/** What other modules may import from currency besides its service (reached through `Services`). */
export type { CurrencyService } from './service.ts';
export { RATE_MEMORY_MS } from './service.ts';
