import { createStore, useStore } from '@web/lib/store';

export type TimeFormat = '12h' | '24h';

// The account keeps the choice (settings.timeFormat, accountPatchBody in sync/contract/profile-edit.ts); this device
// keeps a copy so times show in it before the account is read.
const KEY = 'settings.timeFormat';

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
  writes.set((n) => n + 1);
}

// Storage stays the truth (another tab, a cleared storage): the store only says that it was written.
const writes = createStore(0);

/** The member's choice on this device, else the brand's default, else docs/product.md#constants's 12-hour clock. */
export function useTimeFormat(brandDefault: unknown): TimeFormat {
  const choice = useStore({ get: readTimeFormat, subscribe: writes.subscribe });
  return choice ?? (isTimeFormat(brandDefault) ? brandDefault : '12h');
}
