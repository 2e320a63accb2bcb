import { useSyncExternalStore } from 'react';

/** Spec §4: the loading counter starts a 120 s timeout that clears the loading state. */
export const LOADING_TIMEOUT_MS = 120_000;

let count = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function reset() {
  count = 0;
  timer = undefined;
  emit();
}

/**
 * The full-screen loading overlay is shown while the counter is above zero. `start` returns the
 * matching `done`, which is safe to call twice. A stuck counter clears itself after the timeout.
 */
export const loading = {
  start(): () => void {
    count += 1;
    if (timer) clearTimeout(timer);
    timer = setTimeout(reset, LOADING_TIMEOUT_MS);
    emit();
    let finished = false;
    return () => {
      if (finished) return;
      finished = true;
      count = Math.max(0, count - 1);
      if (count === 0 && timer) {
        clearTimeout(timer);
        timer = undefined;
      }
      emit();
    };
  },
  count: () => count,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useLoadingActive(): boolean {
  return useSyncExternalStore(
    loading.subscribe,
    () => count > 0,
    () => false,
  );
}
