#!/usr/bin/env node
// Runs every test: type and lint checks, unit and integration (Vitest; PGlite always, PostgreSQL too when
// TEST_DATABASE_URL is set), then the browser journeys (Playwright on a fresh build).
// Ends with one line "N passed, N failed" for CI.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const vitestJson = path.join(root, '.vitest-results.json');
const playwrightJson = path.join(root, '.playwright-results.json');
for (const file of [vitestJson, playwrightJson]) rmSync(file, { force: true });

function firstLine(text) {
  // Colour codes and stack lines say nothing in a summary.
  const lines = stripVTControlCharacters(String(text ?? '')).split('\n');
  const line = lines.find((part) => part.trim() !== '') ?? '';
  return line.trim().slice(0, 240);
}

/** Every test of a Playwright JSON report's suites, with the title path a person reads. */
function* playwrightTests(suites, parents = []) {
  for (const suite of suites) {
    const titles = suite.title ? [...parents, suite.title] : parents;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) yield [`${[...titles, spec.title].join(' › ')} (line ${spec.line})`, test];
    yield* playwrightTests(suite.suites ?? [], titles);
  }
}

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
// What failed, named again just above the summary: CI keeps only the tail of a long log.
const failures = checks.filter(([, status]) => status !== 0).map(([name]) => `check ${name}`);
if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  for (const file of report.testResults) {
    const where = path.relative(root, file.name);
    // A file that fails to load has no tests but is a failure all the same.
    if (file.status === 'failed' && file.assertionResults.length === 0) {
      failed += 1;
      failures.push(`vitest ${where}: ${firstLine(file.message)}`);
    }
    for (const test of file.assertionResults)
      if (test.status === 'failed')
        failures.push(`vitest ${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  }
} else {
  failed += 1;
  failures.push('vitest: no report');
}
if (existsSync(playwrightJson)) {
  const report = JSON.parse(readFileSync(playwrightJson, 'utf8'));
  passed += report.stats.expected + (report.stats.flaky ?? 0);
  failed += report.stats.unexpected;
  for (const [title, test] of playwrightTests(report.suites ?? []))
    if (test.status === 'unexpected') {
      const error = test.results?.at(-1)?.error?.message;
      failures.push(`playwright ${title}: ${firstLine(error)}`);
    }
} else {
  failed += 1;
  failures.push('playwright: no report');
}

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(
  checks.some(([, status]) => status !== 0) || build !== 0 || vitestStatus !== 0 || playwrightStatus !== 0 || failed > 0
    ? 1
    : 0,
);
