import net from 'node:net';
import { errorMessage } from '@shop/contracts';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, openPostgres, queryRows } from './db.ts';
import { installHttpConventions } from './http.ts';
import { sql } from './sql.ts';

/** A TCP port that accepts connections and never answers: a PostgreSQL too busy to take one in time. */
async function silentServer() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A port nothing listens on: PostgreSQL down or restarting. */
async function closedPort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The shop's HTTP conventions over one route that reads the database at `url`. */
function shopOver(url: string) {
  const database = openPostgres(url, 1);
  const app = Fastify();
  installHttpConventions(app);
  app.get('/read', async () => queryRows(database.db, sql`SELECT 1 AS one`));
  return { app, close: async () => Promise.allSettled([app.close(), database.close()]) };
}

describe('no database connection in time', () => {
  const closers: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it('PostgreSQL refusing connections is "busy, try again" (503, SYS00008) in the caller’s language', async () => {
    const shop = shopOver(`postgres://root@127.0.0.1:${await closedPort()}/test`);
    closers.push(shop.close);
    const answer = await shop.app.inject({ method: 'GET', url: '/read', headers: { language: 'kh' } });
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('1');
    expect(answer.json()).toMatchObject({ code: 'SYS00008', msg: errorMessage('SYS00008', 'kh') });
  });

  it('a connection not had within the pool’s wait is "busy" too, not a fault', async () => {
    const silent = await silentServer();
    closers.push(silent.close);
    const shop = shopOver(`postgres://root@127.0.0.1:${silent.port}/test`);
    closers.push(shop.close);
    const answer = await shop.app.inject({ method: 'GET', url: '/read', headers: { language: 'chs' } });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ code: 'SYS00008', msg: errorMessage('SYS00008', 'chs') });
  }, 15_000);

  it('tells apart a fault, which stays SYS00004', async () => {
    expect(isDatabaseUnavailable(new Error('syntax error at or near "SELEC"'))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(
      isDatabaseUnavailable(new Error('query failed', { cause: new Error('timeout exceeded when trying to connect') })),
    ).toBe(true);
    const app = Fastify();
    installHttpConventions(app);
    app.get('/fault', async () => {
      throw new Error('boom');
    });
    const answer = await app.inject({ method: 'GET', url: '/fault' });
    expect(answer.statusCode).toBe(500);
    expect(answer.json().code).toBe('SYS00004');
    await app.close();
  });
});
