/** Runs `work` when the browser is idle (a timer where there is no requestIdleCallback); returns a cancel. */
export function whenIdle(work: () => void, fallbackMs = 1500): () => void {
  if (typeof globalThis.requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work);
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, fallbackMs);
  return () => clearTimeout(timer);
}
