import { describe, expect, it, vi } from 'vitest';
import { createStore } from './store';

describe('createStore', () => {
  it('tells its listeners of a new value, and stops after they leave', () => {
    const store = createStore(1);
    const heard = vi.fn();
    const leave = store.subscribe(heard);
    store.set(2);
    store.set((n) => n + 1);
    expect(store.get()).toBe(3);
    expect(heard).toHaveBeenCalledTimes(2);
    leave();
    store.set(4);
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('stays quiet when the value did not change by its equality', () => {
    const store = createStore({ n: 1 }, { equals: (a, b) => a.n === b.n });
    const heard = vi.fn();
    store.subscribe(heard);
    store.set({ n: 1 });
    expect(heard).not.toHaveBeenCalled();
    store.set({ n: 2 });
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
