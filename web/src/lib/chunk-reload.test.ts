import { describe, expect, it, vi } from 'vitest';
import { claimReload, isChunkLoadError, reloadAfterChunkError, RELOAD_GUARD_MS } from './chunk-reload';

describe('chunk reload guard (docs/product.md#errors-and-texts, docs/product.md#constants)', () => {
  it('recognises failed dynamic imports', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Something else'))).toBe(false);
  });

  it('reloads at most once per 10 s for the same path', () => {
    const now = 1_000_000;
    expect(claimReload('/profiles', now, sessionStorage)).toBe(true);
    expect(claimReload('/profiles', now + RELOAD_GUARD_MS - 1, sessionStorage)).toBe(false);
    expect(claimReload('/messages', now + 1, sessionStorage)).toBe(true);
    expect(claimReload('/profiles', now + RELOAD_GUARD_MS, sessionStorage)).toBe(true);
  });

  it('never reloads while offline: the file is missing because the network is', () => {
    sessionStorage.clear();
    const reload = vi.fn();
    expect(reloadAfterChunkError(reload, () => false)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(reloadAfterChunkError(reload, () => true)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
