/**
 * The floor of a checkout on this machine: the least a server could do for the three calls the
 * checkout bench makes (createdirect, finish, pay by wallet) and still keep the shop's rules — one
 * statement and one durable commit per call, stock taken conditionally, a history row per move, the
 * payment recorded, money moved as an idempotent transfer with balances never below zero. No
 * sessions table, no modules, no ORM, no validation beyond what the statements need. It is a
 * yardstick, like the bare Fastify server beside the catalogue's rates: what the shop's own code
 * costs is the distance between this floor and the shop.
 *
 *   DATABASE_URL=… PORT=… node bench/checkout-floor-server.ts   (bench/checkout.ts starts it)
 *
 * `--setup N_USERS N_SKUS PAY_HASH` creates its tables in DATABASE_URL and exits.
 */
import { createHmac } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const databaseUrl = process.env.DATABASE_URL as string;
const PAY_PASSWORD_KEY = 'floor-key';
export const payHash = (userId: number, password: string) =>
  createHmac('sha256', PAY_PASSWORD_KEY).update(`${userId}:${password}`).digest('base64url');

const SCHEMA = `
CREATE FUNCTION floor_refuse_unless(ok boolean, code text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN IF ok IS NOT TRUE THEN RAISE EXCEPTION USING ERRCODE = 'AM001', MESSAGE = code; END IF; RETURN true; END $$;
CREATE TABLE skus (id bigint PRIMARY KEY, price_cents int NOT NULL, stock int NOT NULL CHECK (stock >= 0),
  published boolean NOT NULL DEFAULT true);
CREATE TABLE users (id bigint PRIMARY KEY, pay_password_hash text NOT NULL);
CREATE TABLE preorders (id bigserial PRIMARY KEY, user_id bigint NOT NULL, sku_id bigint NOT NULL,
  quantity int NOT NULL, price_cents int NOT NULL, order_id bigint, expires_at timestamptz NOT NULL);
CREATE TABLE orders (id bigserial PRIMARY KEY, order_no text NOT NULL UNIQUE, user_id bigint NOT NULL,
  state text NOT NULL, total_cents int NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), paid_at timestamptz);
CREATE INDEX orders_user ON orders (user_id, created_at);
CREATE TABLE order_items (id bigserial PRIMARY KEY, order_id bigint NOT NULL, sku_id bigint NOT NULL,
  price_cents int NOT NULL, quantity int NOT NULL);
CREATE INDEX order_items_order ON order_items (order_id);
CREATE TABLE order_history (id bigserial PRIMARY KEY, order_id bigint NOT NULL, from_state text,
  to_state text NOT NULL, at timestamptz NOT NULL DEFAULT now());
CREATE INDEX order_history_order ON order_history (order_id);
CREATE TABLE accounts (id bigint PRIMARY KEY, kind text NOT NULL, balance_cents bigint NOT NULL,
  CHECK (kind = 'clearing' OR balance_cents >= 0));
CREATE TABLE transfers (id bigserial PRIMARY KEY, idempotency_key text NOT NULL UNIQUE, debit bigint NOT NULL,
  credit bigint NOT NULL, amount_cents bigint NOT NULL CHECK (amount_cents > 0), order_id bigint);
CREATE TABLE payments (id bigserial PRIMARY KEY, order_id bigint NOT NULL, channel text NOT NULL,
  amount_cents int NOT NULL, status text NOT NULL);
CREATE INDEX payments_order ON payments (order_id);
`;

const CLEARING_SHARDS = 8;

const createdirect = {
  name: 'floor_createdirect',
  text: `INSERT INTO preorders (user_id, sku_id, quantity, price_cents, expires_at)
         SELECT $1, id, $3, price_cents, now() + interval '30 minutes' FROM skus
         WHERE id = $2 AND published AND stock >= $3 RETURNING id`,
};
const finish = {
  name: 'floor_finish',
  text: `WITH p AS (UPDATE preorders SET order_id = nextval('orders_id_seq')
                  WHERE id = $1 AND user_id = $2 AND order_id IS NULL AND expires_at > now() RETURNING *),
         s AS (UPDATE skus SET stock = stock - p.quantity FROM p WHERE skus.id = p.sku_id AND stock >= p.quantity
               RETURNING skus.id),
         o AS (INSERT INTO orders (id, order_no, user_id, state, total_cents)
               SELECT p.order_id, 'F' || p.order_id, p.user_id, 'WP', p.price_cents * p.quantity FROM p RETURNING id),
         i AS (INSERT INTO order_items (order_id, sku_id, price_cents, quantity)
               SELECT p.order_id, p.sku_id, p.price_cents, p.quantity FROM p),
         h AS (INSERT INTO order_history (order_id, from_state, to_state) SELECT id, NULL, 'WP' FROM o)
         SELECT o.id, floor_refuse_unless((SELECT count(*) FROM s) = 1, 'ORD0005') FROM o`,
};
const pay = {
  name: 'floor_pay',
  text: `WITH o AS (UPDATE orders SET state = 'PAY', paid_at = now()
                  WHERE id = $1 AND user_id = $2 AND state = 'WP'
                    AND EXISTS (SELECT 1 FROM users WHERE id = $2 AND pay_password_hash = $3)
                  RETURNING id, total_cents),
         b AS (UPDATE accounts SET balance_cents = balance_cents - o.total_cents FROM o
               WHERE accounts.id = $2 AND balance_cents >= o.total_cents RETURNING o.total_cents),
         c AS (UPDATE accounts SET balance_cents = balance_cents + b.total_cents FROM b
               WHERE accounts.id = -1 - ($2 % ${CLEARING_SHARDS}) RETURNING 1),
         t AS (INSERT INTO transfers (idempotency_key, debit, credit, amount_cents, order_id)
               SELECT 'pay:' || $1, $2, -1 - ($2 % ${CLEARING_SHARDS}), total_cents, $1 FROM b),
         h AS (INSERT INTO order_history (order_id, from_state, to_state) SELECT id, 'WP', 'PAY' FROM o),
         y AS (INSERT INTO payments (order_id, channel, amount_cents, status)
               SELECT id, 'wallet', total_cents, 'SUCCEEDED' FROM o)
         SELECT floor_refuse_unless((SELECT count(*) FROM o) = 1, 'ORD0002'),
                floor_refuse_unless((SELECT count(*) FROM b) = 1 AND (SELECT count(*) FROM c) = 1, 'WAL00001')`,
};

async function setup(users: number, skus: number, priceCents: number, stock: number, password: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(SCHEMA);
  await client.query(`INSERT INTO skus (id, price_cents, stock) SELECT g, $1, $2 FROM generate_series(1, $3) g`, [
    priceCents,
    stock,
    skus,
  ]);
  for (let id = 1; id <= users; id++) {
    await client.query('INSERT INTO users (id, pay_password_hash) VALUES ($1, $2)', [id, payHash(id, password)]);
  }
  await client.query(
    `INSERT INTO accounts (id, kind, balance_cents) SELECT g, 'cash', 1000000000 FROM generate_series(1, $1) g`,
    [users],
  );
  await client.query(
    `INSERT INTO accounts (id, kind, balance_cents) SELECT -g, 'clearing', 0 FROM generate_series(1, $1) g`,
    [CLEARING_SHARDS],
  );
  await client.end();
}

/** A refusal answered with its code, as the shop answers a catalogue error. */
const refuse = (code: string) => Object.assign(new Error(code), { code: 'AM001' });

async function serve(port: number) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = Fastify({ logger: false });
  // Tokens are the user ids in the floor: a shop's session lookup is not part of its floor.
  const userOf = (authorization: string | undefined) => Number((authorization ?? '').slice('Bearer '.length));
  const answer = async (run: () => Promise<unknown>) => {
    try {
      return { code: '0', msg: 'ok', data: await run() };
    } catch (error) {
      const e = error as { code?: string; message: string };
      if (e.code === 'AM001') return { code: e.message, msg: e.message, data: null };
      throw error;
    }
  };
  app.post('/v1/preorder/createdirect', (req) =>
    answer(async () => {
      const b = req.body as { skuId: string; quantity: number };
      const { rows } = await pool.query({
        ...createdirect,
        values: [userOf(req.headers.authorization), b.skuId, b.quantity],
      });
      if (rows.length === 0) throw refuse('ORD0005');
      return { id: String(rows[0].id) };
    }),
  );
  app.post('/v1/preorder/finish', (req) =>
    answer(async () => {
      const b = req.body as { preorderId: string };
      const { rows } = await pool.query({ ...finish, values: [b.preorderId, userOf(req.headers.authorization)] });
      if (rows.length === 0) throw refuse('PREORDER_PLACED');
      return { orderId: String(rows[0].id) };
    }),
  );
  app.post('/v1/order/pay', (req) =>
    answer(async () => {
      const b = req.body as { orderId: string; payPassword: string };
      const user = userOf(req.headers.authorization);
      await pool.query({ ...pay, values: [b.orderId, user, payHash(user, b.payPassword)] });
      return { orderId: b.orderId, state: 'PAY' };
    }),
  );
  app.get('/ready', async () => ({ ok: true }));
  await app.listen({ port, host: '127.0.0.1' });
}

if (process.argv[2] === '--setup') {
  const [users, skus, priceCents, stock, password] = process.argv.slice(3);
  await setup(Number(users), Number(skus), Number(priceCents), Number(stock), password);
} else {
  await serve(Number(process.env.PORT));
}
