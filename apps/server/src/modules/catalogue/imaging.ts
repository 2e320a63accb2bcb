import { createHash } from 'node:crypto';
import { PICTURE_WIDTHS } from '@shop/contracts';
import sharp, { type Metadata, type OutputInfo } from 'sharp';

/** The widths a client may ask for (`srcset`); anything else is rounded up to the next one. */
export const IMAGE_WIDTHS = PICTURE_WIDTHS;
const MAX_SIDE = 800;
const MAX_PIXELS = 40_000_000;

export type ImageFeatures = {
  dhash: bigint;
  ahash: bigint;
  /** 64 bins (4 levels per channel), normalised to sum 1. */
  histogram: number[];
};

export type StoredImage = ImageFeatures & { bytes: Buffer; width: number; height: number; digest: string };

/** Thrown for input that is not a decodable raster image. */
export class NotAnImageError extends Error {}

function toSigned64(value: bigint): bigint {
  return BigInt.asIntN(64, value);
}

/**
 * dHash: 9×8 grey thumbnail, one bit per horizontally adjacent pair (left brighter than right).
 * aHash: 8×8 grey thumbnail, one bit per pixel brighter than the mean.
 * Histogram: 16×16 colour thumbnail, 4 levels per channel.
 */
export async function imageFeatures(input: Buffer): Promise<ImageFeatures> {
  // One decode to a 72×64 colour thumbnail; the hashes average its 8×8 blocks (9×8 grid for dHash,
  // 8×8 for aHash), the histogram reads every pixel.
  const W = 72;
  const H = 64;
  const px = await sharp(input, { limitInputPixels: MAX_PIXELS })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .resize(W, H, { fit: 'fill' })
    .raw()
    .toBuffer();
  const grey = (x: number, y: number) => {
    const i = (y * W + x) * 3;
    return 0.299 * px[i] + 0.587 * px[i + 1] + 0.114 * px[i + 2];
  };
  const block = (cols: number, rows: number) => {
    const bw = W / cols;
    const bh = H / rows;
    const out: number[] = [];
    for (let by = 0; by < rows; by++) {
      for (let bx = 0; bx < cols; bx++) {
        let sum = 0;
        for (let y = Math.floor(by * bh); y < Math.floor((by + 1) * bh); y++) {
          for (let x = Math.floor(bx * bw); x < Math.floor((bx + 1) * bw); x++) sum += grey(x, y);
        }
        out.push(sum);
      }
    }
    return out;
  };
  const d = block(9, 8);
  const a = block(8, 8);
  let dhash = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) dhash = (dhash << 1n) | (d[y * 9 + x] > d[y * 9 + x + 1] ? 1n : 0n);
  }
  const mean = a.reduce((s, v) => s + v, 0) / 64;
  let ahash = 0n;
  for (let i = 0; i < 64; i++) ahash = (ahash << 1n) | (a[i] > mean ? 1n : 0n);
  const histogram = new Array<number>(64).fill(0);
  for (let i = 0; i < px.length; i += 3) histogram[(px[i] >> 6) * 16 + (px[i + 1] >> 6) * 4 + (px[i + 2] >> 6)] += 1;
  const total = px.length / 3;
  return { dhash: toSigned64(dhash), ahash: toSigned64(ahash), histogram: histogram.map((v) => v / total) };
}

/**
 * Checks that `input` is a real image (by content), re-encodes it without metadata at most
 * 800 px on its longer side, and computes its perceptual features.
 */
export async function prepareImage(input: Buffer, options: { trusted?: boolean } = {}): Promise<StoredImage> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw new NotAnImageError('not an image');
  }
  if (
    !meta.format ||
    !['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff'].includes(meta.format) ||
    !meta.width ||
    !meta.height
  ) {
    throw new NotAnImageError('unsupported image');
  }
  let bytes: Buffer;
  let info: Pick<OutputInfo, 'width' | 'height'>;
  if (options.trusted && meta.format === 'webp' && Math.max(meta.width, meta.height) <= MAX_SIDE) {
    // Drawn by the shop itself (demo pictures): already webp, small, without metadata.
    const features = await imageFeatures(input);
    const digest = createHash('sha256').update(input).digest('hex').slice(0, 32);
    return { ...features, bytes: input, width: meta.width, height: meta.height, digest };
  }
  try {
    ({ data: bytes, info } = await sharp(input, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80, effort: 0 })
      .toBuffer({ resolveWithObject: true }));
  } catch {
    throw new NotAnImageError('undecodable image');
  }
  const features = await imageFeatures(input);
  return {
    ...features,
    bytes,
    width: info.width,
    height: info.height,
    digest: createHash('sha256').update(bytes).digest('hex').slice(0, 32),
  };
}

/** The stored original at `width` pixels wide (never enlarged). */
export async function resizeImage(bytes: Buffer, width: number): Promise<Buffer> {
  return sharp(bytes)
    .resize(width, undefined, { withoutEnlargement: true })
    .webp({ quality: 78, effort: 0 })
    .toBuffer();
}

export function snapWidth(width: number | undefined): number {
  if (!width) return 480;
  return IMAGE_WIDTHS.find((w) => w >= width) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
}

export function hamming(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let n = 0;
  while (x) {
    x &= x - 1n;
    n++;
  }
  return n;
}

/** L1 distance of two normalised histograms, 0 (same colours) to 2 (disjoint). */
export function histogramDistance(a: number[], b: number[]): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) d += Math.abs(a[i] - (b[i] ?? 0));
  return d;
}

/**
 * How unlike two images look: Hamming distances of both hashes (0..128) plus the colour distance
 * scaled to the same range. 0 = identical.
 */
export function visualDistance(a: ImageFeatures, b: ImageFeatures): number {
  return hamming(a.dhash, b.dhash) + hamming(a.ahash, b.ahash) + 32 * histogramDistance(a.histogram, b.histogram);
}
