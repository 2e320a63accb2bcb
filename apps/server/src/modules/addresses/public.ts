/** What other modules may import from addresses besides its service (reached through `Services`). */
export type { AddressService, AddressSnapshot } from './service.ts';
