import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './chunkError.ts';

describe('route chunk failures (spec §8)', () => {
  it('recognises the browsers’ words for a failed lazy import', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /h5/assets/Cart-1.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
