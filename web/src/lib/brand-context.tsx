import { createContext, useContext, type ReactNode } from 'react';
import type { Brand, RuntimeConfig } from './runtime-config';

export interface BrandSetup {
  config: RuntimeConfig | null;
  brand: Brand | null;
}

const BrandContext = createContext<BrandSetup>({ config: null, brand: null });

/** main.tsx loads config and brand before the first screen and provides them here. */
export function BrandProvider({ value, children }: { value: BrandSetup; children: ReactNode }) {
  return <BrandContext.Provider value={value}>{children}</BrandContext.Provider>;
}

/** Runtime config (brandId, apiKey, country, currency) and the brand record. */
export function useBrand(): BrandSetup {
  return useContext(BrandContext);
}
