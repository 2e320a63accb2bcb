/** What other modules may import from accounts besides its service (reached through `Services`). */
export { parseMobile } from './phone.ts';
export type { AccountsService, AccountUser } from './service.ts';
