/** What other modules may import from orders besides its service (reached through `Services`). */
export type { PaidListener, PaidOrder } from './context.ts';
export type { OrderRow, OrderService } from './service.ts';
export { type StaffAction, staffActions } from './transitions.ts';
