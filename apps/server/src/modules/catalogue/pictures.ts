import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Shape } from './demo-data.ts';

/**
 * Product pictures for the demo shop, drawn locally (no downloads): a studio-style backdrop and a
 * flat illustration of the product's kind in its colour, with the brand on it.
 */
const SHAPES: Record<Shape, (c: string, a: string) => string> = {
  phone: (c, a) =>
    `<rect x="200" y="90" width="200" height="400" rx="32" fill="${c}"/><rect x="214" y="130" width="172" height="320" rx="8" fill="${a}"/><circle cx="300" cy="470" r="10" fill="#ffffff55"/>`,
  tablet: (c, a) =>
    `<rect x="130" y="110" width="340" height="380" rx="28" fill="${c}"/><rect x="150" y="135" width="300" height="330" rx="8" fill="${a}"/>`,
  laptop: (c, a) =>
    `<rect x="140" y="140" width="320" height="210" rx="14" fill="${c}"/><rect x="156" y="156" width="288" height="178" fill="${a}"/><path d="M100 360 h400 l-30 40 h-340z" fill="${c}"/>`,
  tv: (c, a) =>
    `<rect x="90" y="130" width="420" height="260" rx="10" fill="${c}"/><rect x="104" y="144" width="392" height="232" fill="${a}"/><rect x="270" y="390" width="60" height="40" fill="${c}"/><rect x="200" y="430" width="200" height="14" rx="7" fill="${c}"/>`,
  headphones: (c, a) =>
    `<path d="M160 330 v-60 a140 140 0 0 1 280 0 v60" fill="none" stroke="${c}" stroke-width="30"/><rect x="130" y="300" width="70" height="130" rx="30" fill="${c}"/><rect x="400" y="300" width="70" height="130" rx="30" fill="${c}"/><rect x="145" y="330" width="40" height="70" rx="16" fill="${a}"/><rect x="415" y="330" width="40" height="70" rx="16" fill="${a}"/>`,
  watch: (c, a) =>
    `<rect x="250" y="80" width="100" height="440" rx="30" fill="${c}"/><circle cx="300" cy="300" r="110" fill="${c}"/><circle cx="300" cy="300" r="88" fill="${a}"/><path d="M300 300 v-60 M300 300 h45" stroke="#222" stroke-width="8" stroke-linecap="round"/>`,
  shirt: (c, a) =>
    `<path d="M220 110 l-110 60 40 90 50 -25 v250 h180 v-250 l50 25 40 -90 -110 -60 q-20 40 -70 40 q-50 0 -70 -40z" fill="${c}"/><path d="M250 110 q50 40 100 0" fill="none" stroke="${a}" stroke-width="10"/>`,
  dress: (c, a) =>
    `<path d="M250 90 h100 l10 120 q100 160 120 300 h-360 q20 -140 120 -300z" fill="${c}"/><rect x="240" y="200" width="120" height="24" fill="${a}"/>`,
  shoe: (c, a) =>
    `<path d="M90 380 q0 -60 60 -80 l90 -60 q40 40 90 40 l70 60 q100 10 110 70 v30 h-520z" fill="${c}"/><rect x="90" y="420" width="420" height="30" rx="12" fill="${a}"/>`,
  bag: (c, a) =>
    `<path d="M230 210 v-40 a70 70 0 0 1 140 0 v40" fill="none" stroke="${c}" stroke-width="18"/><rect x="140" y="210" width="320" height="260" rx="30" fill="${c}"/><rect x="270" y="260" width="60" height="30" rx="6" fill="${a}"/>`,
  bottle: (c, a) =>
    `<rect x="265" y="80" width="70" height="60" rx="10" fill="${a}"/><path d="M250 140 h100 q40 40 40 100 v220 q0 30 -30 30 h-120 q-30 0 -30 -30 v-220 q0 -60 40 -100z" fill="${c}"/><rect x="220" y="270" width="160" height="110" fill="${a}"/>`,
  jar: (c, a) =>
    `<path d="M200 130 h200 l-20 280 h-160z" fill="${c}" opacity="0.85"/><rect x="180" y="410" width="240" height="80" rx="16" fill="${a}"/><rect x="230" y="100" width="140" height="30" rx="8" fill="${a}"/>`,
  sack: (c, a) =>
    `<path d="M170 140 q130 -40 260 0 q40 170 20 330 q-150 30 -300 0 q-20 -160 20 -330z" fill="${c}"/><ellipse cx="300" cy="310" rx="90" ry="70" fill="${a}"/>`,
  pot: (c, a) =>
    `<ellipse cx="300" cy="220" rx="170" ry="40" fill="${a}"/><path d="M130 220 h340 v170 q0 60 -60 60 h-220 q-60 0 -60 -60z" fill="${c}"/><rect x="80" y="240" width="60" height="24" rx="12" fill="${c}"/><rect x="460" y="240" width="60" height="24" rx="12" fill="${c}"/>`,
  fan: (c, a) =>
    `<circle cx="300" cy="230" r="150" fill="none" stroke="${c}" stroke-width="14"/><path d="M300 230 q-20 -120 40 -120 q40 60 -40 120 q120 -20 120 40 q-60 40 -120 -40 q20 120 -40 120 q-40 -60 40 -120 q-120 20 -120 -40 q60 -40 120 40z" fill="${a}"/><rect x="285" y="380" width="30" height="90" fill="${c}"/><rect x="220" y="465" width="160" height="24" rx="12" fill="${c}"/>`,
  box: (c, a) =>
    `<path d="M140 200 l160 -70 160 70 v220 l-160 70 -160 -70z" fill="${c}"/><path d="M140 200 l160 70 160 -70 M300 270 v220" stroke="${a}" stroke-width="10" fill="none"/>`,
  ball: (c, a) =>
    `<circle cx="300" cy="300" r="190" fill="${c}"/><path d="M300 230 l65 47 -25 76 h-80 l-25 -76z" fill="${a}"/><path d="M300 110 v120 M365 277 l115 -35 M340 353 l70 100 M260 353 l-70 100 M235 277 l-115 -35" stroke="${a}" stroke-width="10"/>`,
  toy: (c, a) =>
    `<circle cx="300" cy="330" r="140" fill="${c}"/><circle cx="200" cy="190" r="55" fill="${c}"/><circle cx="400" cy="190" r="55" fill="${c}"/><circle cx="300" cy="260" r="95" fill="${c}"/><circle cx="265" cy="245" r="12" fill="#222"/><circle cx="335" cy="245" r="12" fill="#222"/><ellipse cx="300" cy="290" rx="40" ry="28" fill="${a}"/>`,
  book: (c, a) =>
    `<rect x="170" y="100" width="270" height="380" rx="10" fill="${c}"/><rect x="170" y="100" width="40" height="380" fill="${a}"/><rect x="250" y="170" width="150" height="20" fill="${a}"/><rect x="250" y="210" width="110" height="14" fill="${a}"/>`,
  lamp: (c, a) =>
    `<path d="M210 120 h180 l60 160 h-300z" fill="${c}"/><rect x="290" y="280" width="20" height="170" fill="${a}"/><ellipse cx="300" cy="460" rx="110" ry="24" fill="${c}"/>`,
  helmet: (c, a) =>
    `<path d="M120 360 q0 -230 190 -230 q170 0 170 230z" fill="${c}"/><path d="M300 250 h180 v90 h-180z" fill="${a}" opacity="0.8"/><rect x="110" y="350" width="380" height="40" rx="16" fill="${c}"/>`,
  can: (c, a) =>
    `<rect x="200" y="110" width="200" height="380" rx="30" fill="${c}"/><ellipse cx="300" cy="115" rx="100" ry="20" fill="${a}"/><rect x="200" y="240" width="200" height="110" fill="${a}"/>`,
};

/** Pixels of a product picture: enough for a full-width gallery on a phone at 2× (srcset). */
const SIZE = 560;

/**
 * Drawn pictures are kept in the machine's temporary folder by the hash of their drawing, so a
 * second demo shop (tests, restarts with a fresh data folder) does not draw them again.
 */
const CACHE_DIR = path.join(os.tmpdir(), 'angkor-mall-demo-pictures-v1');

async function render(svg: string): Promise<Buffer> {
  const file = path.join(CACHE_DIR, `${createHash('sha1').update(svg).digest('hex')}.webp`);
  // Several shops may seed at once (test servers side by side): a file another one is still
  // writing reads empty, so only a whole picture counts, and each is written aside then renamed.
  const cached = await readFile(file).catch(() => null);
  if (cached && cached.length > 0) return cached;
  const bytes = await sharp(Buffer.from(svg)).webp({ quality: 80, effort: 0 }).toBuffer();
  await mkdir(CACHE_DIR, { recursive: true }).catch(() => {});
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(aside, bytes)
    .then(() => rename(aside, file))
    .catch(() => unlink(aside).catch(() => {}));
  return bytes;
}

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch] as string,
  );
}

export type PictureSpec = {
  shape: Shape;
  color: string;
  accent: string;
  background: string;
  label: string;
  angle?: number;
  size?: number;
};

export async function productPicture(spec: PictureSpec): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${spec.size ?? SIZE}" height="${spec.size ?? SIZE}" viewBox="0 0 600 600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${spec.background}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
  <rect width="600" height="600" fill="url(#g)"/>
  <ellipse cx="300" cy="530" rx="200" ry="22" fill="#00000018"/>
  <g transform="rotate(${spec.angle ?? 0} 300 300)">${SHAPES[spec.shape](spec.color, spec.accent)}</g>
  ${spec.label ? `<text x="300" y="575" font-family="DejaVu Sans" font-size="30" font-weight="bold" text-anchor="middle" fill="#333">${escapeXml(spec.label)}</text>` : ''}
</svg>`;
  return render(svg);
}

/**
 * A wide banner picture: gradient and the product kind on the right. No words on it: the banner's
 * name is laid over it by the shop in the shopper's language.
 */
export async function bannerPicture(color: string, shape: Shape): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="320" viewBox="0 0 750 320">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#111"/></linearGradient></defs>
  <rect width="750" height="320" fill="url(#g)"/>
  <circle cx="640" cy="160" r="150" fill="#ffffff14"/>
  <g transform="translate(520 40) scale(0.42)">${SHAPES[shape]('#ffffffcc', color)}</g>
</svg>`;
  return render(svg);
}
