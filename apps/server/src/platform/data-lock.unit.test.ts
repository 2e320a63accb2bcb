import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirBusyError, LOCK_FILE, lockDataDir, lockHolder } from './data-lock.ts';

const dirs: string[] = [];
function folder() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'data-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has ended. */
function endedPid(): number {
  const result = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(result.stdout.trim());
}

describe('the embedded database lock (issue 19)', () => {
  it('is taken, readable by its owner only, announced, and removed on release', async () => {
    const dir = folder();
    const lock = await lockDataDir(dir, 'shop');
    const file = path.join(dir, LOCK_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid, role: 'shop' });
    await lock.announce('http://127.0.0.1:3000');
    expect(JSON.parse(readFileSync(file, 'utf8')).control).toEqual({
      url: 'http://127.0.0.1:3000',
      key: lock.controlKey,
    });
    expect(Buffer.from(lock.controlKey, 'base64url')).toHaveLength(32);
    await lock.release();
    await expect(lockHolder(dir)).resolves.toBeNull();
    expect(() => statSync(file)).toThrow();
  });

  it('refuses a second process while the holder lives, naming it', async () => {
    const dir = folder();
    // The parent of this test process runs: a live holder that is not us.
    writeFileSync(
      path.join(dir, LOCK_FILE),
      JSON.stringify({ pid: process.ppid, role: 'shop', startedAt: '2026-01-01T00:00:00.000Z' }),
    );
    await expect(lockHolder(dir)).resolves.toMatchObject({ pid: process.ppid, role: 'shop' });
    const refused = await lockDataDir(dir, 'cli').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataDirBusyError);
    expect((refused as Error).message).toContain(`in use by process ${process.ppid} (the running shop`);
  });

  it('takes over a lock left by an ended process, or by an earlier life of this pid', async () => {
    for (const pid of [endedPid(), process.pid]) {
      const dir = folder();
      writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid, role: 'shop', startedAt: 'x' }));
      await expect(lockHolder(dir)).resolves.toBeNull();
      const lock = await lockDataDir(dir, 'cli');
      expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8'))).toMatchObject({
        pid: process.pid,
        role: 'cli',
      });
      await lock.release();
    }
  });
});
