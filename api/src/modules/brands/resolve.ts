import { asc } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, BrandContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { brands } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';
import { requestHeader } from '../../lib/request-header.js';

const TTL_MS = 30_000;
let cache: { at: number; db: Db; list: (BrandContext & { aliases: string[] })[] } | undefined;

async function loadBrands(db: Db) {
  if (cache && cache.db === db && Date.now() - cache.at < TTL_MS) return cache.list;
  const rows = await db.select().from(brands).orderBy(asc(brands.createDate));
  const list = rows.map((b) => ({
    id: b.id,
    domain: b.domain,
    aliases: b.aliases,
    apiKey: b.apiKey,
    defaultCountry: b.defaultCountry,
    timezone: b.timezone,
  }));
  cache = { at: Date.now(), db, list };
  return list;
}

export function invalidateBrandCache() {
  cache = undefined;
}

/** The host the request was made to, without port and without a leading www. */
export function requestHost(header: string | undefined): string {
  const host = (header ?? 'localhost').split(',')[0]!.trim().toLowerCase();
  const bare = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
  return bare.replace(/^www\./, '');
}

/**
 * Resolves the brand from the request's domain (docs/product.md#overview: branded per domain). An unknown host falls back to
 * the oldest brand, so a fresh install answers on any address it is reached by.
 */
export async function resolveBrand(db: Db, hostHeader: string | undefined): Promise<BrandContext | undefined> {
  const list = await loadBrands(db);
  const host = requestHost(hostHeader);
  const found = list.find((b) => b.domain === host || b.aliases.includes(host)) ?? list[0];
  if (!found) return undefined;
  const { aliases: _aliases, ...brand } = found;
  return brand;
}

/** The brand whose public API key this is (brand and index-profile calls, docs/api.md#endpoints), or undefined. */
export async function findBrandByApiKey(db: Db, apiKey: string): Promise<BrandContext | undefined> {
  if (!apiKey) return undefined;
  const found = (await loadBrands(db)).find((b) => b.apiKey === apiKey);
  if (!found) return undefined;
  const { aliases: _aliases, ...brand } = found;
  return brand;
}

export const brandMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  const brand = await resolveBrand(c.get('deps').db, requestHeader(c, 'x-forwarded-host') ?? requestHeader(c, 'host'));
  if (!brand) throw new ApiError(503, 'no-brand', 'No brand is configured for this site');
  c.set('brand', brand);
  await next();
};
