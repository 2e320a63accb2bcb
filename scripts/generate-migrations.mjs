#!/usr/bin/env node
// Generates the drizzle-kit migration of one module from its tables.ts:
//   npm run db:generate -- <module>      (platform | system | accounts | ...)
// Each module owns its folder of migrations and its journal (docs/decisions/0002).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const name = process.argv[2];
if (!name) {
  console.error('usage: npm run db:generate -- <module>');
  process.exit(2);
}
const base =
  name === 'platform'
    ? 'apps/server/src/platform'
    : existsSync(`apps/server/src/integrations/${name}`)
      ? `apps/server/src/integrations/${name}`
      : `apps/server/src/modules/${name}`;
const schema = path.join(base, 'tables.ts');
if (!existsSync(schema)) {
  console.error(`${schema} does not exist`);
  process.exit(2);
}
const args = ['generate', '--dialect=postgresql', `--schema=${schema}`, `--out=${path.join(base, 'migrations')}`];
if (process.argv[3]) args.push(`--name=${process.argv[3]}`);
const result = spawnSync('drizzle-kit', args, { stdio: 'inherit' });
process.exit(result.status ?? 1);
