/** What other modules may import from payments besides its service (reached through `Services`). */

export { whereMoneyGoesBack } from './money-back.ts';
export type {
  OneStatementPayment,
  PayAnswer,
  Payable,
  PayableKind,
  PayMethod,
} from './registry.ts';
