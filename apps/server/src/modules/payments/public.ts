/** What other modules may import from payments besides its service (reached through `Services`). */

export { whereMoneyGoesBack } from './money-back.ts';
export {
  KHQR_BANK_CHOICE_MS,
  REFUND_PENDING_ALERT_MS,
  REFUND_STATES,
  REFUND_TASK_ALERT_MS,
  type RefundState,
} from './refund-states.ts';
export type {
  OneStatementPayment,
  PayAnswer,
  Payable,
  PayableKind,
  PayMethod,
} from './registry.ts';
