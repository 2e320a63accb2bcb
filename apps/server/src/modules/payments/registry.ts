// The cashier's extension points: what can be paid (payable kinds, registered by the modules that
// own them: orders' 'order' today; a top-up, a card fee, an overseas order, a loan repayment next)
// and how (pay methods: the wallet and the gateways today; loan credit next). Registered at start;
// the cashier, the settlement of callbacks and refunds loop over what is registered.
import type { Cashier, Language, PayChannel } from '@shop/contracts';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';

/** One thing to pay, as the cashier sees it. */
export type Payable = {
  kind: string;
  id: string;
  userId: string;
  /** What the shopper and the gateway read (an order's number). */
  reference: string;
  payableCents: number;
  paidCents: number;
  /** The owner's state, shown by the cashier (an order's WP, PAY…). */
  state: string;
  deadlineAt: Date | null;
};

/**
 * What one statement paying a payable needs (decisions 0008, 0011): given by the kind, used by a
 * method. `handle` is the kind's own read, passed back to `payInStatement`.
 */
export type OneStatementPayment = {
  /** The payable read with the caller's own expressions (by name) alongside; undefined when unknown. */
  read(
    id: string,
    with_: Record<string, SQL>,
  ): Promise<{ payable: Payable; read: Record<string, unknown>; handle: unknown } | undefined>;
  /** The payable this process kept since it was made, with a refusal guarding what the keeping assumed. */
  kept(id: string, userId: string): { payable: Payable; guard: SQL; handle: unknown } | undefined;
  /** The move to paid in one statement with the method's parts and the payment's own row. */
  payInStatement(
    handle: unknown,
    channel: PayChannel,
    parts: { ctes: Record<string, SQL>; refusals: SQL[] },
    alongside: SQL[],
  ): Promise<void>;
};

export type PayableKind = {
  kind: string;
  /** The shopper's own payable; throws the owner's catalogue error when it is not theirs or unknown. */
  own(userId: string, id: string): Promise<Payable>;
  /** The payable or null (no owner check): the status of a bridge answer, a late callback. */
  find(id: string): Promise<Payable | null>;
  /** Why it cannot be paid now (closed, already paid, past its deadline), or null. */
  refusal(payable: Payable, now?: Date): AppError | null;
  /** Read and locked inside a settlement's transaction; null when unknown. */
  lockForSettlement(id: string, tx: Db): Promise<Payable | null>;
  /** Whether a locked payable still waits for its money (else money arriving now goes back). */
  awaitsPayment(payable: Payable): boolean;
  /** A payment of it succeeded: it becomes paid, in the settlement's transaction. */
  markPaid(payable: Payable, channel: string, tx: Db): Promise<void>;
  /**
   * Money arrived for it when it no longer awaited any (closed, or its debt already repaid), or was
   * made for another amount than it asks now (`changed`: it changed after the payment started), and
   * is going back: the kind tells its owner (a notice) and closes what the money was for, in the
   * settlement's transaction. Optional.
   */
  lateMoney?(
    payable: Payable,
    payment: { id: string; amountCents: number; channel: string; changed?: boolean },
    tx: Db,
  ): Promise<void>;
  /**
   * Where the shop shows one of these once paid (a path under /h5/, e.g. a top-up's record): the
   * cashier goes there after a payment, and a gateway returns the shopper there. Without it, the
   * payment result page of orders (`/outPayment`).
   */
  resultPath?: (id: string) => string;
  /** Whether the gift balance (for shopping only, spec §4) may pay it: orders yes; a top-up no. */
  giftPays?: boolean;
  /**
   * When the kind supports it: paying in one statement (the wallet's path for orders, issue 5).
   * Without it the wallet pays in a transaction over `lockForSettlement` and `markPaid`.
   */
  oneStatement?: OneStatementPayment;
};

/** The answer to "pay": settled at once (wallet) or pending with what the browser does next. */
export type PayAnswer = {
  paymentId: string;
  status: 'SUCCEEDED' | 'PENDING';
  redirectUrl: string | null;
  /** A form the browser posts (PayWay). */
  form: { action: string; fields: Record<string, string>; enctype?: 'multipart/form-data' } | null;
  /** The KHQR string a banking app scans. */
  khqr: string | null;
  /** Until when the KHQR can be paid. */
  khqrExpiresAt?: string | null;
  /** A KHQR in riel: the amount the code carries and the rate locked with it. */
  riel?: { amountRiel: number; khrPerUsd: number } | null;
  /** What the wallet app's bridge is handed. */
  bridge: { orderId: string; partnerRefNumber: string; amount: string; currency: string } | null;
};

export type CashierEntrance = 'h5' | 'long' | 'acleda';

export type PayMethod = {
  /** Every channel this method pays through; the cashier finds a payment's method by its channel. */
  answers: readonly PayChannel[];
  /**
   * The cashier's rows of this method for a payable, in the order it offers them at this entrance,
   * and what it adds to the cashier (balances).
   */
  offer(
    userId: string,
    payable: Payable,
    entrance: CashierEntrance,
    language: Language,
    kind: PayableKind,
  ): Promise<{
    channels: Cashier['channels'];
    cashier?: Partial<Pick<Cashier, 'walletBalanceCents' | 'wallet' | 'hasPayPassword'>>;
  }>;
  pay(input: {
    userId: string;
    kind: PayableKind;
    id: string;
    channel: PayChannel;
    payPassword: string | undefined;
  }): Promise<PayAnswer>;
  /** Gives back the paid amount of a payable paid through `channel`, in the caller's transaction. */
  refund(
    input: { kind: string; id: string; userId: string; amountCents: number; channel: string },
    tx: Db,
  ): Promise<void>;
};

/** The kinds and methods registered at start, found by name and by channel. */
export class PaymentRegistry {
  private readonly kinds = new Map<string, PayableKind>();
  /** In registration order: the order the cashier offers them in. */
  readonly methods: PayMethod[] = [];
  private readonly byChannel = new Map<string, PayMethod>();

  registerPayable(kind: PayableKind): void {
    if (this.kinds.has(kind.kind)) throw new Error(`Payable kind '${kind.kind}' is registered twice`);
    this.kinds.set(kind.kind, kind);
  }

  registerMethod(method: PayMethod): void {
    for (const channel of method.answers)
      if (this.byChannel.has(channel)) throw new Error(`Pay channel '${channel}' is answered by two methods`);
    for (const channel of method.answers) this.byChannel.set(channel, method);
    this.methods.push(method);
  }

  /** The kind of that name; PAY0009 (the payment does not exist) for a name no module registered. */
  kind(name: string): PayableKind {
    const kind = this.kinds.get(name);
    if (!kind) throw new AppError('PAY0009');
    return kind;
  }

  /** The names of the kinds registered, in registration order. */
  kindNames(): string[] {
    return [...this.kinds.keys()];
  }

  /** The method paying through a channel. */
  methodOf(channel: string): PayMethod | undefined {
    return this.byChannel.get(channel);
  }
}
