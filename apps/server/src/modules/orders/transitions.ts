/**
 * THE order state machine (DESIGN §6): every allowed move of an order is one row of this table,
 * and `OrderService.move` is the only code that changes an order's state. Each move writes a
 * history row in the same transaction and runs the hooks of its row.
 *
 * States (spec §4): WP wait pay, WS wait ship, WR wait receive, PAY paid (pickup order paid online,
 * being prepared), WPP wait pickup payment (cash at the store), WPU wait pickup (paid, held at the
 * store 7 days), CANCEL, FINISH, REFUND.
 */
export const ORDER_STATES = ['WP', 'WS', 'WR', 'PAY', 'WPP', 'WPU', 'CANCEL', 'FINISH', 'REFUND'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export type ShipType = 'STORE' | 'LOGISTICS';
export type PayType = 'CASH' | 'ONLINE' | 'COD';

export type OrderAction =
  | 'pay' // the payment of an online order succeeded
  | 'cancel' // the shopper or staff cancels an order nothing was paid for
  | 'expire' // unpaid too long, or not picked up within the hold
  | 'ship' // staff hand the parcel to the carrier
  | 'receive' // the shopper (or the auto-confirm job) confirms receipt
  | 'ready' // the store has prepared a paid pickup order
  | 'pickup' // the shopper collected (and for CASH paid) at the store
  | 'refund'; // staff refund a paid order that has not left the shop

export type Actor = 'user' | 'staff' | 'system';

/** Effects a move has besides the state: run inside the move's transaction. */
export type Hook =
  | 'releaseStock'
  | 'releaseCoupon'
  | 'refundPayment'
  | 'recordPaid'
  | 'startPickupHold'
  | 'startAutoReceive';

export type Transition = {
  action: OrderAction;
  from: OrderState;
  to: OrderState;
  by: Actor[];
  /** The row applies only to orders of this delivery / payment type. */
  ship?: ShipType;
  pay?: PayType;
  hooks: Hook[];
};

export const TRANSITIONS: readonly Transition[] = [
  { action: 'pay', from: 'WP', to: 'WS', ship: 'LOGISTICS', by: ['user', 'system'], hooks: ['recordPaid'] },
  { action: 'pay', from: 'WP', to: 'PAY', ship: 'STORE', by: ['user', 'system'], hooks: ['recordPaid'] },
  { action: 'cancel', from: 'WP', to: 'CANCEL', by: ['user', 'staff'], hooks: ['releaseStock', 'releaseCoupon'] },
  { action: 'cancel', from: 'WPP', to: 'CANCEL', by: ['user', 'staff'], hooks: ['releaseStock', 'releaseCoupon'] },
  {
    action: 'cancel',
    from: 'WS',
    to: 'CANCEL',
    pay: 'COD',
    by: ['user', 'staff'],
    hooks: ['releaseStock', 'releaseCoupon'],
  },
  { action: 'expire', from: 'WP', to: 'CANCEL', by: ['system'], hooks: ['releaseStock', 'releaseCoupon'] },
  { action: 'expire', from: 'WPP', to: 'CANCEL', by: ['system'], hooks: ['releaseStock', 'releaseCoupon'] },
  { action: 'expire', from: 'WPU', to: 'REFUND', by: ['system'], hooks: ['releaseStock', 'refundPayment'] },
  { action: 'ship', from: 'WS', to: 'WR', by: ['staff'], hooks: ['startAutoReceive'] },
  { action: 'receive', from: 'WR', to: 'FINISH', by: ['user', 'system', 'staff'], hooks: [] },
  { action: 'ready', from: 'PAY', to: 'WPU', by: ['staff'], hooks: ['startPickupHold'] },
  { action: 'pickup', from: 'WPU', to: 'FINISH', by: ['staff'], hooks: [] },
  { action: 'pickup', from: 'WPP', to: 'FINISH', pay: 'CASH', by: ['staff'], hooks: ['recordPaid'] },
  {
    action: 'refund',
    from: 'WS',
    to: 'REFUND',
    pay: 'ONLINE',
    by: ['staff'],
    hooks: ['releaseStock', 'refundPayment'],
  },
  { action: 'refund', from: 'PAY', to: 'REFUND', by: ['staff'], hooks: ['releaseStock', 'refundPayment'] },
  { action: 'refund', from: 'WPU', to: 'REFUND', by: ['staff'], hooks: ['releaseStock', 'refundPayment'] },
];

/** The state a new order starts in. */
export function initialState(ship: ShipType, pay: PayType): OrderState {
  if (pay === 'ONLINE') return 'WP';
  if (pay === 'CASH') {
    if (ship !== 'STORE') throw new Error('cash is paid at the store: pickup orders only');
    return 'WPP';
  }
  if (ship !== 'LOGISTICS') throw new Error('cash on delivery needs delivery');
  return 'WS';
}

/** The row that allows `action` on an order in `from`, or undefined when the move is not allowed. */
export function findTransition(
  action: OrderAction,
  order: { state: OrderState; shipType: ShipType; payType: PayType },
  by: Actor,
): Transition | undefined {
  return TRANSITIONS.find(
    (t) =>
      t.action === action &&
      t.from === order.state &&
      t.by.includes(by) &&
      (!t.ship || t.ship === order.shipType) &&
      (!t.pay || t.pay === order.payType),
  );
}

/** Every action staff may take on some order, in the order the console shows them. */
const STAFF_ACTIONS = ['ship', 'ready', 'pickup', 'receive', 'cancel', 'refund'] as const satisfies OrderAction[];
export type StaffAction = (typeof STAFF_ACTIONS)[number];

/**
 * The moves staff may make on `order` now: those of the table's rows for its state, delivery and
 * payment type that staff may take. The console offers exactly these; any other is refused by
 * `OrderMoves.move` (ORD0002). A shipped order (WR) allows only its receipt: the parcel has left,
 * so it can be neither cancelled nor refunded.
 */
export function staffActions(order: { state: string; shipType: string; payType: string }): StaffAction[] {
  const read = order as { state: OrderState; shipType: ShipType; payType: PayType };
  return STAFF_ACTIONS.filter((action) => findTransition(action, read, 'staff'));
}

/** Tabs of the order list (spec §2): which states each shows. */
export const TAB_STATES: Record<'all' | 'waitpay' | 'waitproduct' | 'finish' | 'cancel', OrderState[] | null> = {
  all: null,
  waitpay: ['WP', 'WPP'],
  waitproduct: ['WS', 'WR', 'PAY', 'WPU'],
  finish: ['FINISH'],
  cancel: ['CANCEL', 'REFUND'],
};
