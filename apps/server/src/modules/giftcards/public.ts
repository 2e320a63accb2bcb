/** What other modules may import from gift cards besides its service (reached through `Services`). */
export type { GiftCardService } from './service.ts';
