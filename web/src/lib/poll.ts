/**
 * docs/product.md#constants polling: ask every `intervalMs` (2 s) until `done` says so or `timeoutMs` (25 s) has passed;
 * docs/product.md#errors-and-texts: a timeout answers null. A failed ask is retried at the next tick; the signal stops it early.
 */
export async function pollUntil<T>(
  ask: () => Promise<T>,
  done: (value: T) => boolean,
  options: { intervalMs: number; timeoutMs: number; signal?: AbortSignal },
): Promise<T | null> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (options.signal?.aborted) return null;
    try {
      const value = await ask();
      if (done(value)) return value;
    } catch {
      // a lost answer is not a result: try again at the next tick
    }
    if (Date.now() + options.intervalMs > deadline) return null;
    await new Promise<void>((resolve) => {
      const id = setTimeout(resolve, options.intervalMs);
      options.signal?.addEventListener('abort', () => {
        clearTimeout(id);
        resolve();
      });
    });
  }
}
