import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Brand, Product } from '@sync/contract/entities';
import { pickPriceEntry, sortProductsByPrice } from '@sync/rules/pricing';
import { isUuid } from '@sync/rules/ids';
import type { Config } from '../../config.js';
import type { Executor } from '../../db/client.js';
import { brands, products } from '../../db/schema/index.js';

type BrandRow = typeof brands.$inferSelect;
type ProductRow = typeof products.$inferSelect;

/** A brand of the shared list (GET /api/brands): the docs/product.md#data brand plus its agent scopes. */
export type BrandListItem = Brand & { scopes: string[] };

/** GET /api/company/{id}: who runs the brand, how to reach support, what the card statement shows. */
export interface CompanyDetails {
  _id: string;
  name: string;
  brand: string;
  domain: string;
  customerSupport: Brand['customerSupport'];
  defaultDescriptor: string;
}

/** Ids arrive from the URL; anything that is not a uuid cannot name a brand (and must not reach Postgres). */

/** docs/product.md#constants: agent scopes are built as country-domain. */
export const brandScopes = (b: Pick<BrandRow, 'countries' | 'domain'>) => b.countries.map((country) => `${country}-${b.domain}`);

export function toProduct(p: ProductRow): Product {
  return {
    _id: p.id,
    sku: p.sku,
    name: p.name,
    packageType: [...p.packageType],
    pricing: p.pricing,
    ...(p.tags.length ? { tags: [...p.tags] } : {}),
  };
}

export function toBrand(b: BrandRow, productRows: ProductRow[]): Brand {
  // docs/product.md#credits: products are sorted by ascending price for the configured (default) country.
  const sorted = sortProductsByPrice(productRows.map(toProduct), b.defaultCountry);
  return {
    _id: b.id,
    domain: b.domain,
    company: b.company,
    brand: b.brand,
    timezone: b.timezone,
    products: sorted,
    customerSupport: { ...b.customerSupport },
    // Stored in cents so sums stay exact; the API speaks major units like every other price.
    maintenanceFee: b.maintenanceFee / 100,
    defaultDescriptor: b.defaultDescriptor,
    countries: [...b.countries],
    legacyMode: b.legacyMode,
  };
}

async function activeProducts(db: Executor, brandIds: string[]) {
  if (brandIds.length === 0) return new Map<string, ProductRow[]>();
  const rows = await db
    .select()
    .from(products)
    .where(and(inArray(products.brandId, brandIds), eq(products.active, true)))
    .orderBy(asc(products.createDate), asc(products.sku));
  const byBrand = new Map<string, ProductRow[]>();
  for (const row of rows) byBrand.set(row.brandId, [...(byBrand.get(row.brandId) ?? []), row]);
  return byBrand;
}

/** The shared brand list: legacy-mode brands are left out (docs/product.md#constants). */
export async function listBrands(db: Executor): Promise<BrandListItem[]> {
  const rows = await db.select().from(brands).where(eq(brands.legacyMode, false)).orderBy(asc(brands.createDate), asc(brands.domain));
  const productsByBrand = await activeProducts(
    db,
    rows.map((b) => b.id),
  );
  return rows.map((b) => ({ ...toBrand(b, productsByBrand.get(b.id) ?? []), scopes: brandScopes(b) }));
}

async function brandWhere(db: Executor, where: ReturnType<typeof eq>): Promise<Brand | undefined> {
  const [row] = await db.select().from(brands).where(where).limit(1);
  if (!row) return undefined;
  const productsByBrand = await activeProducts(db, [row.id]);
  return toBrand(row, productsByBrand.get(row.id) ?? []);
}

export function getBrand(db: Executor, id: string): Promise<Brand | undefined> {
  if (!isUuid(id)) return Promise.resolve(undefined);
  return brandWhere(db, eq(brands.id, id.toLowerCase()));
}

export function getBrandByDomain(db: Executor, domain: string): Promise<Brand | undefined> {
  const bare = domain.trim().toLowerCase().replace(/^www\./, '');
  // A host name (IDNs in their xn-- form): anything else, a NUL byte say, names no brand and never reaches SQL.
  if (bare.length > 253 || !/^[a-z0-9.-]+$/.test(bare)) return Promise.resolve(undefined);
  return brandWhere(db, eq(brands.domain, bare));
}

export async function getCompany(db: Executor, id: string): Promise<CompanyDetails | undefined> {
  if (!isUuid(id)) return undefined;
  const [b] = await db.select().from(brands).where(eq(brands.id, id.toLowerCase())).limit(1);
  if (!b) return undefined;
  return {
    _id: b.id,
    name: b.company,
    brand: b.brand,
    domain: b.domain,
    customerSupport: { ...b.customerSupport },
    defaultDescriptor: b.defaultDescriptor,
  };
}

/**
 * GET /api/config: the public settings one web build needs to serve whichever brand the domain resolves to.
 *
 * {
 *   brandId: string;            // brands.id, for GET /api/brand/{id}
 *   apiKey: string;             // the brand's public key for x-api-key (brand and index-profile calls)
 *   brandName: string;          // e.g. 'Amora'
 *   domain: string;             // the brand's canonical domain
 *   company: string;            // the legal company name (footer, terms)
 *   supportEmail: string;       // customer support address
 *   timezone: string;           // IANA zone of the brand
 *   country: string;            // default ISO country: the price entry products are shown in
 *   countries: string[];        // countries the brand serves
 *   currency: string;           // ISO 4217 of the default country's price entry, else 'USD'
 *   currencySymbol: string;     // e.g. '$' (docs/product.md#constants: the symbol comes from configuration)
 *   measurement: 'imperial' | 'metric'; // default height unit before a member chooses
 *   timeFormat: '12h';          // docs/product.md#constants default
 *   authenticatedHome: '/profiles';
 *   captcha: { provider: 'sandbox' | 'recaptcha' | 'off'; siteKeyV2?: string; siteKeyV3?: string };
 *   sso: { enabled: boolean; loginUrl?: '/api/sso/login' };
 *   features: { sso: boolean; ageVerification: boolean; captcha: boolean; legacyMode: boolean };
 * }
 */
export interface RuntimeConfig {
  brandId: string;
  apiKey: string;
  brandName: string;
  domain: string;
  company: string;
  supportEmail: string;
  timezone: string;
  country: string;
  countries: string[];
  currency: string;
  currencySymbol: string;
  measurement: 'imperial' | 'metric';
  timeFormat: '12h';
  authenticatedHome: '/profiles';
  captcha: { provider: Config['captcha']['provider']; siteKeyV2?: string; siteKeyV3?: string };
  sso: { enabled: boolean; loginUrl?: string };
  features: { sso: boolean; ageVerification: boolean; captcha: boolean; legacyMode: boolean };
}

// Countries that measure people in feet and inches.
const IMPERIAL_COUNTRIES = new Set(['US', 'GB', 'LR', 'MM']);

export function currencySymbol(currency: string): string {
  try {
    const part = new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
      .formatToParts(0)
      .find((p) => p.type === 'currency');
    return part?.value ?? currency;
  } catch {
    return currency;
  }
}

export async function runtimeConfig(db: Executor, config: Config, brandId: string): Promise<RuntimeConfig | undefined> {
  const [b] = await db.select().from(brands).where(eq(brands.id, brandId)).limit(1);
  if (!b) return undefined;
  const productsByBrand = await activeProducts(db, [b.id]);
  const country = b.defaultCountry.toUpperCase();
  let currency = 'USD';
  for (const p of sortProductsByPrice(productsByBrand.get(b.id) ?? [], country)) {
    const entry = pickPriceEntry(p, country);
    if (entry) {
      currency = entry.currency;
      break;
    }
  }
  const ssoEnabled = Boolean(config.oidc);
  const captchaOn = config.captcha.provider !== 'off';
  return {
    brandId: b.id,
    apiKey: b.apiKey,
    brandName: b.brand,
    domain: b.domain,
    company: b.company,
    supportEmail: b.customerSupport.email,
    timezone: b.timezone,
    country,
    countries: [...b.countries],
    currency,
    currencySymbol: currencySymbol(currency),
    measurement: IMPERIAL_COUNTRIES.has(country) ? 'imperial' : 'metric',
    timeFormat: '12h',
    authenticatedHome: '/profiles',
    captcha: {
      provider: config.captcha.provider,
      ...(config.captcha.siteKeyV2 ? { siteKeyV2: config.captcha.siteKeyV2 } : {}),
      ...(config.captcha.siteKeyV3 ? { siteKeyV3: config.captcha.siteKeyV3 } : {}),
    },
    sso: ssoEnabled ? { enabled: true, loginUrl: '/api/sso/login' } : { enabled: false },
    features: { sso: ssoEnabled, ageVerification: b.ageVerificationRequired, captcha: captchaOn, legacyMode: b.legacyMode },
  };
}
