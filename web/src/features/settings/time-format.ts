import { useSyncExternalStore } from 'react';

export type TimeFormat = '12h' | '24h';

// The API has no time-format field yet (users/patch-body.ts drops unknown keys), so the choice lives on this device.
const KEY = 'settings.timeFormat';
const listeners = new Set<() => void>();

export function isTimeFormat(value: unknown): value is TimeFormat {
  return value === '12h' || value === '24h';
}

export function readTimeFormat(): TimeFormat | null {
  try {
    const value = globalThis.localStorage?.getItem(KEY);
    return isTimeFormat(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeTimeFormat(value: TimeFormat): void {
  try {
    globalThis.localStorage?.setItem(KEY, value);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The member's choice on this device, else the brand's default, else SPEC §9's 12-hour clock. */
export function useTimeFormat(brandDefault: unknown): TimeFormat {
  const stored = useSyncExternalStore(subscribe, readTimeFormat, readTimeFormat);
  return stored ?? (isTimeFormat(brandDefault) ? brandDefault : '12h');
}
