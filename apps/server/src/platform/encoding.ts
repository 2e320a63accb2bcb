import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The content codings the server makes for answers it keeps ready (see `ReadyAnswers`). */
export type Encoding = 'br' | 'gzip';

/** Accept-Encoding values seen (phones send the same few): parsed once each, at most 64 kept. */
const seen = new Map<string, Encoding | null>();

/**
 * The coding to send for a request's Accept-Encoding: brotli before gzip at equal weight, null for
 * none (no header, `identity`, or both refused with `q=0`). Real phones and the wallet web view
 * send `gzip, deflate, br`.
 */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null;
  const value = Array.isArray(header) ? header.join(',') : header;
  let chosen = seen.get(value);
  if (chosen === undefined) {
    chosen = parseAcceptEncoding(value);
    if (seen.size >= 64) seen.clear();
    seen.set(value, chosen);
  }
  return chosen;
}

function parseAcceptEncoding(value: string): Encoding | null {
  // -1: not named in the header (then the `*` entry's weight applies, else refused).
  let br = -1;
  let gzip = -1;
  let any = -1;
  for (const part of value.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    let q = 1;
    for (const param of params) {
      const weight = /^q\s*=\s*([0-9.]+)$/.exec(param);
      if (weight) q = Number(weight[1]) || 0;
    }
    if (name === 'br') br = q;
    else if (name === 'gzip' || name === 'x-gzip') gzip = q;
    else if (name === '*') any = q;
  }
  if (br < 0) br = Math.max(any, 0);
  if (gzip < 0) gzip = Math.max(any, 0);
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : null;
}

/**
 * Brotli's quality for an answer sent once (not kept: a long tail's page): a 5 KB search page in
 * 28 instead of 46 µs, 5 % larger (507 against 482 bytes; quality 4 took longer than 5 here).
 */
const ONCE_QUALITY = 3;

/**
 * Compresses a ready answer once, for all the requests that will get it (`sent` often: an answer
 * sent once is made faster, ONCE_QUALITY). Brotli at quality 5:
 * about 0.2 ms for a 5 KB list (quality 11 takes 10 ms for 14 % less); gzip at level 6 for
 * clients without brotli. Brotli's window is the answer's size, not its 4 MB default: the same
 * bytes out (within 0.5 %), and 50–90 instead of 80–280 µs of CPU for a 1.8 KB product page,
 * most of it the large window's set-up (issue 48: a long tail makes a new answer per request).
 */
export function compress(bytes: Buffer, encoding: Encoding, sent: 'often' | 'once' = 'often'): Buffer {
  // Output chunks of the answer's size, not zlib's 64 KB: the coded answer is a view of its chunk.
  const chunkSize = Math.max(1024, bytes.length + 1024);
  const coded =
    encoding === 'gzip'
      ? gzipSync(bytes, { level: 6, chunkSize })
      : brotliCompressSync(bytes, {
          chunkSize,
          params: {
            [constants.BROTLI_PARAM_QUALITY]: sent === 'once' ? ONCE_QUALITY : 5,
            [constants.BROTLI_PARAM_LGWIN]: windowBits(bytes.length),
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        });
  return ownBytes(coded);
}

/**
 * The coded bytes in a buffer of their own. zlib's sync calls give a view of their output chunk (64 KB
 * by default): a kept answer of 450 bytes held the whole chunk, and a cache bounded by its answers'
 * bytes held 100 times them (issue 48: 267 MB of buffers after 10,000 product pages at random).
 */
function ownBytes(coded: Buffer): Buffer {
  if (coded.buffer.byteLength === coded.byteLength) return coded;
  const own = Buffer.allocUnsafeSlow(coded.byteLength);
  coded.copy(own);
  return own;
}

/** The smallest brotli window (10–24 bits) holding `length` bytes (a window keeps 16 bytes less than its size). */
export function windowBits(length: number): number {
  return Math.min(24, Math.max(10, Math.ceil(Math.log2(length + 16))));
}
