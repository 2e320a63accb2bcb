/**
 * Creates the shop's first owner (issue 7): never with a default password.
 *
 *   STAFF_PASSWORD=… npm run staff:create-owner -- --login <name> [--name "Display name"] [--if-absent]
 *
 * The password comes from STAFF_PASSWORD or, on a terminal, from a hidden prompt asked twice.
 * --if-absent makes it a no-op when an owner already exists (for scripted installs).
 */
import { parseArgs } from 'node:util';
import { errorMessage } from '@shop/contracts';
import { migrationSets } from '../modules/index.ts';
import { StaffService } from '../modules/staff/service.ts';
import { loadConfig } from '../platform/config.ts';
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

async function main() {
  const { values } = parseArgs({
    options: { login: { type: 'string' }, name: { type: 'string' }, 'if-absent': { type: 'boolean' } },
  });
  if (!values.login) {
    console.error('usage: npm run staff:create-owner -- --login <name> [--name "Display name"] [--if-absent]');
    process.exit(2);
  }
  let password = process.env.STAFF_PASSWORD ?? '';
  if (!password) {
    password = await askHidden('Password for the new owner: ');
    const again = await askHidden('Repeat the password: ');
    if (password !== again) {
      console.error('The two passwords differ; nothing was created.');
      process.exit(1);
    }
  }

  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await migrateAll(database, migrationSets());
    const service = new StaffService(database.db, new SessionService(database.db, config.sessionTtlDays));
    if (values['if-absent'] && (await service.countOwners()) > 0) {
      console.log('An owner already exists; nothing was created.');
      return;
    }
    const owner = await service.createOwner(values.login, password, values.name ?? 'Owner');
    console.log(`Owner "${owner.login}" created. Sign in at /admin/.`);
  } catch (error) {
    if (isAppError(error)) {
      console.error(errorMessage(error.code, 'en-US', error.params));
      process.exitCode = 1;
    } else throw error;
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
