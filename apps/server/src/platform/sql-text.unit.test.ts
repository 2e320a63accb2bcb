import { and, eq, gt, inArray, Param, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { collidingNumbers, selectNumber } from '../../test/statement-keys.ts';
import { orderHistory, orderItems, orders } from '../modules/orders/tables.ts';
import { walletAccounts, walletOrderMoves } from '../modules/wallet/tables.ts';
import { alongside, arrayOf, columnsOf, preparedStatement, refuseUnless, selectOf, setOf, valuesOf } from './db.ts';
import { sql } from './sql.ts';
import { buildQuery, shapeOfQuery, TextPieces, textOfPieces } from './sql-text.ts';

const dialect = new PgDialect();
const drizzleBuilt = (query: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { sql: text, params };
};

const orderId = '0b6c1a52-3d39-4b5e-9a38-1f7f0f6d2c11';
const now = new Date('2026-11-23T22:00:00.000Z');

/** The checkout's kinds of statements, and the query builder's own conditions. */
const statements: [string, SQL][] = [
  ['text and a parameter', sql`SELECT 1 WHERE ${1} = 1`],
  [
    'null, boolean, string, Date and Buffer parameters',
    sql`SELECT ${null}, ${true}, ${'a"b'}, ${now}, ${Buffer.from('x')}`,
  ],
  ['a list', sql`SELECT * FROM ${orders} WHERE ${orders.state} IN ${['WP', 'WS']}`],
  [
    'nested templates, tables and columns',
    sql`SELECT ${columnsOf(orders)} FROM ${orders} WHERE ${orders.id} = ${orderId} FOR UPDATE`,
  ],
  [
    'an order with its rows alongside (valuesOf, jsonb, timestamps, nulls)',
    sql`${alongside([
      sql`INSERT INTO ${orderItems} ${valuesOf(orderItems, [
        {
          orderId,
          skuId: '7',
          productId: '3',
          name: 'Phone',
          specText: 'Black',
          imageUrl: null,
          priceCents: 100,
          quantity: 2,
        },
      ])}`,
      sql`INSERT INTO ${orderHistory} ${valuesOf(orderHistory, [
        { orderId, action: 'create', fromState: null, toState: 'WP', actor: 'user' },
      ])}`,
      null,
    ])} INSERT INTO ${orders} ${valuesOf(orders, [
      {
        id: orderId,
        orderNo: '2026112300001',
        userId: orderId,
        state: 'WP',
        shipType: 'STORE',
        payType: 'ONLINE',
        itemTotalCents: 200,
        shippingFeeCents: 0,
        serviceFeeCents: 0,
        discountCents: 0,
        payableCents: 200,
        payChannel: null,
        couponId: null,
        buyerComment: 'leave at the door "please"',
        address: { receiver: 'Dara', lines: ['Phnom Penh'] } as never,
        storeId: 'store-1',
        deadlineAt: now,
      },
    ])} RETURNING ${columnsOf(orders)}`,
  ],
  [
    'a state move (setOf)',
    sql`UPDATE ${orders} SET ${setOf(orders, { state: 'WS', updatedAt: now, deadlineAt: null, paidCents: 200 })} WHERE id = ${orderId}`,
  ],
  [
    'the query builder’s conditions',
    sql`SELECT 1 FROM ${walletAccounts} WHERE ${and(
      eq(walletAccounts.ownerId, orderId),
      gt(walletAccounts.balance, 0),
      inArray(walletAccounts.kind, ['cash', 'gift']),
    )}`,
  ],
  [
    'an insert that may meet its idempotency key',
    sql`INSERT INTO ${walletOrderMoves} ${valuesOf(walletOrderMoves, [
      { idempotencyKey: 'order-pay:1', userId: orderId, orderId, direction: 'pay', giftCents: 0, cashCents: 200 },
    ])} ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
  ],
  ['an int[] literal', sql`SELECT * FROM t WHERE id = ANY(${'{1,2,3}'}::int[])`],
  [
    'a refusal over arrays, a named statement alongside and a conditional insert (selectOf)',
    sql`${alongside([], {
      link: sql`UPDATE ${orders} SET state = 'X' WHERE id = ${orderId} RETURNING id`,
      history: sql`INSERT INTO ${orderHistory} ${selectOf(orderHistory, { orderId, action: 'pay', actor: 'user', toState: 'PAY' })} WHERE ${true}`,
    })} SELECT ${refuseUnless(sql`${7} = ANY(${arrayOf([7, 8], 'integer')}) AND ${'x'} = ANY(${arrayOf(['x', 'y"z'], 'text')})`, 'ORD0005')}`,
  ],
  ['raw text and a quoted name', sql`SELECT ${sql.raw('42')} AS ${sql.identifier('the "answer"')}`],
];

describe('buildQuery makes the text and parameters drizzle makes', () => {
  for (const [name, query] of statements) {
    it(name, () => {
      expect(buildQuery(dialect, query)).toEqual(drizzleBuilt(query));
    });
  }

  it('leaves what it does not build to drizzle: placeholders and inlined parameters', () => {
    const placeholder = sql`SELECT ${sql.placeholder('id')}`;
    expect(buildQuery(dialect, placeholder)).toEqual(dialect.sqlToQuery(placeholder));
    const inlined = sql`SELECT ${'text'}, ${3}`.inlineParams();
    expect(buildQuery(dialect, inlined).sql).toBe("SELECT 'text', 3");
    expect(buildQuery(dialect, inlined).params).toEqual([]);
  });
});

const keyOf = (query: SQL) => shapeOfQuery(dialect, query, new TextPieces())?.key;

describe('shapeOfQuery keys a template by its text, without making it', () => {
  const piecesOf = (query: SQL) => {
    const pieces = new TextPieces();
    shapeOfQuery(dialect, query, pieces);
    return pieces;
  };
  const pay = (id: string, states: string[], note: string | null) =>
    sql`UPDATE ${orders} SET ${orders.state} = ${'PAY'} WHERE ${orders.id} = ${id} AND ${orders.state} IN ${states}${
      note === null ? sql`` : sql` AND ${orders.buyerComment} = ${note}`
    } RETURNING ${columnsOf(orders)}`;

  it('gives the parameters buildQuery gives, for every kind of statement', () => {
    for (const [, query] of statements)
      expect(shapeOfQuery(dialect, query, new TextPieces())?.params).toEqual(buildQuery(dialect, query).params);
  });

  it('gives the pieces of the text buildQuery makes, for every kind of statement', () => {
    for (const [, query] of statements)
      expect(textOfPieces(piecesOf(query).copy())).toBe(buildQuery(dialect, query).sql);
  });

  it('is the same for the same text with other values, and differs where the text does', () => {
    const one = keyOf(pay(orderId, ['WP'], null));
    expect(keyOf(pay('another', ['WS'], null))).toBe(one);
    expect(keyOf(pay(orderId, ['WP', 'WS'], null))).not.toBe(one);
    expect(keyOf(pay(orderId, ['WP'], 'x'))).not.toBe(one);
    expect(keyOf(sql`SELECT ${1}`)).not.toBe(keyOf(sql`SELECT ${1}, ${2}`));
    expect(keyOf(sql`SELECT ${sql.raw('1')}`)).not.toBe(keyOf(sql`SELECT ${sql.raw('2')}`));
    expect(keyOf(sql`SELECT ${sql.identifier('a')}`)).not.toBe(keyOf(sql`SELECT ${sql.identifier('b')}`));
    const keys = new Set(statements.map(([, query]) => keyOf(query)));
    expect(keys.size).toBe(statements.length);
  });

  it('gives the same pieces for the same text with other values, and others where the text differs', () => {
    const kept = piecesOf(pay(orderId, ['WP'], null)).copy();
    expect(piecesOf(pay('another', ['WS'], null)).are(kept)).toBe(true);
    expect(piecesOf(pay(orderId, ['WP', 'WS'], null)).are(kept)).toBe(false);
    expect(piecesOf(pay(orderId, ['WP'], 'x')).are(kept)).toBe(false);
    // A parameter is not a text, whatever the text: `$1` in a chunk is not a parameter's place.
    expect(piecesOf(sql`SELECT ${sql.raw('$1')}`).are(piecesOf(sql`SELECT ${1}`).copy())).toBe(false);
  });

  it('has no key for what buildQuery leaves to drizzle', () => {
    expect(shapeOfQuery(dialect, sql`SELECT ${sql.placeholder('id')}`, new TextPieces())).toBeUndefined();
    expect(shapeOfQuery(dialect, sql`SELECT ${'text'}`.inlineParams(), new TextPieces())).toBeUndefined();
  });
});

describe('a prepared statement is the one of its own text, whatever its key', () => {
  const [a, b] = collidingNumbers();

  it('two texts with one key get their own names and texts, each time', () => {
    expect(keyOf(selectNumber(a))).toBe(keyOf(selectNumber(b)));
    const first = preparedStatement(dialect, selectNumber(a));
    const second = preparedStatement(dialect, selectNumber(b));
    expect(first?.sql).toBe(`SELECT ${a}::int AS n`);
    expect(second?.sql).toBe(`SELECT ${b}::int AS n`);
    expect(second?.name).not.toBe(first?.name);
    for (let i = 0; i < 3; i++) {
      expect(preparedStatement(dialect, selectNumber(a))).toEqual(first);
      expect(preparedStatement(dialect, selectNumber(b))).toEqual(second);
    }
  });

  it('the same text cut into other chunks gets the same name; another text, another', () => {
    const whole = preparedStatement(dialect, sql`SELECT 7 AS seven WHERE ${1} = 1`);
    const cut = preparedStatement(dialect, sql`SELECT ${sql.raw('7')} AS seven WHERE ${2} = 1`);
    expect(cut).toEqual({ ...whole, params: [2] });
    expect(preparedStatement(dialect, sql`SELECT 8 AS seven WHERE ${1} = 1`)?.name).not.toBe(whole?.name);
  });

  it('a lookup made while another is under way (from a value’s conversion) does not mix their pieces', () => {
    let inner: ReturnType<typeof preparedStatement>;
    const converting = new Param('x', {
      mapToDriverValue: (value: unknown) => {
        inner = preparedStatement(dialect, sql`SELECT ${2}, 'inner'`);
        return value;
      },
    });
    const outer = preparedStatement(dialect, sql`SELECT ${1}, ${converting}, 'outer'`);
    expect(outer).toMatchObject({ sql: "SELECT $1, $2, 'outer'", params: [1, 'x'] });
    expect(inner).toMatchObject({ sql: "SELECT $1, 'inner'", params: [2] });
  });
});

describe('the helpers write the SQL they say', () => {
  it('alongside names its statements in one WITH; refuseUnless calls the refusal with its code', () => {
    const built = buildQuery(
      dialect,
      sql`${alongside([sql`SELECT ${1}`], { named: sql`SELECT ${2}` })}SELECT ${refuseUnless(sql`true`, 'ORD0005')}`,
    );
    expect(built.sql).toBe(
      'WITH alongside_0 AS (SELECT $1), named AS (SELECT $2) SELECT shop_refuse_unless(true, $3::text)',
    );
    expect(built.params).toEqual([1, 2, 'ORD0005']);
    expect(buildQuery(dialect, arrayOf(['a', 'b"c'], 'text'))).toEqual({
      sql: '$1::text[]',
      params: ['{"a","b\\"c"}'],
    });
  });
});
