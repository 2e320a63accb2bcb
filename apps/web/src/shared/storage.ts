/**
 * localStorage / sessionStorage that never throw. A wallet app's web view or a third-party frame
 * may deny storage ("Access is denied for this document"); the shop then keeps its state in
 * memory for the visit instead of failing to start.
 */
export type SafeStorage = {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
};

function memoryStorage(): SafeStorage {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

function open(kind: 'localStorage' | 'sessionStorage'): SafeStorage {
  const fallback = memoryStorage();
  let real: Storage | undefined;
  try {
    real = typeof window === 'undefined' ? undefined : window[kind];
    real?.getItem('probe');
  } catch {
    real = undefined;
  }
  if (!real) return fallback;
  const storage = real;
  return {
    getItem(key) {
      try {
        return storage.getItem(key);
      } catch {
        return fallback.getItem(key);
      }
    },
    setItem(key, value) {
      try {
        storage.setItem(key, value);
      } catch {
        fallback.setItem(key, value);
      }
    },
    removeItem(key) {
      try {
        storage.removeItem(key);
      } catch {
        fallback.removeItem(key);
      }
    },
  };
}

export const local = open('localStorage');
export const session = open('sessionStorage');
