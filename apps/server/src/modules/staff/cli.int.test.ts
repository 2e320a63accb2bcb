import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../../..');
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

describe('npm run staff:create-owner', () => {
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
