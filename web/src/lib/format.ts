import { differenceInCalendarDays, isSameDay, isSameYear } from 'date-fns';

/** Seconds as m:ss, or h:mm:ss from an hour up: the console's timers. */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

export function secondsSince(start: number | null, now: number): number {
  return start === null ? 0 : Math.max(0, Math.floor((now - start) / 1000));
}

export function secondsUntil(end: number | null, now: number): number {
  return end === null ? 0 : Math.max(0, Math.ceil((end - now) / 1000));
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateTime.format(d);
}

export function formatTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : time.format(d);
}

const weekday = new Intl.DateTimeFormat(undefined, { weekday: 'long' });
const weekdayDate = new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric' });
const fullDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const shortDate = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const shortDateYear = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** The local calendar day of a date, for grouping a timeline by day. */
export function dayKey(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
}

/**
 * A timeline's day divider: Today, Yesterday, the weekday within the last week (no date needed to place it),
 * the weekday and date this year, the full date before.
 */
export function dayLabel(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const days = differenceInCalendarDays(now, d);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days > 1 && days < 7) return weekday.format(d);
  return isSameYear(d, now) ? weekdayDate.format(d) : fullDate.format(d);
}

/** A message's time: the clock alone today, with its date before, so no time is read against the wrong day. */
export function formatStamp(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  if (isSameDay(d, now)) return time.format(d);
  return `${(isSameYear(d, now) ? shortDate : shortDateYear).format(d)}, ${time.format(d)}`;
}

/** `<input type="datetime-local">` value for an ISO date, in local time. */
export function toLocalInput(iso: string | null | undefined): string {
  const d = iso ? new Date(iso) : new Date();
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Normalises docs/product.md#data legacy forms: `{ $date }` dates and `{ $oid }` ids. */
export function normaliseId(value: unknown): string {
  if (value && typeof value === 'object' && '$oid' in value) return String((value as { $oid: unknown }).$oid);
  return String(value ?? '');
}
export function normaliseDate(value: unknown): string | null {
  if (value && typeof value === 'object' && '$date' in value) return String((value as { $date: unknown }).$date);
  return typeof value === 'string' ? value : null;
}
