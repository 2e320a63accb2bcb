#!/usr/bin/env node
// npm run preflight: one line per outside party, from the same settings the shop starts with;
// exits 1 when a party failed or a production setting is refused (docs/going-live.md).
import { loadConfig } from '../platform/config.ts';
import { formatPreflight, preflight } from './preflight-lines.ts';

const config = loadConfig();
const lines = await preflight(config);
console.log(formatPreflight(lines));
const failed = lines.filter((l) => l.status === 'fail').length;
const simulated = lines.filter((l) => l.status === 'sim').length;
console.log(
  `\n${failed ? `${failed} failed` : 'nothing failed'}${simulated ? `; ${simulated} simulated` : ''}${config.production ? '' : ' (not production: NODE_ENV is not production)'}`,
);
process.exit(failed ? 1 : 0);
