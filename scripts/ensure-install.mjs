#!/usr/bin/env node
// Installs what is missing before `npm start`, `npm test` and `npm run bench`, so both README
// commands work on a fresh clone. Runs on whatever Node the machine has (it may be older than the
// project's pinned Node 24, which this very install brings in through the `node` package).
import { execSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stampFile = path.join(root, 'node_modules', '.install-stamp');
const lock = path.join(root, 'package-lock.json');
const wantsBrowser = process.argv.includes('--browser');

function digest() {
  const hash = createHash('sha256');
  for (const file of [lock, path.join(root, 'package.json')]) if (existsSync(file)) hash.update(readFileSync(file));
  return hash.digest('hex');
}

const current = digest();
const installed = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';
if (current !== installed || !existsSync(path.join(root, 'node_modules', '.bin', 'node'))) {
  console.log('Installing dependencies (first run or changed lock file)…');
  // Browsers come from the machine (Debian's chromium), never from a download at install time.
  const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
  // `npm install` (not `npm ci`): npm 11 leaves other platforms' optional packages out of the lock
  // file and then `npm ci` refuses it; `npm install` installs the locked versions all the same.
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, current);
}

// Chinese and Khmer faces for the journeys' screenshots: phones have them (Android ships Noto Sans
// CJK and Noto Sans Khmer), a bare Debian does not (the text showed as boxes). The shop serves its
// own Khmer font, but `font-display: optional`: a page it has not reached in its first 100 ms
// (a busy machine) draws with the phone's Khmer face, as a phone would.
const SYSTEM_FONTS = [
  { file: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', apt: 'fonts-wqy-microhei', script: 'Chinese' },
  { file: '/usr/share/fonts/truetype/khmeros/KhmerOS.ttf', apt: 'fonts-khmeros', script: 'Khmer' },
];
const missingFonts = SYSTEM_FONTS.filter((font) => !existsSync(font.file));
if (wantsBrowser && missingFonts.length > 0 && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
  const scripts = missingFonts.map((font) => font.script).join(' and ');
  const packages = missingFonts.map((font) => font.apt).join(' ');
  console.log(`Installing ${scripts} fonts for the browser tests…`);
  try {
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`, {
      stdio: 'inherit',
    });
  } catch {
    console.warn(`${packages} could not be installed: ${scripts} text shows as boxes in screenshots.`);
  }
}

if (wantsBrowser && !existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium')) {
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Installing Debian chromium for the browser tests…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    });
  } else {
    console.error('Chromium is missing: install Debian\'s "chromium" package (or set CHROMIUM_PATH).');
    process.exit(1);
  }
}
