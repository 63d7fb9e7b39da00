import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pollUntil } from './poll';

describe('pollUntil (docs/product.md#constants: 2 s, 25 s; docs/product.md#errors-and-texts: timeout → null)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks every 2 s until done', async () => {
    let n = 0;
    const ask = vi.fn(async () => ++n);
    const result = pollUntil(ask, (v) => v === 3, { intervalMs: 2_000, timeoutMs: 25_000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(ask).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4_000);
    await expect(result).resolves.toBe(3);
    expect(ask).toHaveBeenCalledTimes(3);
  });

  it('answers null after 25 s, retrying failed asks meanwhile', async () => {
    const ask = vi.fn(async () => {
      if (ask.mock.calls.length % 2) throw new Error('offline');
      return 'pending';
    });
    const result = pollUntil(ask, (v) => v === 'done', { intervalMs: 2_000, timeoutMs: 25_000 });
    await vi.advanceTimersByTimeAsync(25_000);
    await expect(result).resolves.toBeNull();
    // At 0, 2, … 24 s: 13 asks.
    expect(ask).toHaveBeenCalledTimes(13);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const ask = vi.fn(async () => 'pending');
    const result = pollUntil(ask, () => false, { intervalMs: 2_000, timeoutMs: 25_000, signal: controller.signal });
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort();
    await expect(result).resolves.toBeNull();
    expect(ask).toHaveBeenCalledTimes(1);
  });
});
