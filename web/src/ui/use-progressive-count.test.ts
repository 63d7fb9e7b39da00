import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useProgressiveCount } from './use-progressive-count';

/** Each batch's timer is set by the effect after the previous batch rendered: one timer at a time. */
function drain() {
  for (let i = 0; i < 40 && vi.getTimerCount() > 0; i++) act(() => vi.advanceTimersToNextTimer());
}

describe('useProgressiveCount', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('draws the first screenful at once and a batch a task after it, up to the whole list', () => {
    const { result } = renderHook(() => useProgressiveCount(36));
    expect(result.current).toBe(8);
    const seen = [result.current];
    for (let i = 0; i < 10 && result.current < 36; i++) {
      act(() => vi.advanceTimersToNextTimer());
      seen.push(result.current);
    }
    expect(seen).toEqual([8, 12, 16, 20, 24, 28, 32, 36]);
  });

  it('draws everything at once when asked (coming back to a scrolled list), and a short list whole', () => {
    expect(renderHook(() => useProgressiveCount(36, { all: true })).result.current).toBe(36);
    expect(renderHook(() => useProgressiveCount(5)).result.current).toBe(5);
  });

  it('appends a loaded page in batches, and starts again from the first screenful after the list empties', () => {
    const { result, rerender } = renderHook(({ total }) => useProgressiveCount(total), { initialProps: { total: 12 } });
    drain();
    expect(result.current).toBe(12);
    rerender({ total: 48 });
    expect(result.current).toBe(12);
    act(() => vi.advanceTimersToNextTimer());
    expect(result.current).toBe(16);
    drain();
    expect(result.current).toBe(48);
    rerender({ total: 0 });
    drain();
    rerender({ total: 36 });
    expect(result.current).toBe(8);
  });
});
