/** What other modules may import from system besides its service (reached through `Services`). */
export type { SystemService } from './service.ts';
