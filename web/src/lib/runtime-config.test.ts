import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '@web/mocks/server';
import { getApiBaseUrl, loadBrandSetup, setRuntimeConfig } from './runtime-config';

describe('runtime config and brand (docs/api.md#general: GET /api/config, GET /api/brand/{id} with x-api-key)', () => {
  it('loads the config, then the brand with the API key', async () => {
    const { config, brand } = await loadBrandSetup();
    expect(config).toMatchObject({ brandId: 'b-amora', apiKey: 'pk_test_amora', country: 'US', currency: 'USD' });
    expect(brand).toMatchObject({ _id: 'b-amora', domain: 'amora.com' });
    expect(getApiBaseUrl()).toBe('/api');
    setRuntimeConfig(null);
  });

  it('rethrows a brand failure', async () => {
    server.use(http.get('*/api/brand/:id', () => HttpResponse.json({ error: { code: 'not-found', message: 'Not found.' } }, { status: 404 })));
    await expect(loadBrandSetup()).rejects.toMatchObject({ status: 404, message: 'Not found.' });
    setRuntimeConfig(null);
  });
});
