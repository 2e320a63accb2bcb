import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, compress, windowBits } from './encoding.ts';

describe('Accept-Encoding', () => {
  it('prefers brotli when a phone asks for gzip, deflate and br', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('BR')).toBe('br');
  });

  it('falls back to gzip, and to nothing when nothing it makes is accepted', () => {
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('x-gzip')).toBe('gzip');
    expect(acceptedEncoding(undefined)).toBeNull();
    expect(acceptedEncoding('')).toBeNull();
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding('deflate')).toBeNull();
  });

  it('honours weights: q=0 refuses a coding, a higher weight wins, * stands for the unnamed ones', () => {
    expect(acceptedEncoding('gzip, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(acceptedEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(acceptedEncoding('br;q=0.8, gzip;q=0.8')).toBe('br');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('gzip;q=1, *;q=0')).toBe('gzip');
    expect(acceptedEncoding('*;q=0')).toBeNull();
    expect(acceptedEncoding(['deflate', 'gzip'])).toBe('gzip');
  });
});

describe('compress', () => {
  it('gives back the same bytes once decompressed', () => {
    const json = Buffer.from(
      JSON.stringify({ list: Array.from({ length: 50 }, (_, i) => ({ id: i, name: `n${i}` })) }),
    );
    expect(brotliDecompressSync(compress(json, 'br')).equals(json)).toBe(true);
    expect(gunzipSync(compress(json, 'gzip')).equals(json)).toBe(true);
    expect(compress(json, 'br').length).toBeLessThan(json.length / 3);
  });

  it('gives each coded answer its own bytes, not a view of a 64 KB chunk (issue 48)', () => {
    for (const length of [1100, 5000, 70_000]) {
      const text = Array.from({ length: Math.ceil(length / 7) }, (_, i) => `w${(i * 7919) % 1000},`).join('');
      const json = Buffer.from(text.slice(0, length));
      for (const encoding of ['br', 'gzip'] as const) {
        const coded = compress(json, encoding);
        expect(coded.byteLength).toBeLessThan(json.length);
        expect(coded.buffer.byteLength).toBe(coded.byteLength);
        const back = encoding === 'br' ? brotliDecompressSync(coded) : gunzipSync(coded);
        expect(back.equals(json)).toBe(true);
      }
    }
  });

  it('sizes the brotli window to the answer, any size round trips', () => {
    expect(windowBits(100)).toBe(10);
    expect(windowBits(1844)).toBe(11);
    expect(windowBits(2032)).toBe(11);
    expect(windowBits(2033)).toBe(12);
    expect(windowBits(50_000_000)).toBe(24);
    for (const length of [1024, 2032, 2033, 70_000, 300_000]) {
      const text = Array.from({ length: Math.ceil(length / 7) }, (_, i) => `w${(i * 7919) % 1000},`).join('');
      const json = Buffer.from(text.slice(0, length));
      expect(brotliDecompressSync(compress(json, 'br')).equals(json)).toBe(true);
    }
  });
});
