import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { dedupeCities, dedupeZips, LOCATION_COUNTRIES, lookupLocations } from './service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const get = async (path: string) => {
  const res = await ctx.app.request(path);
  return { status: res.status, body: await res.json(), cache: res.headers.get('cache-control') };
};

describe('location data', () => {
  it('dedupes cities by city and state and ZIP codes by ZIP', () => {
    expect(
      dedupeCities([
        { city: 'Springfield', state: 'IL' },
        { city: 'Springfield', state: 'MA' },
        { city: 'springfield', state: 'il' },
      ]),
    ).toEqual([
      { city: 'Springfield', state: 'IL' },
      { city: 'Springfield', state: 'MA' },
    ]);
    expect(dedupeZips([{ zip: '10001', state: 'NY', city: 'New York' }, { zip: '10001', state: 'NY', city: 'Manhattan' }])).toHaveLength(1);
  });

  it('ships a few hundred cities and real codes for every country, without duplicates', () => {
    for (const country of LOCATION_COUNTRIES) {
      const data = lookupLocations(country)!;
      expect(data.by_city.length, country).toBeGreaterThan(country === 'US' ? 200 : 100);
      expect(data.by_zip.length, country).toBeGreaterThan(50);
      const cityKeys = data.by_city.map((c) => `${c.city}|${c.state}`.toLowerCase());
      expect(new Set(cityKeys).size).toBe(cityKeys.length);
      expect(new Set(data.by_zip.map((z) => z.zip)).size).toBe(data.by_zip.length);
      expect(data.by_city.every((c) => c.city && c.state)).toBe(true);
    }
    const us = lookupLocations('US')!;
    expect(us.by_city).toEqual(expect.arrayContaining([{ city: 'Springfield', state: 'IL' }, { city: 'Springfield', state: 'MA' }]));
    expect(us.by_zip.every((z) => /^\d{5}$/.test(z.zip))).toBe(true);
    expect(lookupLocations('DE')!.by_zip.every((z) => /^\d{5}$/.test(z.zip))).toBe(true);
    expect(lookupLocations('GB')!.by_zip.every((z) => /^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/.test(z.zip))).toBe(true);
  });
});

describe('GET /api/json/:country.json', () => {
  it('answers by_city and by_zip without auth', async () => {
    const res = await get('/api/json/US.json');
    expect(res.status).toBe(200);
    expect(res.body.by_city).toContainEqual({ city: 'Austin', state: 'TX' });
    expect(res.body.by_zip).toContainEqual({ zip: '78701', state: 'TX', city: 'Austin' });
    expect(res.cache).toContain('max-age');
    expect((await get('/api/json/de.json')).body.by_city).toContainEqual({ city: 'München', state: 'Bayern' });
  });

  it('zipCode filters by prefix, cities follow', async () => {
    const res = await get('/api/json/US.json?zipCode=787');
    expect(res.body.by_zip.map((z: { zip: string }) => z.zip)).toEqual(['78701', '78704']);
    expect(res.body.by_city).toEqual([{ city: 'Austin', state: 'TX' }]);
    const gb = await get('/api/json/GB.json?zipCode=sw1a');
    expect(gb.body.by_zip.map((z: { zip: string }) => z.zip)).toEqual(['SW1A 1AA', 'SW1A 2AA']);
    expect(gb.body.by_city).toEqual([{ city: 'London', state: 'England' }]);
    expect((await get('/api/json/US.json?zipCode=00000')).body).toEqual({ by_city: [], by_zip: [] });
  });

  it('404 for unknown countries or names; 400 for a bad zipCode', async () => {
    for (const path of ['/api/json/FR.json', '/api/json/USA.json', '/api/json/US', '/api/json/..json']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.error.code).toBe('not-found');
    }
    expect((await get(`/api/json/US.json?zipCode=${'1'.repeat(40)}`)).status).toBe(400);
    expect((await get('/api/json/US.json?zipCode=%3Cscript%3E')).status).toBe(400);
  });
});
