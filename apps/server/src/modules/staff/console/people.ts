import {
  adminSmsOutbox,
  adminUserLedger,
  adminUserLock,
  adminUserLookup,
  adminUserUnlock,
  adminWalletAdjust,
  adminWithdrawalDecide,
  adminWithdrawals,
  type ConsoleUser,
  type ConsoleWithdrawal,
} from '@shop/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../platform/errors.ts';
import type { AppContext, Services } from '../../../platform/module.ts';
import type { AccountUser } from '../../accounts/public.ts';
import { parseMobile } from '../../accounts/public.ts';
import { type WithdrawalRow, withdrawalView } from '../../wallet/public.ts';
import { actorOf, registerStaffCall } from '../http.ts';
import { contactsOf, emptyPage, searchedShopper } from './shoppers.ts';

function userView(u: AccountUser): ConsoleUser {
  return {
    id: u.id,
    phone: u.phone,
    name: u.name,
    email: u.email,
    level: u.level,
    locked: u.locked,
    createdAt: u.createdAt.toISOString(),
  };
}

/** The shopper of a phone written as staff type it (+855…, 0…, spaces); STF00027 when there is none. */
async function userByPhone(services: Services, phone: string): Promise<AccountUser> {
  const { e164 } = parseMobile(phone.trim(), phone.trim().startsWith('+86') ? '+86' : '+855');
  const user = await services.accounts.findByPhone(e164);
  if (!user) throw new AppError('STF00027', { what: 'user', id: e164 });
  return user;
}

async function userById(services: Services, id: string): Promise<AccountUser> {
  const user = /^[0-9a-f-]{36}$/i.test(id) ? await services.accounts.getUser(id) : null;
  if (!user) throw new AppError('STF00027', { what: 'user', id });
  return user;
}

async function withdrawalsWithUser(services: Services, rows: WithdrawalRow[]): Promise<ConsoleWithdrawal[]> {
  const shopper = await contactsOf(
    services,
    rows.map((r) => r.userId),
  );
  return rows.map((row) => {
    const contact = shopper(row.userId);
    return {
      ...withdrawalView(row),
      userId: row.userId,
      userPhone: contact?.phone ?? null,
      userName: contact?.name ?? '',
      shopper: contact,
      destinationAccount: row.accountNumber,
    };
  });
}

/** Reading a shopper's data is itself recorded: who looked at whom. */
async function auditRead(services: Services, request: FastifyRequest, action: string, user: AccountUser) {
  await services.staff.audit(actorOf(request), {
    action,
    targetType: 'user',
    targetId: user.id,
    after: { phone: user.phone },
  });
}

export function peopleConsoleRoutes({ app, services }: AppContext) {
  services.staff.addTiles({
    module: 'wallet',
    roles: ['finance'],
    tiles: async () => {
      const pending = await services.withdrawals.queue('init', { page: 1, size: 1 });
      const agreed = await services.withdrawals.queue('agree', { page: 1, size: 1 });
      return [
        { key: 'wallet.withdrawalsPending', value: pending.total, unit: 'count' },
        { key: 'wallet.withdrawalsToPay', value: agreed.total, unit: 'count' },
      ];
    },
  });

  // ---------------------------------------------------------------- finance

  registerStaffCall(app, services, adminWithdrawals, ['finance'], async (request) => {
    const { status, page, size, phone, reference } = request.query;
    const searched = await searchedShopper(services, phone);
    if (searched && !searched.userId) return emptyPage(page, size);
    const found = await services.withdrawals.staffSearch({
      state: status,
      userId: searched?.userId ?? undefined,
      reference,
      page,
      size,
    });
    return {
      list: await withdrawalsWithUser(services, found.rows),
      total: found.total,
      page,
      size,
      counts: found.counts,
    };
  });

  registerStaffCall(app, services, adminWithdrawalDecide, ['finance'], async (request, _reply, staff) => {
    const { id, decision, reason } = request.body;
    const before = await services.withdrawals.get(id);
    if (!before) throw new AppError('WAL00010');
    const after = await services.withdrawals.decide(id, decision, staff.id, reason);
    await services.staff.audit(actorOf(request), {
      action: `finance.withdrawal.${decision}`,
      targetType: 'withdrawal',
      targetId: id,
      before: withdrawalView(before),
      after: withdrawalView(after),
    });
    return (await withdrawalsWithUser(services, [after]))[0];
  });

  registerStaffCall(app, services, adminUserLedger, ['finance'], async (request) => {
    const user = await userByPhone(services, request.query.phone);
    const [balances, bills] = await Promise.all([
      services.wallet.balances(user.id),
      services.wallet.bills(user.id, {
        page: request.query.page,
        size: request.query.size,
        account: request.query.account,
      }),
    ]);
    await auditRead(services, request, 'finance.ledger.read', user);
    return { user: userView(user), balances, bills };
  });

  registerStaffCall(app, services, adminWalletAdjust, ['finance'], async (request, _reply, staff) => {
    const { account, amountCents, requestId } = request.body;
    const reason = request.body.reason.trim();
    if (!reason) throw new AppError('STF00026', { field: 'reason' });
    if (amountCents === 0 || Math.abs(amountCents) > 1_000_000) throw new AppError('STF00030');
    const user = await userByPhone(services, request.body.phone);
    const before = await services.wallet.balances(user.id);
    await services.wallet.adjust({
      userId: user.id,
      account,
      amountCents,
      reason,
      staffId: staff.id,
      idempotencyKey: `console-adjust:${requestId}`,
    });
    const after = await services.wallet.balances(user.id);
    await services.staff.audit(actorOf(request), {
      action: 'finance.wallet.adjust',
      targetType: 'user',
      targetId: user.id,
      before,
      after: { ...after, account, amountCents, reason },
    });
    return after;
  });

  // ---------------------------------------------------------------- support

  registerStaffCall(app, services, adminUserLookup, ['support'], async (request) => {
    const user = await userByPhone(services, request.query.phone);
    await auditRead(services, request, 'support.user.read', user);
    return userView(user);
  });

  registerStaffCall(app, services, adminUserLock, ['support'], async (request) => {
    const reason = request.body.reason.trim();
    if (!reason) throw new AppError('STF00026', { field: 'reason' });
    const before = await userById(services, request.body.userId);
    await services.accounts.lock(before.id, reason);
    const after = await userById(services, before.id);
    await services.staff.audit(actorOf(request), {
      action: 'support.user.lock',
      targetType: 'user',
      targetId: before.id,
      before: { locked: before.locked },
      after: { locked: after.locked, reason },
    });
    return userView(after);
  });

  registerStaffCall(app, services, adminUserUnlock, ['support'], async (request) => {
    const before = await userById(services, request.body.userId);
    await services.accounts.unlock(before.id);
    const after = await userById(services, before.id);
    await services.staff.audit(actorOf(request), {
      action: 'support.user.unlock',
      targetType: 'user',
      targetId: before.id,
      before: { locked: before.locked },
      after: { locked: after.locked },
    });
    return userView(after);
  });

  registerStaffCall(app, services, adminSmsOutbox, ['support'], async (request) => {
    let phone = request.query.phone?.trim() || undefined;
    if (phone) {
      try {
        phone = parseMobile(phone, phone.startsWith('+86') ? '+86' : '+855').e164;
      } catch {
        // Not a valid mobile: look for it as typed (the outbox keeps what was sent).
      }
    }
    return services.sms.outbox({ phone, page: request.query.page, size: request.query.size });
  });
}
