import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOADING_TIMEOUT_MS, loading } from './store.ts';

describe('the loading counter (spec §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts overlapping work and clears when all of it is done', () => {
    const a = loading.start();
    const b = loading.start();
    expect(loading.count()).toBe(2);
    a();
    a(); // calling done twice counts once
    expect(loading.count()).toBe(1);
    b();
    expect(loading.count()).toBe(0);
  });

  it('clears itself 120 s after the last start', () => {
    loading.start();
    vi.advanceTimersByTime(LOADING_TIMEOUT_MS - 1);
    expect(loading.count()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(loading.count()).toBe(0);
    expect(LOADING_TIMEOUT_MS).toBe(120_000);
  });
});
