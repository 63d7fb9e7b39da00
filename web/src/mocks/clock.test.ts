import { afterEach, describe, expect, it } from 'vitest';
import { clockOffset, describeSpan, installPageClock, mockNow, onClockChange, setClockOffset } from './clock';

const RealDate = globalThis.Date;
afterEach(() => {
  globalThis.Date = RealDate;
  setClockOffset(0);
});

describe('the mock clock', () => {
  it('is real time plus the offset, and tells its listeners', () => {
    const heard: number[] = [];
    const stop = onClockChange((offset) => heard.push(offset));
    setClockOffset(90_000);
    const before = RealDate.now();
    expect(mockNow() - before).toBeGreaterThanOrEqual(90_000);
    expect(mockNow() - before).toBeLessThan(91_000);
    stop();
    setClockOffset(0);
    expect(heard).toEqual([90_000]);
  });

  it('refuses a negative or non-finite offset and keeps the one it had', () => {
    setClockOffset(1000);
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => setClockOffset(bad)).toThrow(RangeError);
    expect(clockOffset()).toBe(1000);
  });

  it("shifts the page's Date by the offset: now, new Date() and Date(), never a date built from a value", () => {
    installPageClock();
    installPageClock(); // a second install (hot reload) must not shift twice
    setClockOffset(2 * 3_600_000);
    const real = RealDate.now();
    expect(Date.now() - real).toBeGreaterThanOrEqual(2 * 3_600_000);
    expect(Date.now() - real).toBeLessThan(2 * 3_600_000 + 1000);
    expect(new Date().getTime() - real).toBeGreaterThanOrEqual(2 * 3_600_000);
    expect(Date()).toBe(new RealDate(Date.now()).toString());
    expect(new Date(0).getTime()).toBe(0);
    expect(new Date('2026-01-15T12:00:00Z').toISOString()).toBe('2026-01-15T12:00:00.000Z');
    expect(new Date()).toBeInstanceOf(RealDate);
    expect(new RealDate()).toBeInstanceOf(Date);
    expect(Date.UTC(2026, 0, 1)).toBe(RealDate.UTC(2026, 0, 1));
    // The handlers' clock and the page's agree, without counting the offset twice.
    expect(Math.abs(mockNow() - Date.now())).toBeLessThan(1000);
  });

  it('describes a span as the panel shows it', () => {
    expect(describeSpan(0)).toBe('0 min');
    expect(describeSpan(45_000)).toBe('45 s');
    expect(describeSpan(5 * 60_000)).toBe('5 min');
    expect(describeSpan(2 * 3_600_000)).toBe('2 h');
    expect(describeSpan(2 * 3_600_000 + 5 * 60_000 + 59_000)).toBe('2 h 5 min');
    expect(describeSpan(-5)).toBe('0 min');
  });
});
