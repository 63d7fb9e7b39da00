import { useEffect, useState } from 'react';

/**
 * How many of a long list's items to draw now: the first screenful at once, then a batch a task, so that drawing 36
 * cards is not one long task on a phone (input is answered between batches, and the first cards paint sooner). Four
 * cards a batch keep each task under Lighthouse's 50 ms at a phone's quarter speed; eight did not.
 * `all` draws every item at once: coming back to a scrolled position needs the page's full height. A list that
 * empties (a new search) starts again from the first screenful.
 */
export function useProgressiveCount(total: number, { first = 8, step = 4, all = false } = {}): number {
  const [count, setCount] = useState(first);
  const shown = all ? total : Math.min(total, count);
  useEffect(() => {
    if (total === 0 && count !== first) setCount(first);
    if (shown >= total) return;
    const timer = setTimeout(() => setCount(Math.min(total, shown + step)), 0);
    return () => clearTimeout(timer);
  }, [shown, total, count, first, step]);
  return shown;
}
