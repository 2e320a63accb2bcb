import { type ChildProcess, spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { ShopApp } from '../src/app.ts';
import { users } from '../src/modules/accounts/tables.ts';
import { postJson } from './load-client.ts';

/**
 * A checkout load against the real server process (crash test and `bench/checkout.ts`): shoppers
 * with a session, a pay password and a funded wallet, published products, and one checkout =
 * create order (preorder + finish) + pay by wallet, over HTTP.
 */
export const LOAD_PAY_PASSWORD = '246810';
/**
 * The key pay passwords are kept with (decision 0006): the seeder that sets them and the server
 * that checks them must share it, or every payment is a wrong password.
 */
export const LOAD_PAY_PASSWORD_KEY = 'load-test-key-not-for-production-0123456789';

export type LoadShopper = { userId: string; token: string };
export type LoadFixture = { shoppers: LoadShopper[]; skuIds: string[] };

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Shoppers and products, made through the modules' services (same rows as the real flows write). */
export async function seedCheckoutLoad(
  shop: ShopApp,
  options: { shoppers: number; products: number; stockEach: number; priceCents: number; fundCents: number },
): Promise<LoadFixture> {
  const { catalogue, accounts, wallet } = shop.services;
  const name = (n: number) => ({ 'en-US': `Load item ${n}`, chs: `压测商品 ${n}`, kh: `ទំនិញ ${n}` });
  const categoryId = await catalogue.addCategory({ parentId: null, name: name(0) });
  const created = await catalogue.addProducts(
    Array.from({ length: options.products }, (_, i) => ({
      categoryId,
      name: name(i + 1),
      description: name(i + 1),
      published: true,
      imageIds: [],
      items: [{ spec: [], priceCents: options.priceCents, stock: options.stockEach, maxPurchase: 0 }],
    })),
  );
  const skuIds = created.map((p) => String(p.itemIds[0]));
  const shoppers: LoadShopper[] = [];
  for (let i = 0; i < options.shoppers; i++) {
    const [row] = await shop.ctx.db
      .insert(users)
      .values({ phone: `+85510${String(100000 + i)}`, countryCode: '+855', source: 'h5' })
      .returning({ id: users.id });
    const ticket = await accounts.issueTicket('paypwd', row.id);
    await accounts.setPayPassword(row.id, {
      payPassword: LOAD_PAY_PASSWORD,
      repeatPayPassword: LOAD_PAY_PASSWORD,
      ticket,
    });
    if (options.fundCents > 0) {
      await wallet.adjust({
        userId: row.id,
        account: 'cash',
        amountCents: options.fundCents,
        reason: 'load test funds',
        staffId: 'load',
        idempotencyKey: `load-fund:${row.id}`,
      });
    }
    const { token } = await shop.ctx.sessions.create('shopper', row.id);
    shoppers.push({ userId: row.id, token });
  }
  return { shoppers, skuIds };
}

export type CheckoutResult = { ok: true; orderId: string } | { ok: false; code: string; orderId?: string };

/** One checkout over HTTP. Business refusals come back as codes; transport failures throw. */
export async function checkoutOnce(baseUrl: string, token: string, skuId: string): Promise<CheckoutResult> {
  const call = (p: string, body: unknown) => postJson(`${baseUrl}${p}`, token, body);
  const pre = await call('/v1/preorder/createdirect', { skuId, quantity: 1, shipType: 'STORE' });
  if (pre.code !== '0') return { ok: false, code: pre.code };
  const order = await call('/v1/preorder/finish', { preorderId: pre.data.id });
  if (order.code !== '0') return { ok: false, code: order.code };
  const paid = await call('/v1/order/pay', {
    orderId: order.data.orderId,
    channel: 'wallet',
    payPassword: LOAD_PAY_PASSWORD,
  });
  if (paid.code !== '0') return { ok: false, code: paid.code, orderId: order.data.orderId };
  return { ok: true, orderId: order.data.orderId };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type ServerProcess = { child: ChildProcess; url: string; stop(signal?: NodeJS.Signals): Promise<void> };

/**
 * `node apps/server/src/main.ts` as in production (NODE_ENV=production, PostgreSQL, no demo data,
 * sandbox adapters), on a port of its own; resolves once `/ready` answers. `root`: the checkout of
 * the shop to run (another revision's worktree, `bench/ab.ts`), this one by default.
 */
export async function startServerProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
  port?: number,
  root = repoRoot,
): Promise<ServerProcess & { port: number }> {
  const chosen = port ?? (await freePort());
  const child = spawn(process.execPath, [path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // The production build on the parties' simulators (docs/going-live.md, SHOP_STAGING).
      SHOP_STAGING: '1',
      DATABASE_URL: databaseUrl,
      DEMO_DATA: '0',
      PAYMENT_SECRET: 'load-test-secret-not-for-production-0123456789',
      FILE_LINK_SECRET: 'bench-and-test-only-file-link-secret-0123456789',
      PAY_PASSWORD_KEY: LOAD_PAY_PASSWORD_KEY,
      PORT: String(chosen),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // Every buyer of a load comes from 127.0.0.1: the per-address limit would refuse them.
      RATE_LIMIT_PER_MINUTE: '100000000',
      WEB_DIST: '/nonexistent-web-dist',
      ADMIN_DIST: '/nonexistent-admin-dist',
      ...env,
    },
    // The server's log (warnings and faults) goes to LOAD_SERVER_LOG when set, for looking into a refusal.
    stdio: ['ignore', process.env.LOAD_SERVER_LOG ? openSync(process.env.LOAD_SERVER_LOG, 'a') : 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${chosen}`;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) => reject(new Error(`server exited early (${code ?? signal})`))),
  );
  exited.catch(() => {});
  const ready = (async () => {
    for (const started = Date.now(); Date.now() - started < 90_000; ) {
      try {
        const res = await fetch(`${url}/ready`);
        if (res.ok) return;
      } catch {}
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('server not ready within 90 s');
  })();
  await Promise.race([ready, exited]);
  return {
    child,
    url,
    port: chosen,
    stop: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}
