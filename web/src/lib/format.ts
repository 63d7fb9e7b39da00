import { differenceInCalendarDays, isSameDay, isSameYear } from 'date-fns';
import { t } from '@sync/texts';
import { formatMoney } from '@sync/rules/pricing';
import { currentLanguage, formatLocale } from './i18n';

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

/** Intl formatters in the member's language and brand country (lib/i18n.ts), made once per locale. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function dateFormat(name: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = formatLocale();
  const key = `${locale}|${name}`;
  let formatter = formatters.get(key);
  if (!formatter) formatters.set(key, (formatter = new Intl.DateTimeFormat(locale, options)));
  return formatter;
}

const dateTime = () => dateFormat('dateTime', { dateStyle: 'medium', timeStyle: 'short' });
const time = () => dateFormat('time', { hour: '2-digit', minute: '2-digit' });

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateTime().format(d);
}

export function formatTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : time().format(d);
}

const timeOfDay = () => dateFormat('timeOfDay', { hour: 'numeric', minute: '2-digit' });
const longDate = () => dateFormat('longDate', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });

/** The clock as the locale writes it, the hour without a leading zero: "3:45 PM", "15:45". */
export function formatTimeOfDay(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : timeOfDay().format(d);
}

/** A day in full: "Saturday, November 28, 2026", "Samstag, 28. November 2026". */
export function formatLongDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : longDate().format(d);
}

const weekday = () => dateFormat('weekday', { weekday: 'long' });
const weekdayDate = () => dateFormat('weekdayDate', { weekday: 'short', month: 'short', day: 'numeric' });
const fullDate = () => dateFormat('fullDate', { dateStyle: 'medium' });
const shortDate = () => dateFormat('shortDate', { month: 'short', day: 'numeric' });

/** A number in the member's locale: 1,234 in English, 1.234 in German. */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat(formatLocale()).format(value);
}

/**
 * An amount with its currency symbol as the member's locale writes it: "$9.99" in English (docs/product.md#constants: two decimals,
 * symbol first), "9,99 €" in German.
 */
export function formatAmount(amount: number, symbol = ''): string {
  if (currentLanguage() === 'en') return formatMoney(amount, symbol);
  const figure = new Intl.NumberFormat(formatLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(formatMoney(amount)));
  return symbol ? `${figure}\u00a0${symbol}` : figure;
}

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
  if (days === 0) return t('chat.today');
  if (days === 1) return t('chat.yesterday');
  if (days > 1 && days < 7) return weekday().format(d);
  return isSameYear(d, now) ? weekdayDate().format(d) : fullDate().format(d);
}

/** A message's time: the clock alone today, with its date before, so no time is read against the wrong day. */
export function formatStamp(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  if (isSameDay(d, now)) return time().format(d);
  return `${(isSameYear(d, now) ? shortDate : fullDate)().format(d)}, ${time().format(d)}`;
}

/** A list's last-activity time: the clock today, the day this year, the full date before ("3:45 PM", "Nov 28", "Nov 28, 2025"). */
export function formatListTime(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  if (isSameDay(d, now)) return timeOfDay().format(d);
  return (isSameYear(d, now) ? shortDate : fullDate)().format(d);
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
const RELATIVE_UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/**
 * How long ago (or how far ahead) a date is, in the member's language: "3 days ago", "vor 3 Tagen", "in 2 hours".
 * The largest unit the distance reaches, rounded (30-day months, 365-day years), as date-fns'
 * formatDistanceToNowStrict counted it, but worded by Intl.RelativeTimeFormat.
 */
export function formatTimeAgo(date: string | Date, now: Date = new Date()): string {
  const d = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(d.getTime())) return '';
  const locale = formatLocale();
  let format = relativeFormats.get(locale);
  if (!format) relativeFormats.set(locale, (format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' })));
  const seconds = (d.getTime() - now.getTime()) / 1000;
  const distance = Math.abs(seconds);
  const [unit, size] = RELATIVE_UNITS.find(([, size]) => distance >= size) ?? ['second', 1];
  const count = Math.round(distance / size);
  // Past, or now: "0 seconds ago"; ahead: "in 2 hours".
  return format.format(seconds > 0 ? count : -count, unit);
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
