import { ApiError, createHttpClient } from './http';

/** GET /api/config (docs/api.md#general): the public settings of the brand the request's domain resolves to. */
export interface RuntimeConfig {
  brandId: string;
  apiKey: string;
  country: string;
  currency: string;
  /** Optional override of the API base URL; docs/api.md#general fixes '/api' on the page's origin. */
  apiBaseUrl?: string;
  [setting: string]: unknown;
}

/** docs/product.md#data brand; products stay loose here, the payments issue types them from sync/contract. */
export interface Brand {
  _id: string;
  domain: string;
  company?: unknown;
  brand?: string;
  timezone?: string;
  products?: unknown[];
  customerSupport?: unknown;
  maintenanceFee?: unknown;
  defaultDescriptor?: string;
  countries?: string[];
  legacyMode?: boolean;
  [field: string]: unknown;
}

export const DEFAULT_API_BASE = '/api';

let loaded: RuntimeConfig | null = null;

/** The API base URL every client uses; '/api' until (and unless) the config says otherwise. */
export function getApiBaseUrl(): string {
  return loaded?.apiBaseUrl || DEFAULT_API_BASE;
}

export function getRuntimeConfig(): RuntimeConfig | null {
  return loaded;
}

export function setRuntimeConfig(config: RuntimeConfig | null): void {
  loaded = config;
}

/**
 * Loads the runtime config and then the brand (docs/product.md#screens-and-routes: on start the app loads brand information).
 * Brand failures rethrow the error, or 'Unknown error' when there is nothing to rethrow (docs/product.md#errors-and-texts).
 */
export async function loadBrandSetup(): Promise<{ config: RuntimeConfig; brand: Brand }> {
  const bootstrap = createHttpClient({ baseUrl: () => DEFAULT_API_BASE });
  const config = await bootstrap.get<RuntimeConfig>('/config', { auth: false });
  if (!config || typeof config.brandId !== 'string') throw new ApiError(500, 'bad-config', 'Unknown error');
  setRuntimeConfig(config);
  const client = createHttpClient({ baseUrl: getApiBaseUrl });
  try {
    const brand = await client.get<Brand>(`/brand/${encodeURIComponent(config.brandId)}`, { apiKey: config.apiKey });
    if (!brand) throw new Error('Unknown error');
    return { config, brand };
  } catch (error) {
    throw error instanceof Error ? error : new Error('Unknown error');
  }
}
