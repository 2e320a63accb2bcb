import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testConfig } from '../../../test/harness.ts';
import { buildApp, type ShopApp } from '../../app.ts';
import { type Database, openPostgres } from '../../platform/db.ts';
import { sql } from '../../platform/sql.ts';
import { users } from '../accounts/tables.ts';
import { notices } from '../notices/tables.ts';
import { LEASE_MS } from './outbox.ts';
import { notificationDeliveries } from './tables.ts';

/**
 * Exactly once under two processes and a kill mid-send: two shops (their own services, job runners
 * and, on PostgreSQL, their own connection pools) over one database, as two instances behind the
 * proxy are.
 */
let a: ShopApp;
let b: ShopApp;
let databaseB: Database;
let dbUrl: string | undefined;
let cleanup: () => Promise<void>;
const sink = () => new Writable({ write: (_c, _e, done) => done() });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  const { database, url, drop } = await openTestDatabase();
  dbUrl = url;
  const files = mkdtempSync(path.join(tmpdir(), 'notify-outbox-'));
  const config = testConfig({ sms: { ...testConfig().sms, simDelayMs: 5, simFailureRate: 0 } });
  config.storage = { ...config.storage, folder: files };
  a = await buildApp(config, database, { logStream: sink() });
  databaseB = url ? openPostgres(url, 10) : database;
  b = await buildApp(config, databaseB, { logStream: sink() });
  cleanup = async () => {
    if (url) await b.close();
    await a.close();
    await drop();
    rmSync(files, { recursive: true, force: true });
  };
});
afterAll(() => cleanup());

let serial = 0;
async function linkedShopper() {
  serial += 1;
  const phone = `+8559880${String(serial).padStart(4, '0')}`;
  const [row] = await a.ctx.db.insert(users).values({ phone, countryCode: '+855' }).returning({ id: users.id });
  const link = await a.services.notifications.telegram.createLink(row.id, 'en-US');
  const chat = String(6_200_000 + serial);
  await a.services.telegram.simulator?.pressStart(chat, 'Sok', new URL(link.link).searchParams.get('start') as string);
  return { userId: row.id, phone, chat };
}

async function chatLog(chat: string) {
  return (await a.services.telegram.simulator?.chatLog(chat)) ?? [];
}
async function rowsOf(userId: string) {
  return a.ctx.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.userId, userId));
}
const DAY = new Date('2026-11-28T04:00:00Z');

describe('the outbox', () => {
  it('sends each event once per channel when two processes deliver at the same time', async () => {
    const shoppers = [];
    for (let i = 0; i < 6; i++) shoppers.push(await linkedShopper());
    await sleep(1100); // the link's reply was the chat's last message: Telegram allows one a second
    for (const s of shoppers)
      await a.services.notifications.emit(
        {
          kind: 'order.paid',
          userId: s.userId,
          subject: `X-${s.chat}`,
          data: { orderId: 1, orderNo: `X-${s.chat}`, amountCents: 1250 },
        },
        undefined,
        DAY,
      );
    const ids = (await Promise.all(shoppers.map((s) => rowsOf(s.userId)))).flat().map((d) => d.id);
    expect(ids).toHaveLength(18); // in-app, SMS, Telegram for each
    // Both processes run their job runners and, on top, try every delivery themselves, at once.
    await Promise.all([
      a.ctx.jobs.runDue(),
      b.ctx.jobs.runDue(),
      ...ids.flatMap((id) => [
        a.services.notifications.outbox.deliver(id),
        b.services.notifications.outbox.deliver(id),
      ]),
      a.ctx.jobs.runDue(),
      b.ctx.jobs.runDue(),
    ]);
    for (const s of shoppers) {
      const text = `X-${s.chat}`;
      expect((await chatLog(s.chat)).filter((m) => m.text.includes(text))).toHaveLength(1);
      const sms = await a.services.sms.outbox({ phone: s.phone, page: 1, size: 20 });
      expect(sms.list.filter((m) => m.text.includes(text))).toHaveLength(1);
      const own = await a.ctx.db.select().from(notices).where(eq(notices.userId, s.userId));
      expect(own).toHaveLength(1);
      expect((await rowsOf(s.userId)).map((d) => `${d.channel}:${d.state}`).sort()).toEqual([
        'inApp:sent',
        'sms:sent',
        'telegram:sent',
      ]);
    }
  });

  it('never repeats a Telegram send cut off by a process killed mid-send', async () => {
    const s = await linkedShopper();
    await sleep(1100);
    await a.services.notifications.emit(
      { kind: 'order.delivered', userId: s.userId, subject: 'K-1', data: { orderId: 9, orderNo: 'K-1' } },
      undefined,
      DAY,
    );
    const tg = (await rowsOf(s.userId)).find((d) => d.channel === 'telegram');
    // Process A's request reaches Telegram, and A dies before the answer: it never marks the send.
    const real = a.services.telegram.api.transport;
    let reached!: () => void;
    const atTelegram = new Promise<void>((resolve) => (reached = resolve));
    a.services.telegram.api.transport = async (url, init) => {
      await real(url, init);
      reached();
      return new Promise(() => {});
    };
    void a.services.notifications.outbox.deliver(tg?.id as number);
    await atTelegram;
    a.services.telegram.api.transport = real;
    // Process B meanwhile: the delivery is claimed, so it is not sent again…
    await b.services.notifications.outbox.deliver(tg?.id as number);
    // …nor after A's lease ran out: the sweep calls it interrupted (it may have reached the shopper).
    const later = new Date(Date.now() + LEASE_MS + 1000);
    expect((await b.services.notifications.outbox.sweep(later)).interrupted).toBe(1);
    await b.services.notifications.outbox.deliver(tg?.id as number, later);
    expect((await chatLog(s.chat)).filter((m) => m.text.includes('K-1'))).toHaveLength(1);
    const row = (await rowsOf(s.userId)).find((d) => d.channel === 'telegram');
    expect(row).toMatchObject({ state: 'failed' });
    expect(row?.lastError).toContain('interrupted');
    // The event's SMS and in-app notice go once, from B.
    await b.ctx.jobs.runDue();
    const sms = await a.services.sms.outbox({ phone: s.phone, page: 1, size: 20 });
    expect(sms.list.filter((m) => m.text.includes('K-1'))).toHaveLength(1);
  });

  it('sends an SMS once when the process sending it is killed inside its transaction', async () => {
    const s = await linkedShopper();
    await a.services.notifications.emit(
      { kind: 'order.delivered', userId: s.userId, subject: 'T-1', data: { orderId: 9, orderNo: 'T-1' } },
      undefined,
      DAY,
    );
    const sms = (await rowsOf(s.userId)).find((d) => d.channel === 'sms');
    const outboxOf = async () =>
      (await a.services.sms.outbox({ phone: s.phone, page: 1, size: 20 })).list.filter((m) => m.text.includes('T-1'));
    if (dbUrl) {
      // PostgreSQL: A writes the SMS into the SMS outbox and hangs before committing; then its
      // connection is killed (pg_terminate_backend), as when the process dies. The transaction is
      // rolled back with the SMS in it; B then sends it once.
      const realSend = a.services.sms.send.bind(a.services.sms);
      let written!: () => void;
      let dead!: (error: Error) => void;
      const hung = new Promise<void>((resolve) => (written = resolve));
      a.services.sms.send = async (...args) => {
        await realSend(...args);
        written();
        return new Promise((_, reject) => (dead = reject));
      };
      const inA = a.services.notifications.outbox.deliver(sms?.id as number).catch(() => {});
      await hung;
      // B cannot take it while A holds it (SKIP LOCKED), and sends nothing.
      await b.services.notifications.outbox.deliver(sms?.id as number);
      expect(await outboxOf()).toHaveLength(0);
      await databaseB.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction' AND pid <> pg_backend_pid()`,
      );
      a.services.sms.send = realSend;
      // A's promise learns its connection is gone, so its pool can close at the end.
      dead(new Error('killed'));
      await inA;
    } else {
      // PGlite (one connection): A fails inside its transaction after writing the SMS; nothing of it stays.
      const realSend = a.services.sms.send.bind(a.services.sms);
      a.services.sms.send = async (...args) => {
        await realSend(...args);
        throw new Error('killed');
      };
      await a.services.notifications.outbox.deliver(sms?.id as number);
      a.services.sms.send = realSend;
      expect(await outboxOf()).toHaveLength(0);
    }
    await b.services.notifications.outbox.deliver(sms?.id as number, new Date(Date.now() + 60 * 60_000));
    await b.services.notifications.outbox.deliver(sms?.id as number, new Date(Date.now() + 60 * 60_000));
    expect(await outboxOf()).toHaveLength(1);
    expect((await rowsOf(s.userId)).find((d) => d.channel === 'sms')?.state).toBe('sent');
  });
});
