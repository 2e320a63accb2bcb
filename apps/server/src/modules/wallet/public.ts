/** What other modules may import from the wallet besides its services (reached through `Services`). */
export { formatUsd, type WalletService, type WithdrawalRow, withdrawalView } from './service.ts';
