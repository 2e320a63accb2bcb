/**
 * Runs `work` when the phone has nothing else to do (within `timeoutMs` at the latest): code a
 * screen may need later (a sheet's chunk) is fetched and evaluated apart from the screen's first
 * render and its effects. Returns a cancel.
 */
export function whenIdle(work: () => void, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 200);
  return () => clearTimeout(id);
}
