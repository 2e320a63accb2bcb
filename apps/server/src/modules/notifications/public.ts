/** What other modules may import from notifications besides its service (reached through `Services`). */
export type { Channel, EventKind, EventPayloads, NotificationEvent } from './events.ts';
export * from './makers.ts';
export type { NotificationService } from './service.ts';
