/** What other modules may import from notices besides its service (reached through `Services`). */
export type { NoticeService } from './service.ts';
