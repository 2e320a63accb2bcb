import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The embedded database (PGlite, `DATA_DIR/pgdata`) is one process's at a time: PGlite keeps no lock
 * of its own, and two processes writing one data folder corrupt it (issue 19). Whoever opens it (the
 * shop, or `npm run staff:create-owner` while no shop runs) first makes `DATA_DIR/pgdata.lock`, and
 * removes it on close. A lock whose process has ended is stale and taken over.
 *
 * The shop also writes there, once it listens, where it answers and a random control key: the lock
 * file is readable by its own user only, so whoever can read it (and could read the database files
 * anyway) may ask the running shop for what the command line cannot do beside it.
 */
export const LOCK_FILE = 'pgdata.lock';

export type LockRole = 'shop' | 'cli';

export type LockHolder = {
  pid: number;
  role: LockRole;
  startedAt: string;
  /** The running shop's local address and control key (set once it listens). */
  control?: { url: string; key: string };
};

export type DataDirLock = {
  file: string;
  /** The control key of this process (the shop checks the control calls' header against it). */
  controlKey: string;
  /** Writes where this process answers, for the command line to find (the shop, once it listens). */
  announce(url: string): Promise<void>;
  release(): Promise<void>;
};

export class DataDirBusyError extends Error {
  readonly holder: LockHolder;
  readonly file: string;
  constructor(file: string, holder: LockHolder) {
    const who = holder.role === 'shop' ? 'the running shop' : '`npm run staff:create-owner`';
    super(
      `The embedded database of ${path.dirname(file)} is in use by process ${holder.pid} (${who}, since ${holder.startedAt}). ` +
        'Two processes must never open it at once: stop that one first, or give this one another DATA_DIR. ' +
        `(If no such process uses it, another took its number since: remove ${file}.)`,
    );
    this.name = 'DataDirBusyError';
    this.holder = holder;
    this.file = file;
  }
}

/** Whether process `pid` runs (another process than this one: a lock of our own pid is a leftover). */
function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readHolder(file: string): Promise<LockHolder | null> {
  try {
    const holder = JSON.parse(await fs.readFile(file, 'utf8')) as LockHolder;
    return typeof holder?.pid === 'number' ? holder : null;
  } catch {
    return null;
  }
}

/** The live process that holds the data folder's embedded database, if any. */
export async function lockHolder(dataDir: string): Promise<LockHolder | null> {
  const holder = await readHolder(path.join(dataDir, LOCK_FILE));
  return holder && alive(holder.pid) ? holder : null;
}

/** Writes `holder` to `file` whole, or not at all when the file exists (a link is made atomically). */
async function writeNew(file: string, holder: LockHolder): Promise<boolean> {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await fs.writeFile(temporary, JSON.stringify(holder), { mode: 0o600 });
  try {
    await fs.link(temporary, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS' && code !== 'EOPNOTSUPP') throw error;
    // A file system without hard links: an exclusive create (a reader may see it empty for a moment).
    try {
      await fs.writeFile(file, JSON.stringify(holder), { mode: 0o600, flag: 'wx' });
      return true;
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw again;
    }
  } finally {
    await fs.rm(temporary, { force: true });
  }
}

/** Takes the data folder's embedded database for this process; DataDirBusyError while another holds it. */
export async function lockDataDir(dataDir: string, role: LockRole): Promise<DataDirLock> {
  await fs.mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const holder: LockHolder = { pid: process.pid, role, startedAt: new Date().toISOString() };
  const controlKey = randomBytes(32).toString('base64url');
  for (let attempt = 0; ; attempt++) {
    if (await writeNew(file, holder)) break;
    let other = await readHolder(file);
    if (!other) {
      // Unreadable: perhaps being written this moment; look once more before calling it stale.
      await new Promise((resolve) => setTimeout(resolve, 250));
      other = await readHolder(file);
    }
    if (other && alive(other.pid)) throw new DataDirBusyError(file, other);
    if (attempt >= 3) throw new Error(`Could not take ${file}: remove it if no shop runs on ${dataDir}`);
    // Left by a process that ended without closing (a crash, a kill -9): stale.
    await fs.rm(file, { force: true });
  }
  let released = false;
  return {
    file,
    controlKey,
    async announce(url) {
      const next = `${file}.${process.pid}.next`;
      await fs.writeFile(next, JSON.stringify({ ...holder, control: { url, key: controlKey } }), { mode: 0o600 });
      await fs.rename(next, file);
    },
    async release() {
      if (released) return;
      released = true;
      const current = await readHolder(file);
      if (current?.pid === process.pid) await fs.rm(file, { force: true });
    },
  };
}
