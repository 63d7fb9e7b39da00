/**
 * Ends the current task so the browser can paint and answer input in between; what follows runs in a new task
 * (`scheduler.yield`, Chrome 129+, keeps its place ahead of other work; a timer elsewhere).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
