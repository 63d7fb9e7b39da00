import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createDate, id, updateDate } from './common.js';

export interface CustomerSupport {
  email: string;
  phone?: string;
  hours?: string;
}

/** One branded site per domain; the brand list is shared by every site (docs/product.md#overview). */
export const brands = pgTable(
  'brands',
  {
    id: id(),
    domain: text('domain').notNull(),
    /** Extra host names that resolve to this brand (for example 127.0.0.1 in development). */
    aliases: text('aliases').array().notNull().default([]),
    company: text('company').notNull(),
    brand: text('brand').notNull(),
    timezone: text('timezone').notNull().default('UTC'),
    countries: text('countries').array().notNull().default([]),
    defaultCountry: text('default_country').notNull().default('US'),
    legacyMode: boolean('legacy_mode').notNull().default(false),
    customerSupport: jsonb('customer_support').$type<CustomerSupport>().notNull(),
    maintenanceFee: integer('maintenance_fee_cents').notNull().default(0),
    defaultDescriptor: text('default_descriptor').notNull(),
    /** The public key that brand and index-profile calls carry in x-api-key (docs/api.md#general). */
    apiKey: text('api_key').notNull(),
    /** Brands that must verify a member's age before chatting (issue E). */
    ageVerificationRequired: boolean('age_verification_required').notNull().default(false),
    createDate: createDate(),
    updateDate: updateDate(),
  },
  (t) => [uniqueIndex('brands_domain_uq').on(t.domain), uniqueIndex('brands_api_key_uq').on(t.apiKey)],
);

export type PackageType = 'firstPurchaseOnly' | 'postPaymentOnly' | 'quickPackage';
export interface PriceInterval {
  /** 0 for a one-off credit package; 30, 90, 180 for memberships. */
  days: number;
  price: number;
  credits: number;
}
export interface CountryPricing {
  currency: string;
  vat: number;
  intervals: PriceInterval[];
}

export const products = pgTable(
  'products',
  {
    id: id(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    packageType: text('package_type').array().$type<PackageType[]>().notNull().default([]),
    /** Per-country pricing keyed by ISO country code (docs/product.md#data Product). */
    pricing: jsonb('pricing').$type<Record<string, CountryPricing>>().notNull(),
    tags: text('tags').array().$type<('mostPopular' | 'limitedOffer')[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    createDate: createDate(),
    updateDate: updateDate(),
  },
  (t) => [uniqueIndex('products_brand_sku_uq').on(t.brandId, t.sku), index('products_brand_idx').on(t.brandId)],
);
