#!/usr/bin/env node
// npm run preflight: one line per outside party, from the same settings the shop starts with, then
// one verdict line; in production it exits 1 when a party is simulated or failed, or a setting is
// refused; outside production it says the shop runs on simulators (docs/going-live.md).
import { loadConfig } from '../platform/config.ts';
import { formatPreflight, preflight, preflightVerdict } from './preflight-lines.ts';

const config = loadConfig();
const lines = await preflight(config);
console.log(formatPreflight(lines));
const verdict = preflightVerdict(lines, config.production);
console.log(`\n${verdict.line}`);
process.exit(verdict.exitCode);
