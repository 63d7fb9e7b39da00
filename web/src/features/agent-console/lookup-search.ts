import type { lookupSorts } from '@sync/contract/agents';
import type { LookupFilters } from '@web/lib/agent-api';

/**
 * The lookup's filters as they live in the URL (`/agent/lookup?realUsername=sam&page=2`), so a reload, the
 * back button and a shared link show the same search. Only what differs from the defaults is written, and
 * anything a hand-edited URL carries that the lookup cannot use is dropped rather than sent to the API.
 */
export const TEXT_FILTERS = ['realUsername', 'fictiveUsername', 'agentName', 'domain'] as const;
export const LOOKUP_LIMITS = [20, 50, 100] as const;
const TEXT_MAX = 100;

export interface LookupSearch {
  realUsername?: string;
  fictiveUsername?: string;
  agentName?: string;
  domain?: string;
  /** Calendar days (YYYY-MM-DD), as the date inputs give them. */
  sentAfter?: string;
  sentBefore?: string;
  sortBy?: (typeof lookupSorts)[number];
  limit?: (typeof LOOKUP_LIMITS)[number];
  page?: number;
}

/** Without NUL and lone surrogates, which the API's text() refuses (a search would answer 400, not results). */
const storable = (text: string) =>
  [...text]
    .filter((ch) => {
      const code = ch.codePointAt(0)!;
      return code !== 0 && (code < 0xd800 || code > 0xdfff);
    })
    .join('');

const isDay = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/** TanStack Router's validateSearch: the raw query (strings, or numbers the router parsed) → a clean search. */
export function parseLookupSearch(raw: Record<string, unknown>): LookupSearch {
  const out: LookupSearch = {};
  for (const key of TEXT_FILTERS) {
    const value = raw[key];
    // The URL may carry anything: numbers the router parsed (a member called 1234), NUL and lone surrogates.
    const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
    const clean = storable(text).trim().slice(0, TEXT_MAX);
    if (clean) out[key] = clean;
  }
  if (isDay(raw.sentAfter)) out.sentAfter = raw.sentAfter;
  if (isDay(raw.sentBefore)) out.sentBefore = raw.sentBefore;
  if (raw.sortBy === 'oldest') out.sortBy = 'oldest';
  const limit = Number(raw.limit);
  if (limit === 50 || limit === 100) out.limit = limit;
  const page = Number(raw.page);
  if (Number.isInteger(page) && page > 1 && page <= 100_000) out.page = page;
  return out;
}

/** The API query for a search: "sent before" a day means up to the end of that day (UTC, as the API reads it). */
export function lookupFilters(search: LookupSearch): LookupFilters {
  const filters: LookupFilters = { page: search.page ?? 1, limit: search.limit ?? 20, sortBy: search.sortBy ?? 'recent' };
  for (const key of TEXT_FILTERS) if (search[key]) filters[key] = search[key];
  if (search.sentAfter) filters.sentAfter = search.sentAfter;
  if (search.sentBefore) filters.sentBefore = `${search.sentBefore}T23:59:59.999Z`;
  return filters;
}
