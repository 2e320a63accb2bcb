import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../../..');
// The command and the shop here run on the embedded database whatever the project's database, so
// the file runs once, in the PGlite project (the PostgreSQL project ran the same 2–3 minutes again).
const once = inject('dbKind') !== 'pglite';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'staff-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function run(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ['apps/server/src/cli/create-owner.ts', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    input: '',
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

describe.skipIf(once)('npm run staff:create-owner', () => {
  it('needs a login, and a password from STAFF_PASSWORD or a terminal: there is no default', () => {
    expect(run([]).status).toBe(2);
    const noPassword = run(['--login', 'owner']);
    expect(noPassword.status).not.toBe(0);
    expect(noPassword.out).toMatch(/STAFF_PASSWORD/);
  });

  it('refuses a weak password and creates the owner with a good one, once', () => {
    const weak = run(['--login', 'owner'], { STAFF_PASSWORD: 'password' });
    expect(weak.status).toBe(1);
    expect(weak.out).toMatch(/at least 10 characters/);
    const made = run(['--login', 'owner', '--name', 'Shop Owner'], { STAFF_PASSWORD: 'Angkor2026pass' });
    expect(made.out).toMatch(/Owner "owner" created/);
    expect(made.status).toBe(0);
    const twice = run(['--login', 'owner'], { STAFF_PASSWORD: 'Angkor2026pass' });
    expect(twice.status).toBe(1);
    expect(twice.out).toMatch(/already taken/);
    const ifAbsent = run(['--login', 'other', '--if-absent'], { STAFF_PASSWORD: 'Angkor2026pass' });
    expect(ifAbsent.status).toBe(0);
    expect(ifAbsent.out).toMatch(/already exists/);
  }, 120_000);
});

/** A shop process from the sources (as `npm run dev:server`), on its own empty data folder. */
function startShop(dir: string) {
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_DATA: '0',
      WEB_DIST: '/nonexistent-web-dist',
      ADMIN_DIST: '/nonexistent-admin-dist',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr.on('data', (chunk) => {
    out += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => out,
    /** Resolves with the first match of `pattern` in the output (or fails when the process ends first). */
    async waitFor(pattern: RegExp, ms = 150_000): Promise<RegExpMatchArray> {
      const deadline = Date.now() + ms;
      for (;;) {
        const match = out.match(pattern);
        if (match) return match;
        if (child.exitCode !== null) throw new Error(`the shop ended (${child.exitCode}):\n${out}`);
        if (Date.now() > deadline) throw new Error(`no ${pattern} in:\n${out}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
  };
}

/** The command, run without blocking this process (the shop it talks to is a child of ours too). */
function runAsync(args: string[], dir: string, env: Record<string, string> = {}) {
  return new Promise<{ status: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['apps/server/src/cli/create-owner.ts', ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dir, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      out += chunk;
    });
    child.on('exit', (status) => resolve({ status, out }));
  });
}

async function api(base: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { apptype: 'h5', appversion: '1.0', language: 'en-US', 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as { code: string; msg: string; data: any };
}

describe.skipIf(once)('npm run staff:create-owner while the shop runs on the embedded database (issue 19)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'staff-cli-running-'));
  const shops: ReturnType<typeof startShop>[] = [];
  afterAll(async () => {
    for (const s of shops) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('never opens the database beside the shop: it asks the shop, and says so', async () => {
    const shop = startShop(dir);
    shops.push(shop);
    const [, base, printed] = await shop.waitFor(/(http:\/\/[\w.]+:\d+)\/admin\/setup\?token=([\w-]+)/);
    expect(printed.length).toBeGreaterThanOrEqual(43);
    expect(readFileSync(path.join(dir, 'pgdata.lock'), 'utf8')).toMatch(/"role":"shop"/);

    // A second shop on the same folder stops at once, saying why, and leaves the first one's lock.
    const second = startShop(dir);
    shops.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by process \d+ \(the running shop/);
    expect((await api(base, 'GET', `/admin-api/v1/staff/setup?token=${printed}`)).code).toBe('0');

    // A new setup link through the shop; the printed one stops working.
    const link = await runAsync(['--link'], dir);
    expect(link.status).toBe(0);
    expect(link.out).toMatch(/from the running shop/);
    const fresh = link.out.match(/\/admin\/setup\?token=([\w-]+)/)?.[1] as string;
    expect((await api(base, 'GET', `/admin-api/v1/staff/setup?token=${printed}`)).code).toBe('STF00060');
    expect((await api(base, 'GET', `/admin-api/v1/staff/setup?token=${fresh}`)).code).toBe('0');

    // The owner, created through the running shop, with the staff rules.
    const weak = await runAsync(['--login', 'boss'], dir, { STAFF_PASSWORD: 'password' });
    expect(weak.status).toBe(1);
    expect(weak.out).toMatch(/at least 10 characters/);
    const made = await runAsync(['--login', 'boss', '--name', 'Shop Owner'], dir, { STAFF_PASSWORD: 'Angkor2026pass' });
    expect(made.out).toMatch(/Owner "boss" created through the running shop \(process \d+/);
    expect(made.status).toBe(0);
    const signIn = await api(base, 'POST', '/admin-api/v1/staff/login', { login: 'boss', password: 'Angkor2026pass' });
    expect(signIn.code).toBe('0');
    const absent = await runAsync(['--login', 'other', '--if-absent'], dir, { STAFF_PASSWORD: 'Angkor2026pass' });
    expect(absent.status).toBe(0);
    expect(absent.out).toMatch(/already exists; nothing was created \(asked through the running shop/);
    // Setup is closed now: no new link, and the fresh one is refused.
    const noLink = await runAsync(['--link'], dir);
    expect(noLink.status).toBe(1);
    expect(noLink.out).toMatch(/already has staff/);
    expect((await api(base, 'GET', `/admin-api/v1/staff/setup?token=${fresh}`)).code).toBe('STF00063');
    expect((await api(base, 'GET', '/ready')) as unknown).toEqual({ status: 'ready' });

    // Stopped, the shop gives the folder back; the command then opens it itself, and says that.
    shop.child.kill('SIGTERM');
    expect(await shop.exited).toBe(0);
    expect(existsSync(path.join(dir, 'pgdata.lock'))).toBe(false);
    const direct = await runAsync(['--login', 'second', '--name', 'Second Owner'], dir, {
      STAFF_PASSWORD: 'Angkor2026pass',
    });
    expect(direct.out).toMatch(/Owner "second" created in the embedded database .* \(no shop was running/);
    expect(direct.status).toBe(0);
    expect(existsSync(path.join(dir, 'pgdata.lock'))).toBe(false);

    // A start with staff prints no link.
    const again = startShop(dir);
    shops.push(again);
    await again.waitFor(/Shop ready/);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(again.output()).not.toMatch(/admin\/setup/);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 600_000);
});
