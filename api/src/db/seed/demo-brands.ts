import type { CountryPricing, CustomerSupport, PackageType } from '../schema/brands.js';

/** What the demo brands and their products are; seed.ts writes them. */

type Country = 'US' | 'GB' | 'DE';

const CURRENCY: Record<Country, string> = { US: 'USD', GB: 'GBP', DE: 'EUR' };
const VAT: Record<Country, number> = { US: 0, GB: 20, DE: 19 };

export interface DemoProduct {
  sku: string;
  packageType: PackageType[];
  tags: ('mostPopular' | 'limitedOffer')[];
  /** 0 for a credit package; 30, 90 or 180 for a membership. */
  days: number;
  /** A package's credits, or a membership's complimentary credits per month. */
  credits: number;
  /** Prices in each country's currency, VAT included. */
  price: Record<Country, number>;
}

export interface DemoBrand {
  domain: string;
  aliases: string[];
  brand: string;
  company: string;
  timezone: string;
  countries: Country[];
  defaultCountry: Country;
  legacyMode: boolean;
  apiKey: string;
  customerSupport: CustomerSupport;
  defaultDescriptor: string;
  /** Fictive profiles to create for this brand. */
  profiles: number;
  /** Multiplies the base price list, so the brands' prices differ. */
  priceFactor: number;
}

const BASE_PRODUCTS: DemoProduct[] = [
  { sku: 'credits-starter-20', packageType: ['firstPurchaseOnly'], tags: [], days: 0, credits: 20, price: { US: 4.99, GB: 3.99, DE: 4.99 } },
  { sku: 'credits-10', packageType: [], tags: [], days: 0, credits: 10, price: { US: 9.99, GB: 8.99, DE: 9.99 } },
  { sku: 'credits-25', packageType: [], tags: ['mostPopular'], days: 0, credits: 25, price: { US: 19.99, GB: 17.99, DE: 19.99 } },
  { sku: 'credits-50', packageType: ['quickPackage'], tags: [], days: 0, credits: 50, price: { US: 34.99, GB: 29.99, DE: 34.99 } },
  { sku: 'credits-100', packageType: [], tags: ['limitedOffer'], days: 0, credits: 100, price: { US: 59.99, GB: 49.99, DE: 59.99 } },
  { sku: 'vip-monthly', packageType: [], tags: [], days: 30, credits: 20, price: { US: 29.99, GB: 24.99, DE: 29.99 } },
  { sku: 'vip-quarterly', packageType: [], tags: ['mostPopular'], days: 90, credits: 25, price: { US: 74.99, GB: 64.99, DE: 74.99 } },
  { sku: 'vip-bi-annual', packageType: [], tags: [], days: 180, credits: 30, price: { US: 129.99, GB: 109.99, DE: 129.99 } },
];

export const DEMO_BRAND_DOMAIN = 'localhost';

export const DEMO_BRANDS: DemoBrand[] = [
  {
    domain: DEMO_BRAND_DOMAIN,
    aliases: ['127.0.0.1'],
    brand: 'Amora',
    company: 'Amora Entertainment Ltd',
    timezone: 'UTC',
    countries: ['US', 'GB', 'DE'],
    defaultCountry: 'US',
    legacyMode: false,
    apiKey: 'dev-api-key-amora-localhost',
    customerSupport: { email: 'support@amora.example', phone: '+1 555 0100', hours: 'Mon–Fri 9:00–18:00' },
    defaultDescriptor: 'AMORA*ENTERTAINMENT',
    profiles: 320,
    priceFactor: 1,
  },
  {
    domain: 'flirtaway.com',
    aliases: [],
    brand: 'FlirtAway',
    company: 'Amora Entertainment Ltd',
    timezone: 'Europe/London',
    countries: ['US', 'GB'],
    defaultCountry: 'GB',
    legacyMode: false,
    apiKey: 'dev-api-key-flirtaway',
    customerSupport: { email: 'support@flirtaway.example' },
    defaultDescriptor: 'FLIRTAWAY*CHAT',
    profiles: 60,
    priceFactor: 1.1,
  },
  {
    // The German brand (docs/decisions/0045): its country makes the app speak German. On this machine it answers at
    // de.localhost (browsers send every *.localhost name here).
    domain: 'amora.de',
    aliases: ['de.localhost'],
    brand: 'Amora',
    company: 'Amora Entertainment Ltd',
    timezone: 'Europe/Berlin',
    countries: ['DE'],
    defaultCountry: 'DE',
    legacyMode: false,
    apiKey: 'dev-api-key-amora-de',
    customerSupport: { email: 'support@amora.example', hours: 'Mo–Fr 9:00–18:00' },
    defaultDescriptor: 'AMORA*DE',
    profiles: 40,
    priceFactor: 1,
  },
  {
    // Kept only to prove that legacy-mode brands are left out of the brand list (docs/product.md#constants).
    domain: 'oldflame.com',
    aliases: [],
    brand: 'Old Flame',
    company: 'Amora Entertainment Ltd',
    timezone: 'UTC',
    countries: ['US'],
    defaultCountry: 'US',
    legacyMode: true,
    apiKey: 'dev-api-key-oldflame',
    customerSupport: { email: 'support@oldflame.example' },
    defaultDescriptor: 'OLDFLAME*CHAT',
    profiles: 0,
    priceFactor: 1,
  },
];

/** Scales a price and ends it in .99, as price lists do. */
function priced(price: number, factor: number): number {
  if (factor === 1) return price;
  return Math.max(0.99, Math.round(price * factor) - 0.01);
}

/** The product rows for a brand: each product priced in every country the brand serves. */
export function demoProducts(brand: DemoBrand) {
  // docs/product.md#data: a product's name is the brand's domain without .com.
  const name = brand.domain.replace(/\.com$/, '');
  return BASE_PRODUCTS.map((p) => {
    const pricing: Record<string, CountryPricing> = {};
    for (const country of brand.countries) {
      pricing[country] = {
        currency: CURRENCY[country],
        vat: VAT[country],
        intervals: [{ days: p.days, price: priced(p.price[country], brand.priceFactor), credits: p.credits }],
      };
    }
    return { sku: p.sku, name, packageType: p.packageType, tags: p.tags, pricing };
  });
}
