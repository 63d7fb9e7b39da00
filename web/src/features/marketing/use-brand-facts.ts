import { useBrand } from '@web/lib/brand-context';

export interface BrandFacts {
  name: string;
  company: string;
  /** The public domain, or null for a development host (localhost, an IP address) no reader should see. */
  domain: string | null;
  supportEmail: string | null;
}

/** Names the legal pages quote: brand, operating company, domain and support address. */
export function useBrandFacts(): BrandFacts {
  const { brand } = useBrand();
  const name = brand?.brand ?? 'Amora';
  const company = typeof brand?.company === 'string' ? brand.company : ((brand?.company as { name?: string } | undefined)?.name ?? `${name} Entertainment`);
  const support = brand?.customerSupport as { email?: string } | undefined;
  return { name, company, domain: publicDomain(brand?.domain ?? 'amora.com'), supportEmail: support?.email ?? null };
}

export function publicDomain(domain: string): string | null {
  return /^(localhost|\d{1,3}(\.\d{1,3}){3})(:\d+)?$/i.test(domain) || !domain.includes('.') ? null : domain;
}
