#!/usr/bin/env node
// Runs every test: type and lint checks, unit and integration (Vitest; PGlite always, PostgreSQL too when
// TEST_DATABASE_URL is set), then the browser journeys (Playwright on a fresh build).
// Ends with one line "N passed, N failed" for CI.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const vitestJson = path.join(root, '.vitest-results.json');
const playwrightJson = path.join(root, '.playwright-results.json');
for (const file of [vitestJson, playwrightJson]) rmSync(file, { force: true });

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

// Static checks count as two tests: the types of every workspace, and the linter.
const checks = [
  ['typecheck', run('npm', ['run', '--silent', 'typecheck'])],
  ['lint', run('biome', ['check', '.'])],
];
const build = run('npm', ['run', '--silent', 'build']);
const vitestStatus = run('vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile=${vitestJson}`]);
const playwrightStatus =
  build === 0
    ? run('playwright', ['test', '-c', 'e2e/playwright.config.ts'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson })
    : 1;

let passed = checks.filter(([, status]) => status === 0).length;
let failed = checks.length - passed;
for (const [name, status] of checks) if (status !== 0) console.error(`check failed: ${name}`);
if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A file that fails to load has no tests but is a failure all the same.
  failed += report.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
} else failed += 1;
if (existsSync(playwrightJson)) {
  const report = JSON.parse(readFileSync(playwrightJson, 'utf8'));
  passed += report.stats.expected + (report.stats.flaky ?? 0);
  failed += report.stats.unexpected;
} else failed += 1;

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(
  checks.some(([, status]) => status !== 0) || build !== 0 || vitestStatus !== 0 || playwrightStatus !== 0 || failed > 0
    ? 1
    : 0,
);
