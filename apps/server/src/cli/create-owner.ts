/**
 * Creates a console owner (issue 7): never with a default password.
 *
 *   STAFF_PASSWORD=… npm run staff:create-owner -- --login <name> [--name "Display name"] [--if-absent]
 *   npm run staff:create-owner -- --link
 *
 * The password comes from STAFF_PASSWORD or, on a terminal, from a hidden prompt asked twice.
 * --if-absent makes it a no-op when an owner already exists (for scripted installs).
 *
 * Where (issue 19): on PostgreSQL (DATABASE_URL) it writes to the database itself, safely beside
 * running shops. The embedded database (PGlite, DATA_DIR) is one process's at a time: when no shop
 * runs the command opens it (locked meanwhile, so a shop started then waits its turn with a clear
 * message); while a shop runs it never touches it, and asks the shop through its local control call
 * instead (the address and key the shop wrote into DATA_DIR/pgdata.lock). --link asks the running
 * shop for a new first-owner setup link (while no staff exists), to open in a browser.
 */
import { parseArgs } from 'node:util';
import {
  adminControlCreateOwner,
  adminControlSetupLink,
  type CallData,
  type CallDef,
  CONTROL_KEY_HEADER,
  type Envelope,
  errorMessage,
} from '@shop/contracts';
import { migrationSets } from '../modules/index.ts';
import { StaffService } from '../modules/staff/service.ts';
import { loadConfig } from '../platform/config.ts';
import { DataDirBusyError, type LockHolder, lockHolder } from '../platform/data-lock.ts';
import { openDatabase } from '../platform/db.ts';
import { isAppError } from '../platform/errors.ts';
import { migrateAll } from '../platform/migrate.ts';
import { SessionService } from '../platform/sessions.ts';

function askHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const input = process.stdin;
    if (!input.isTTY) {
      reject(new Error('no terminal to ask for the password: set STAFF_PASSWORD'));
      return;
    }
    process.stdout.write(question);
    input.setRawMode(true);
    input.resume();
    input.setEncoding('utf8');
    let value = '';
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          input.setRawMode(false);
          input.pause();
          input.off('data', onData);
          process.stdout.write('\n');
          resolve(value);
          return;
        }
        if (ch === '\u0003') {
          input.setRawMode(false);
          process.stdout.write('\n');
          process.exit(130);
        }
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    input.on('data', onData);
  });
}

const USAGE =
  'usage: npm run staff:create-owner -- --login <name> [--name "Display name"] [--if-absent]\n' +
  '       npm run staff:create-owner -- --link   (a first-owner setup link from the running shop)';

/** How long to wait for a shop that holds the database but does not answer yet (it is starting). */
const STARTING_WAIT_MS = 180_000;

class CliFailure extends Error {}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.STAFF_PASSWORD ?? '';
  if (fromEnv) return fromEnv;
  const password = await askHidden('Password for the new owner: ');
  const again = await askHidden('Repeat the password: ');
  if (password !== again) throw new CliFailure('The two passwords differ; nothing was created.');
  return password;
}

/** The running shop that holds the embedded database, once it answers (null when none runs). */
async function runningShop(dataDir: string): Promise<(LockHolder & { control: { url: string; key: string } }) | null> {
  const deadline = Date.now() + STARTING_WAIT_MS;
  let told = false;
  for (;;) {
    const holder = await lockHolder(dataDir);
    if (!holder) return null;
    if (holder.role === 'cli') {
      throw new CliFailure(
        `Another staff:create-owner (process ${holder.pid}) is using the embedded database of ${dataDir}; try again when it ends.`,
      );
    }
    if (holder.control) return holder as LockHolder & { control: { url: string; key: string } };
    if (Date.now() > deadline) {
      throw new CliFailure(
        `The shop (process ${holder.pid}) holds the embedded database of ${dataDir} but has not started answering; nothing was done.`,
      );
    }
    if (!told) console.log(`The shop (process ${holder.pid}) is starting on ${dataDir}; waiting for it to answer…`);
    told = true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** A control call to the running shop: its data, or CliFailure with the catalogue's message. */
async function control<T extends CallDef>(
  shop: { control: { url: string; key: string } },
  def: T,
  body: Record<string, unknown>,
): Promise<CallData<T>> {
  let response: Response;
  try {
    response = await fetch(`${shop.control.url}${def.path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        apptype: 'cli',
        appversion: '1.0',
        language: 'en-US',
        [CONTROL_KEY_HEADER]: shop.control.key,
      },
      body: JSON.stringify(body),
    });
  } catch {
    throw new CliFailure(`The running shop does not answer at ${shop.control.url}; nothing was done.`);
  }
  const envelope = (await response.json()) as Envelope<CallData<T>>;
  if (envelope.code !== '0') throw new CliFailure(envelope.msg);
  return envelope.data;
}

/** `--link`: a new first-owner setup link, from the running shop (embedded database) or the database (PostgreSQL). */
async function printSetupLink(config: ReturnType<typeof loadConfig>) {
  const publicBase = config.publicUrl?.replace(/\/+$/, '');
  if (config.databaseUrl) {
    const database = await openDatabase(config, 'cli');
    try {
      await migrateAll(database, migrationSets());
      const service = new StaffService(database.db, new SessionService(database.db, config.sessionTtlDays));
      const link = await service.openSetup();
      if (!link) throw new CliFailure(errorMessage('STF00063', 'en-US'));
      console.log('A new first-owner setup link, made in the PostgreSQL database; the earlier one stops working.');
      console.log(`It works once, until ${link.expiresAt.toISOString()}:`);
      console.log(`  ${publicBase ?? `http://localhost:${config.port}`}/admin/setup?token=${link.token}`);
    } finally {
      await database.close();
    }
    return;
  }
  const shop = await runningShop(config.dataDir);
  if (!shop) {
    throw new CliFailure(
      `No shop runs on ${config.dataDir}. Start it with \`npm start\`: at a start with no staff it prints the setup link itself.`,
    );
  }
  const link = await control(shop, adminControlSetupLink, {});
  console.log(
    `A new first-owner setup link from the running shop (process ${shop.pid}); the earlier one stops working.`,
  );
  console.log(`It works once, until ${link.expiresAt}:`);
  console.log(`  ${publicBase ?? shop.control.url}/admin/setup?token=${link.token}`);
}

async function main() {
  const { values } = parseArgs({
    options: {
      login: { type: 'string' },
      name: { type: 'string' },
      'if-absent': { type: 'boolean' },
      link: { type: 'boolean' },
    },
  });
  if (!values.login && !values.link) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();

  if (values.link) {
    await printSetupLink(config);
    return;
  }

  const input = {
    login: values.login as string,
    displayName: values.name ?? 'Owner',
    password: await readPassword(),
    ifAbsent: values['if-absent'] ?? false,
  };
  for (;;) {
    const shop = config.databaseUrl ? null : await runningShop(config.dataDir);
    if (shop) {
      const result = await control(shop, adminControlCreateOwner, input);
      const where = `through the running shop (process ${shop.pid}, ${shop.control.url}), which holds the embedded database`;
      if (!result.created) console.log(`An owner already exists; nothing was created (asked ${where}).`);
      else console.log(`Owner "${result.owner?.login}" created ${where}. Sign in at ${shop.control.url}/admin/.`);
      return;
    }
    let database: Awaited<ReturnType<typeof openDatabase>>;
    try {
      database = await openDatabase(config, 'cli');
    } catch (error) {
      // A shop started between the look and the lock: ask it instead.
      if (error instanceof DataDirBusyError && error.holder.role === 'shop') continue;
      throw error;
    }
    try {
      await migrateAll(database, migrationSets());
      const service = new StaffService(database.db, new SessionService(database.db, config.sessionTtlDays));
      const result = await service.createOwnerFromCli(input);
      const where =
        database.driver === 'pg'
          ? 'in the PostgreSQL database (safe beside running shops)'
          : `in the embedded database of ${config.dataDir} (no shop was running; it was locked meanwhile)`;
      if (!result.created) console.log(`An owner already exists ${where}; nothing was created.`);
      else console.log(`Owner "${result.owner?.login}" created ${where}. Sign in at /admin/.`);
    } catch (error) {
      if (isAppError(error)) throw new CliFailure(errorMessage(error.code, 'en-US', error.params));
      throw error;
    } finally {
      await database.close();
    }
    return;
  }
}

main().catch((error) => {
  if (error instanceof CliFailure) {
    console.error(error.message);
    process.exitCode = 1;
    return;
  }
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
