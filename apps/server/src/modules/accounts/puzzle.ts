import { randomInt } from 'node:crypto';
import sharp from 'sharp';

/** The slide puzzle: a picture with a square gap and the square piece that fills it. */
export const PUZZLE = { width: 300, height: 160, piece: 48, tolerancePx: 6, validMinutes: 3 } as const;

const PALETTES = [
  ['#0f766e', '#14b8a6', '#f59e0b', '#fde68a'],
  ['#1e3a8a', '#3b82f6', '#f97316', '#fed7aa'],
  ['#7c2d12', '#ea580c', '#65a30d', '#d9f99d'],
  ['#581c87', '#a855f7', '#f43f5e', '#fecdd3'],
];

/** A random landscape of shapes: different every time, so answers cannot be looked up. */
function backgroundSvg(): string {
  const { width: w, height: h } = PUZZLE;
  const palette = PALETTES[randomInt(PALETTES.length)];
  const shapes: string[] = [];
  for (let i = 0; i < 28; i += 1) {
    const color = palette[randomInt(palette.length)];
    const opacity = (0.35 + randomInt(60) / 100).toFixed(2);
    if (i % 3 === 0) {
      shapes.push(
        `<circle cx="${randomInt(w)}" cy="${randomInt(h)}" r="${8 + randomInt(40)}" fill="${color}" fill-opacity="${opacity}"/>`,
      );
    } else if (i % 3 === 1) {
      shapes.push(
        `<rect x="${randomInt(w)}" y="${randomInt(h)}" width="${10 + randomInt(70)}" height="${10 + randomInt(50)}" transform="rotate(${randomInt(90)} ${randomInt(w)} ${randomInt(h)})" fill="${color}" fill-opacity="${opacity}"/>`,
      );
    } else {
      const pts = Array.from({ length: 3 }, () => `${randomInt(w)},${randomInt(h)}`).join(' ');
      shapes.push(`<polygon points="${pts}" fill="${color}" fill-opacity="${opacity}"/>`);
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette[0]}"/><stop offset="1" stop-color="${palette[3]}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>${shapes.join('')}</svg>`;
}

export type PuzzleImages = { x: number; y: number; background: Buffer; piece: Buffer };

/**
 * Draws a new puzzle with sharp: the background PNG with a shaded gap at (x, y), and the piece PNG
 * cut from the same spot with a white outline. Only the server knows x.
 */
export async function drawPuzzle(): Promise<PuzzleImages> {
  const { width: w, height: h, piece: p } = PUZZLE;
  const x = p + 20 + randomInt(w - 2 * p - 30);
  const y = 10 + randomInt(h - p - 20);
  const full = await sharp(Buffer.from(backgroundSvg())).png().toBuffer();
  const outline = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${p}" height="${p}"><rect x="1" y="1" width="${p - 2}" height="${p - 2}" rx="6" fill="none" stroke="#ffffff" stroke-width="2"/></svg>`,
  );
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${p}" height="${p}"><rect width="${p}" height="${p}" rx="6" fill="#000"/></svg>`,
  );
  const piece = await sharp(full)
    .extract({ left: x, top: y, width: p, height: p })
    .composite([
      { input: mask, blend: 'dest-in' },
      { input: outline, blend: 'over' },
    ])
    .png()
    .toBuffer();
  const gap = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${p}" height="${p}"><rect x="1" y="1" width="${p - 2}" height="${p - 2}" rx="6" fill="#000" fill-opacity="0.55" stroke="#fff" stroke-opacity="0.8" stroke-width="2"/></svg>`,
  );
  const background = await sharp(full)
    .composite([{ input: gap, left: x, top: y }])
    .png()
    .toBuffer();
  return { x, y, background, piece };
}
