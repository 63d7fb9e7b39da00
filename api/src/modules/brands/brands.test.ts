import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brand as brandSchema } from '@sync/contract/entities';
import { brands, products } from '../../db/schema/index.js';
import { createTestContext, TEST_API_KEY, type TestContext } from '../../test/harness.js';
import { invalidateBrandCache } from './resolve.js';

let ctx: TestContext;
let otherId: string;
let legacyId: string;
const key = { 'x-api-key': TEST_API_KEY };

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.deps.db;
  const [other] = await db
    .insert(brands)
    .values({
      domain: 'lovely.example',
      company: 'Lovely Media BV',
      brand: 'Lovely',
      countries: ['NL', 'DE'],
      defaultCountry: 'NL',
      customerSupport: { email: 'help@lovely.example', phone: '+31 20 000 0000' },
      defaultDescriptor: 'LOVELY*CHAT',
      maintenanceFee: 499,
      apiKey: 'other-brand-key',
    })
    .returning();
  const [legacy] = await db
    .insert(brands)
    .values({
      domain: 'old.example',
      company: 'Old Ltd',
      brand: 'Old',
      countries: ['US'],
      customerSupport: { email: 'old@old.example' },
      defaultDescriptor: 'OLD',
      legacyMode: true,
      apiKey: 'legacy-key',
    })
    .returning();
  otherId = other!.id;
  legacyId = legacy!.id;
  const us = (price: number, credits: number, days = 0) => ({ currency: 'USD', vat: 0, intervals: [{ days, price, credits }] });
  await db.insert(products).values([
    { brandId: ctx.brand.id, sku: 'credits-100', name: 'localhost', pricing: { US: us(49.99, 100), GB: { currency: 'GBP', vat: 20, intervals: [{ days: 0, price: 5, credits: 100 }] } } },
    { brandId: ctx.brand.id, sku: 'credits-20', name: 'localhost', pricing: { US: us(9.99, 20) }, packageType: ['firstPurchaseOnly'], tags: ['mostPopular'] },
    { brandId: ctx.brand.id, sku: 'vip-30', name: 'localhost', pricing: { US: us(29.99, 50, 30) } },
    { brandId: ctx.brand.id, sku: 'retired', name: 'localhost', pricing: { US: us(1, 1) }, active: false },
    { brandId: otherId, sku: 'nl-10', name: 'lovely', pricing: { NL: { currency: 'EUR', vat: 21, intervals: [{ days: 0, price: 4.99, credits: 10 }] } } },
  ]);
  invalidateBrandCache();
});
afterAll(() => ctx.close());

describe('x-api-key on brand calls', () => {
  for (const path of ['/api/brands', '/api/brand/00000000-0000-0000-0000-000000000000', '/api/brand/domain/localhost', '/api/company/x']) {
    it(`${path}: missing or wrong key answers 401 invalid-api-key`, async () => {
      const variants: Record<string, string>[] = [{}, { 'x-api-key': 'nope' }, { 'x-api-key': 'k'.repeat(5000) }];
      for (const headers of variants) {
        const res = await ctx.app.request(path, { headers });
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({ error: { code: 'invalid-api-key', message: expect.any(String) } });
      }
    });
  }

  it("accepts any brand's key (the brand list is shared)", async () => {
    const res = await ctx.app.request('/api/brands', { headers: { 'x-api-key': 'other-brand-key' } });
    expect(res.status).toBe(200);
  });
});

describe('GET /api/brands', () => {
  it('lists brands without legacy-mode ones, each with country-domain scopes, in the list envelope', async () => {
    const res = await ctx.app.request('/api/brands', { headers: key });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.total).toBe(2);
    expect(body.page).toBe(1);
    expect(body.limit).toBe(100);
    const ids = body.data.map((b: { _id: string }) => b._id);
    expect(ids).not.toContain(legacyId);
    const local = body.data.find((b: { domain: string }) => b.domain === 'localhost');
    expect(local.scopes).toEqual(['US-localhost', 'GB-localhost', 'DE-localhost']);
    const other = body.data.find((b: { domain: string }) => b.domain === 'lovely.example');
    expect(other.scopes).toEqual(['NL-lovely.example', 'DE-lovely.example']);
    for (const b of body.data) expect(brandSchema.safeParse(b).success).toBe(true);
  });

  it('pages the list', async () => {
    const res = await ctx.app.request('/api/brands?page=2&limit=1', { headers: key });
    const body = await res.json();
    expect(body).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(body.data).toHaveLength(1);
  });

  it('rejects a bad page or limit with 400', async () => {
    for (const q of ['page=0', 'limit=1000', 'page=abc']) {
      const res = await ctx.app.request(`/api/brands?${q}`, { headers: key });
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe('invalid-query');
    }
  });
});

describe('GET /api/brand/{id}', () => {
  it('answers the docs/product.md#data brand with products sorted by price and per-country pricing', async () => {
    const res = await ctx.app.request(`/api/brand/${ctx.brand.id}`, { headers: key });
    expect(res.status).toBe(200);
    const b = await res.json();
    expect(brandSchema.parse(b)).toBeTruthy();
    expect(Object.keys(b).sort()).toEqual(
      ['_id', 'brand', 'company', 'countries', 'customerSupport', 'defaultDescriptor', 'domain', 'legacyMode', 'maintenanceFee', 'products', 'timezone'].sort(),
    );
    expect(b).toMatchObject({
      _id: ctx.brand.id,
      domain: 'localhost',
      company: 'Test Company Ltd',
      brand: 'Amora Test',
      timezone: 'UTC',
      customerSupport: { email: 'support@localhost' },
      maintenanceFee: 0,
      defaultDescriptor: 'AMORA*TEST',
      countries: ['US', 'GB', 'DE'],
      legacyMode: false,
    });
    // Inactive products are not sold; the rest ascend by their US price.
    expect(b.products.map((p: { sku: string }) => p.sku)).toEqual(['credits-20', 'vip-30', 'credits-100']);
    const first = b.products[0];
    expect(first).toEqual({
      _id: expect.any(String),
      sku: 'credits-20',
      name: 'localhost',
      packageType: ['firstPurchaseOnly'],
      pricing: { US: { currency: 'USD', vat: 0, intervals: [{ days: 0, price: 9.99, credits: 20 }] } },
      tags: ['mostPopular'],
    });
    expect(b.products[2].pricing.GB).toEqual({ currency: 'GBP', vat: 20, intervals: [{ days: 0, price: 5, credits: 100 }] });
  });

  it('answers the maintenance fee in major units', async () => {
    const b = await (await ctx.app.request(`/api/brand/${otherId}`, { headers: key })).json();
    expect(b.maintenanceFee).toBe(4.99);
  });

  it('still answers a legacy-mode brand by id', async () => {
    const res = await ctx.app.request(`/api/brand/${legacyId}`, { headers: key });
    expect(res.status).toBe(200);
    expect((await res.json()).legacyMode).toBe(true);
  });

  it('answers 404 for unknown or malformed ids', async () => {
    for (const id of ['00000000-0000-0000-0000-000000000000', 'not-a-uuid', "1' or '1'='1", 'x'.repeat(3000)]) {
      const res = await ctx.app.request(`/api/brand/${encodeURIComponent(id)}`, { headers: key });
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe('not-found');
    }
  });
});

describe('GET /api/brand/domain/{domain}', () => {
  it('finds the brand by its domain, ignoring case and www.', async () => {
    for (const d of ['lovely.example', 'WWW.Lovely.Example']) {
      const res = await ctx.app.request(`/api/brand/domain/${d}`, { headers: key });
      expect(res.status).toBe(200);
      expect((await res.json())._id).toBe(otherId);
    }
  });

  it('answers 404 for an unknown domain', async () => {
    const res = await ctx.app.request('/api/brand/domain/nowhere.example', { headers: key });
    expect(res.status).toBe(404);
  });

  it('answers 404, not 500, for a domain no host name could be (a NUL byte, spaces)', async () => {
    for (const d of ['lovely%00.example', 'lovely example', "x'--"]) {
      const res = await ctx.app.request(`/api/brand/domain/${encodeURIComponent(decodeURIComponent(d))}`, { headers: key });
      expect(res.status, d).toBe(404);
    }
  });
});

describe('GET /api/company/{id}', () => {
  it("answers the brand's company details", async () => {
    const res = await ctx.app.request(`/api/company/${otherId}`, { headers: key });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      _id: otherId,
      name: 'Lovely Media BV',
      brand: 'Lovely',
      domain: 'lovely.example',
      customerSupport: { email: 'help@lovely.example', phone: '+31 20 000 0000' },
      defaultDescriptor: 'LOVELY*CHAT',
    });
  });

  it('answers 404 for unknown ids', async () => {
    const res = await ctx.app.request('/api/company/00000000-0000-0000-0000-000000000000', { headers: key });
    expect(res.status).toBe(404);
  });
});

describe('GET /api/config', () => {
  it('answers the public settings of the brand the host resolves to, without a key', async () => {
    const res = await ctx.app.request('/api/config', { headers: { host: 'localhost:3000' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.json()).toEqual({
      brandId: ctx.brand.id,
      apiKey: TEST_API_KEY,
      brandName: 'Amora Test',
      domain: 'localhost',
      company: 'Test Company Ltd',
      supportEmail: 'support@localhost',
      timezone: 'UTC',
      country: 'US',
      countries: ['US', 'GB', 'DE'],
      currency: 'USD',
      currencySymbol: '$',
      measurement: 'imperial',
      timeFormat: '12h',
      authenticatedHome: '/profiles',
      captcha: { provider: 'sandbox' },
      sso: { enabled: false },
      features: { sso: false, ageVerification: false, captcha: true, legacyMode: false },
    });
  });

  it("serves another domain its own brand, key and currency", async () => {
    const res = await ctx.app.request('/api/config', { headers: { host: 'www.lovely.example' } });
    expect(await res.json()).toMatchObject({
      brandId: otherId,
      apiKey: 'other-brand-key',
      country: 'NL',
      currency: 'EUR',
      currencySymbol: '€',
      measurement: 'metric',
      supportEmail: 'help@lovely.example',
    });
  });

  it("falls back to USD when the default country has no price", async () => {
    const res = await ctx.app.request('/api/config', { headers: { host: 'old.example' } });
    expect(await res.json()).toMatchObject({ brandId: legacyId, currency: 'USD', features: { legacyMode: true } });
  });
});
