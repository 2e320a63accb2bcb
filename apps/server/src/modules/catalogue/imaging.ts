import { createHash } from 'node:crypto';
import sharp, { type Metadata, type OutputInfo } from 'sharp';

/** The widths a client may ask for (`srcset`); anything else is rounded up to the next one. */
export const IMAGE_WIDTHS = [160, 320, 480, 800] as const;
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
  const base = sharp(input, { limitInputPixels: MAX_PIXELS }).flatten({ background: '#ffffff' });
  const [d, a, c] = await Promise.all([
    base.clone().greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer(),
    base.clone().greyscale().resize(8, 8, { fit: 'fill' }).raw().toBuffer(),
    base.clone().removeAlpha().resize(16, 16, { fit: 'fill' }).raw().toBuffer(),
  ]);
  let dhash = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      dhash = (dhash << 1n) | (d[y * 9 + x] > d[y * 9 + x + 1] ? 1n : 0n);
    }
  }
  const mean = a.reduce((s, v) => s + v, 0) / 64;
  let ahash = 0n;
  for (let i = 0; i < 64; i++) ahash = (ahash << 1n) | (a[i] > mean ? 1n : 0n);
  const histogram = new Array<number>(64).fill(0);
  for (let i = 0; i < c.length; i += 3) {
    histogram[(c[i] >> 6) * 16 + (c[i + 1] >> 6) * 4 + (c[i + 2] >> 6)] += 1;
  }
  const total = c.length / 3;
  return { dhash: toSigned64(dhash), ahash: toSigned64(ahash), histogram: histogram.map((v) => v / total) };
}

/**
 * Checks that `input` is a real image (by content), re-encodes it without metadata at most
 * 800 px on its longer side, and computes its perceptual features.
 */
export async function prepareImage(input: Buffer): Promise<StoredImage> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw new NotAnImageError('not an image');
  }
  if (!meta.format || !['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff'].includes(meta.format) || !meta.width || !meta.height) {
    throw new NotAnImageError('unsupported image');
  }
  let bytes: Buffer;
  let info: OutputInfo;
  try {
    ({ data: bytes, info } = await sharp(input, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true }));
  } catch {
    throw new NotAnImageError('undecodable image');
  }
  const features = await imageFeatures(bytes);
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
  return sharp(bytes).resize(width, undefined, { withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
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
