import { defineModule } from '../../platform/module.ts';
import { migrationsOf } from '../../platform/paths.ts';
import { provideLoanDocuments } from './documents.ts';
import { knowsLenderReference } from './lender-references.ts';
import { loanRoutes } from './routes.ts';
import { seedLoans } from './seed.ts';
import { LoansService } from './service.ts';
import type { Reminder } from './sweep.ts';

declare module '../../platform/module.ts' {
  interface Services {
    loans: LoansService;
  }
}

/**
 * The partner installment loan (kmf): applications signed by SMS code and decided by the lender,
 * the credit wallet (collect, bank payout, spend at the cashier), repayments as the cashier's kind
 * 'loan', extensions, late fees, the blacklist and reminders (docs/loans.md).
 */
export const loansModule = defineModule({
  name: 'loans',
  migrations: migrationsOf('modules/loans'),
  needs: ['payments', 'accounts', 'wallet', 'notices', 'lender', 'content', 'uploads', 'notifications'],
  provides: ['loans'],
  build: (ctx, needed) => {
    const loans = new LoansService(ctx, needed);
    needed.payments.registerPayable(loans.repayments.payable());
    needed.payments.registerMethod(loans.credit.payMethod());
    needed.accounts.guardPhoneChange((userId) => loans.refusePhoneChange(userId));
    // A lender that says when it decided (webhooks): its answers are read now, not at the next poll.
    needed.lender.answersTo?.(
      async () => `moved ${await loans.pollLender()}`,
      (reference) => knowsLenderReference(ctx.db, reference),
    );
    return { loans };
  },
  routes: loanRoutes,
  init: (services) => provideLoanDocuments(services.content),
  seedDemo: seedLoans,
  jobs: (_ctx, services) => [
    {
      name: 'loans.poll-lender',
      everyMs: 60_000,
      handler: async () => {
        await services.loans.pollLender();
      },
    },
    {
      name: 'loans.daily',
      everyMs: 60 * 60_000,
      handler: async () => {
        await services.loans.daily();
      },
    },
    {
      name: 'loans.extension',
      handler: async (payload) => {
        await services.loans.repayments.takeExtensionAnswer(String(payload.id));
      },
    },
    {
      name: 'loans.payout',
      handler: async (payload) => {
        await services.loans.credit.runPayout(String(payload.id));
      },
    },
    {
      name: 'loans.remind',
      handler: async (payload) => {
        await services.loans.remind(payload as unknown as Reminder);
      },
    },
  ],
});
