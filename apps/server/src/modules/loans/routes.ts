import {
  applyLoan,
  collectLoan,
  createLoanRepayment,
  loanJump,
  queryCarLoan,
  queryLoanAgreement,
  queryLoanOffer,
  queryLoans,
  requestLoanExtension,
  requestLoanPayout,
  saveCarLoanFirstPage,
  saveCarLoanSecondPage,
  saveCarLoanThirdPage,
  signLoan,
} from '@shop/contracts';
import { registerCall } from '../../platform/http.ts';
import type { AppContext } from '../../platform/module.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

export function loanRoutes({ app, services, resolveSession }: AppContext) {
  const loans = services.loans;
  const user = (req: { session: { subjectId: string } | null }) => req.session?.subjectId as string;

  registerCall(app, queryLoanOffer, resolveSession, async (req) => loans.offer(user(req), req.language));
  registerCall(app, applyLoan, resolveSession, async (req) => loans.apply(user(req), req.body, req.language));
  registerCall(app, queryLoanAgreement, resolveSession, async (req) => loans.agreement(user(req), req.query.id));
  registerCall(app, signLoan, resolveSession, async (req) =>
    loans.sign(user(req), req.body.id, req.body.code, req.language),
  );
  registerCall(app, queryLoans, resolveSession, async (req) => loans.home(user(req), req.language));
  registerCall(app, collectLoan, resolveSession, async (req) =>
    loans.collect(user(req), req.body.id, req.language, req.body.acceptCents),
  );
  registerCall(app, requestLoanPayout, resolveSession, async (req) => loans.payout(user(req), req.body));
  registerCall(app, createLoanRepayment, resolveSession, async (req) =>
    loans.repay(user(req), req.body.id, req.body.amountCents),
  );
  registerCall(app, requestLoanExtension, resolveSession, async (req) =>
    loans.extend(user(req), req.body.id, req.language),
  );
  registerCall(app, loanJump, resolveSession, async (req) => loans.jump(user(req)));

  // The yingxin car loan: each page saved as the shopper's draft; the third submits it.
  const cars = loans.cars;
  registerCall(app, queryCarLoan, resolveSession, async (req) => cars.query(user(req), req.language));
  registerCall(app, saveCarLoanFirstPage, resolveSession, async (req) =>
    cars.view(await cars.firstPage(user(req), req.body), req.language),
  );
  registerCall(app, saveCarLoanSecondPage, resolveSession, async (req) =>
    cars.view(await cars.secondPage(user(req), req.body), req.language),
  );
  registerCall(app, saveCarLoanThirdPage, resolveSession, async (req) =>
    cars.view(await cars.thirdPage(user(req), req.body), req.language),
  );

  // The local lender's own site, where /mycreditJump hands the shopper over (a real partner's
  // site takes its place with LENDER_SITE_URL): it accepts only a signed reference still in time.
  if (services.lender.name === 'simulator')
    app.get('/lender-sim/mycredit', { schema: { hide: true } }, async (request, reply) => {
      const ref = String((request.query as Record<string, unknown>).ref ?? '');
      const read = loans.readJump(ref);
      reply.type('text/html; charset=utf-8');
      if (!read)
        return reply
          .code(403)
          .send('<!doctype html><html lang="en"><title>MyCredit</title><p>This link has expired or is not valid.</p>');
      return `<!doctype html><html lang="en"><meta name="viewport" content="width=device-width"><title>MyCredit</title>
<h1>MyCredit (local lender)</h1><p>Signed hand-off accepted for customer ${escapeHtml(read.u)}${
        read.l ? `, loan ${escapeHtml(read.l)}` : ''
      }; valid until ${new Date(read.e).toISOString()}.</p>`;
    });
}
