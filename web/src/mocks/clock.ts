/**
 * Mock mode's clock: real time plus an offset the tester moves forward (tester-actions.ts `moveClock`), as if
 * that much time had passed for the server and the device alike. The handlers read `mockNow()` (token expiry,
 * claim lapse, message dates); in the page `installPageClock` shifts `Date` by the same offset, so the app's own
 * timers that compare against `Date.now()` (the token check, a claim's countdown) see the time the server sees.
 */

let offsetMs = 0;
/** Time without the offset. Looked up on each call, so a test's fake timers still apply. */
let realNow = () => Date.now();
const listeners = new Set<(offsetMs: number) => void>();

export function mockNow(): number {
  return realNow() + offsetMs;
}

export function clockOffset(): number {
  return offsetMs;
}

/** Sets the offset (whole milliseconds, never negative: time only moves forward until a reset to 0). */
export function setClockOffset(ms: number): number {
  if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`clock offset must be a finite number ≥ 0, got ${ms}`);
  offsetMs = Math.floor(ms);
  listeners.forEach((listener) => listener(offsetMs));
  return offsetMs;
}

/** Told of every change of the offset (the panel shows it; persistence saves it). */
export function onClockChange(listener: (offsetMs: number) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Replaces the page's `Date` by one shifted by the offset: `Date.now()`, `new Date()` and `Date()` read the moved
 * clock; dates built from a value are untouched, and `instanceof Date` still holds for every date. Mock mode
 * only (browser.ts); timers (setTimeout) keep real durations, so the app notices a jump at its next check.
 */
export function installPageClock(): void {
  const RealDate = globalThis.Date;
  if ((RealDate as { mockShifted?: true }).mockShifted) return;
  const originalNow = RealDate.now.bind(RealDate);
  realNow = originalNow;
  const now = () => originalNow() + offsetMs;
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args: unknown[], newTarget) => Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget) as object,
    apply: () => new RealDate(now()).toString(),
    get: (target, property, receiver) => {
      if (property === 'now') return now;
      if (property === 'mockShifted') return true;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

/** "2 h 5 min", "45 s", "0 min": a span as the panel shows it (whole seconds under a minute, else minutes). */
export function describeSpan(ms: number): string {
  const seconds = Math.floor(Math.max(0, ms) / 1000);
  if (seconds > 0 && seconds < 60) return `${seconds} s`;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (hours === 0) return `${minutes} min`;
  return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
}
