/** What other modules may import from invitations besides its service (reached through `Services`). */
export { INVITE_RULES } from './service.ts';
