import { Hono } from 'hono';
import { brandListQuery } from '@sync/contract/query';
import type { AppEnv } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { validate } from '../../lib/validate.js';
import { requireApiKey } from './api-key.js';
import { getBrand, getBrandByDomain, getCompany, listBrands, runtimeConfig } from './service.js';

/** GET /api/config needs no key: it is how a site learns its key (docs/api.md#general runtime config). */
export const configRoutes = new Hono<AppEnv>().get('/config', async (c) => {
  const cfg = await runtimeConfig(c.get('deps').db, c.get('deps').config, c.get('brand').id);
  if (!cfg) throw notFound('No brand is configured for this site', 'no-brand');
  // Every domain answers its own brand; caches must not hand one brand's settings to another.
  c.header('Cache-Control', 'no-cache');
  c.header('Vary', 'Host, X-Forwarded-Host');
  return c.json(cfg);
});

/**
 * Brand calls (docs/api.md#endpoints), all behind x-api-key:
 *   GET /api/brands                 { data: [Brand & { scopes }], total, page, limit }  (legacy-mode brands left out)
 *   GET /api/brand/{id}             Brand
 *   GET /api/brand/domain/{domain}  Brand (the "brand fetch by domain" of docs/api.md#endpoints)
 *   GET /api/company/{id}           { _id, name, brand, domain, customerSupport, defaultDescriptor }
 */
export const brandRoutes = new Hono<AppEnv>()
  .use('/brands', requireApiKey)
  .use('/brand/*', requireApiKey)
  .use('/company/*', requireApiKey)
  .get('/brands', validate('query', brandListQuery), async (c) => {
    const { page, limit } = c.req.valid('query');
    const all = await listBrands(c.get('deps').db);
    const start = (page - 1) * limit;
    return c.json({ data: all.slice(start, start + limit), total: all.length, page, limit });
  })
  .get('/brand/domain/:domain', async (c) => {
    const brand = await getBrandByDomain(c.get('deps').db, c.req.param('domain'));
    if (!brand) throw notFound('Brand not found');
    return c.json(brand);
  })
  .get('/brand/:id', async (c) => {
    const brand = await getBrand(c.get('deps').db, c.req.param('id'));
    if (!brand) throw notFound('Brand not found');
    return c.json(brand);
  })
  .get('/company/:id', async (c) => {
    const company = await getCompany(c.get('deps').db, c.req.param('id'));
    if (!company) throw notFound('Company not found');
    return c.json(company);
  });
