// Makes apps/web/public/favicon.ico (16, 32 and 48 px, PNG inside an ICO) from favicon.svg:
// browsers and Lighthouse ask the site's root for /favicon.ico whatever the page links (issue 44).
// Run again after changing the SVG: node scripts/favicon.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const folder = path.resolve(import.meta.dirname, '../apps/web/public');
const svg = readFileSync(path.join(folder, 'favicon.svg'));
const sizes = [16, 32, 48];
const pngs = await Promise.all(sizes.map((size) => sharp(svg, { density: 384 }).resize(size, size).png().toBuffer()));
const header = Buffer.alloc(6);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // 1: icon
header.writeUInt16LE(sizes.length, 4);
let offset = 6 + 16 * sizes.length;
const entries = sizes.map((size, i) => {
  const entry = Buffer.alloc(16);
  entry.writeUInt8(size, 0);
  entry.writeUInt8(size, 1);
  entry.writeUInt8(0, 2); // no palette
  entry.writeUInt8(0, 3);
  entry.writeUInt16LE(1, 4); // colour planes
  entry.writeUInt16LE(32, 6); // bits per pixel
  entry.writeUInt32LE(pngs[i].length, 8);
  entry.writeUInt32LE(offset, 12);
  offset += pngs[i].length;
  return entry;
});
writeFileSync(path.join(folder, 'favicon.ico'), Buffer.concat([header, ...entries, ...pngs]));
console.log(`favicon.ico: ${offset} bytes, ${sizes.join(', ')} px`);
