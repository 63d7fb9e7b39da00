/**
 * docs/product.md#data entities as the API answers them, field names exactly as docs/product.md spells them.
 * Dates travel as ISO-8601 strings. Fields docs/product.md names are required; the few this file adds
 * for the product to work (marked "added") are optional, so older records still parse.
 */
import { z } from 'zod';
import { text } from './text.js';
import { genders } from './auth.js';

/**
 * docs/product.md#orders-and-payment: bank -> "try a different card"; system -> "contact support". refunded: the charge went through for an
 * order no longer allowed when it was confirmed (a first-purchase offer after another purchase, a second
 * membership): nothing granted, the whole amount given back (decision 0021).
 */
export const paymentFailures = ['bank', 'system', 'refunded'] as const;

const id = text().min(1);
const isoDate = text().min(1);

// ---------- Profile attributes (docs/product.md#data Filters) ----------

export const bodyTypes = ['fit', 'average', 'curvy'] as const;
export const ethnicities = ['asian', 'black', 'hispanic', 'middle-eastern', 'white', 'other'] as const;
export const hairColors = ['black', 'brown', 'blond', 'red', 'gray', 'other'] as const;
export const relationshipStatuses = [
  'married',
  'single',
  'divorced',
  'in-relationship',
  'complicated',
  'separated',
  'widowed',
  'open-relationship',
] as const;
export const eyeColors = ['amber', 'blue', 'brown', 'gray', 'green', 'hazel'] as const;
/** The gender filter of the profile list speaks in plurals. */
/** `everyone` lifts the gender condition; no value at all means the member's own looking-for gender. */
export const genderFilters = ['women', 'men', 'everyone'] as const;
export const profileBadges = ['FEATURED', 'PREMIUM', 'NEW'] as const;
export const sortOptions = ['recent', 'age-asc', 'age-desc', 'username-asc', 'username-desc'] as const;

export type BodyType = (typeof bodyTypes)[number];
export type Ethnicity = (typeof ethnicities)[number];
export type HairColor = (typeof hairColors)[number];
export type RelationshipStatus = (typeof relationshipStatuses)[number];
export type EyeColor = (typeof eyeColors)[number];
export type GenderFilter = (typeof genderFilters)[number];
export type ProfileBadge = (typeof profileBadges)[number];
export type SortOption = (typeof sortOptions)[number];

// ---------- Images ----------

export const imageTypes = ['avatar', 'photo', 'hidden', 'message'] as const;
export type ImageType = (typeof imageTypes)[number];

/** An uploaded image; size variants are URLs, present once processed. */
export const image = z.object({
  _id: id,
  type: z.enum(imageTypes),
  processed: z.boolean(),
  under_moderation: z.boolean(),
  original: text().optional(),
  small: text().optional(),
  medium: text().optional(),
  large: text().optional(),
  /** WebP twins of the sizes above, where the picture has them (generated portraits); the JPEGs stay the fallback. */
  webp: z.object({ small: text().optional(), medium: text().optional(), large: text().optional() }).optional(),
});
export type Image = z.infer<typeof image>;

// ---------- Locations ----------

export const location = z.object({
  city: text(),
  state: text(),
  zip: text().optional(), // added
  country: text().optional(), // added
});
export type Location = z.infer<typeof location>;

// ---------- Products and brands ----------

export const packageTypes = ['firstPurchaseOnly', 'postPaymentOnly', 'quickPackage'] as const;
export type PackageType = (typeof packageTypes)[number];
export const productTags = ['mostPopular', 'limitedOffer'] as const;
export type ProductTag = (typeof productTags)[number];

export const priceInterval = z.object({
  /** 0 for a one-off credit package, else the membership's charge interval. */
  days: z.number().int().min(0),
  price: z.number().min(0),
  credits: z.number().int().min(0),
});
export type PriceInterval = z.infer<typeof priceInterval>;

export const priceEntry = z.object({
  currency: text().regex(/^[A-Z]{3}$/),
  /** Percent: 20 means 20 %. */
  vat: z.number().min(0).max(100),
  intervals: z.array(priceInterval).min(1),
});
export type PriceEntry = z.infer<typeof priceEntry>;

export const product = z.object({
  _id: id,
  sku: text(),
  /** The brand's domain without .com. */
  name: text(),
  packageType: z.array(z.enum(packageTypes)),
  /** Keyed by ISO country code (upper case), with an optional 'default' entry (rules/pricing). */
  pricing: z.record(text(), priceEntry),
  tags: z.array(z.enum(productTags)).optional(), // added: "most popular", "limited offer"
});
export type Product = z.infer<typeof product>;

export const customerSupport = z.object({
  email: text(),
  phone: text().optional(),
  hours: text().optional(),
});
export type CustomerSupport = z.infer<typeof customerSupport>;

export const brand = z.object({
  _id: id,
  domain: text(),
  company: text(),
  brand: text(),
  timezone: text(),
  products: z.array(product),
  customerSupport,
  /** In the pricing currency. */
  maintenanceFee: z.number().min(0),
  /** What the card statement shows. */
  defaultDescriptor: text(),
  /** ISO country codes the brand serves. */
  countries: z.array(text()),
  legacyMode: z.boolean(),
});
export type Brand = z.infer<typeof brand>;

// ---------- The member (user state) ----------

export const transaction = z.object({
  _id: id,
  createDate: isoDate,
  orderId: text().optional(),
  amount: z.number(),
  currency: text(),
  status: z.enum(['pending', 'success', 'failed']),
  kind: z.enum(['purchase', 'renewal']).optional(), // added (issue E)
  failure: z.enum(paymentFailures).nullable().optional(), // added (issue E; refunded in issue G)
});
export type Transaction = z.infer<typeof transaction>;

export const subscription = z.object({
  _id: id,
  active: z.boolean(),
  productId: text().optional(),
  startDate: isoDate.optional(),
  nextChargeDate: isoDate.nullable().optional(),
  intervalDays: z.number().int().min(0).optional(),
  amount: z.number().optional(),
  currency: text().optional(),
  // added (issue E): the rest of contract/payments.ts subscriptionView, so parsing the user keeps them
  sku: text().optional(),
  currentPeriodEnd: isoDate.optional(),
  monthlyCredits: z.number().int().optional(),
  nextCreditsDate: isoDate.nullable().optional(),
  cancelDate: isoDate.nullable().optional(),
  endDate: isoDate.nullable().optional(),
  endReason: z.enum(['cancelled', 'renewal-failed']).nullable().optional(),
});
export type Subscription = z.infer<typeof subscription>;

export const savedCard = z.object({
  cardId: id,
  last4: text().regex(/^\d{4}$/),
  brand: text().optional(),
  expMonth: z.number().int().min(1).max(12).optional(),
  expYear: z.number().int().optional(),
});
export type SavedCard = z.infer<typeof savedCard>;

export const ageRange = z.object({ min: z.number().int(), max: z.number().int() });
export type AgeRange = z.infer<typeof ageRange>;

export const profileSettings = z.object({
  keepLocationPrivate: z.boolean(),
  showOnline: z.boolean(),
  notifyByEmail: z.boolean(),
  lookingForAge: ageRange,
});
export type ProfileSettings = z.infer<typeof profileSettings>;

/** The member's own profile: the documented settings, favourites, viewed, location plus the edit fields. */
export const userProfile = z.object({
  settings: profileSettings,
  /** Profile ids the member favourited. */
  favourites: z.array(text()),
  /** Profile ids the member viewed. */
  viewed: z.array(text()),
  location: location.nullable(),
  gender: z.enum(genders).optional(),
  /** Whom the member is looking for (sign-up's lookingFor). */
  lookingForGender: z.enum(genders).optional(),
  /** YYYY-MM-DD, set at sign-up, never changed, never public. */
  birthDate: text().optional(),
  aboutMe: text().optional(),
  /** Interest tags (the profile card's "looking for"). */
  lookingFor: z.array(text()).optional(),
  height: z.number().nullable().optional(),
  bodyType: z.enum(bodyTypes).nullable().optional(),
  ethnicity: z.enum(ethnicities).nullable().optional(),
  hairColor: z.enum(hairColors).nullable().optional(),
  eyeColor: z.enum(eyeColors).nullable().optional(),
  relationshipStatus: z.enum(relationshipStatuses).nullable().optional(),
});
export type UserProfile = z.infer<typeof userProfile>;

export const ageVerification = z.object({
  /** Truthy once the provider confirmed the age; null while pending. */
  result: z.boolean().nullable(),
  status: z.enum(['none', 'pending', 'approved', 'declined', 'cancelled']).optional(), // added (issue E)
  startedAt: isoDate.optional(),
  completedAt: isoDate.nullable().optional(),
});
export type AgeVerification = z.infer<typeof ageVerification>;

/** GET /user/{id}: the docs/product.md#data user state without `password`. */
export const user = z.object({
  _id: id,
  createDate: isoDate,
  updateDate: isoDate,
  activityDate: isoDate,
  firstLoginDate: isoDate.nullable(),
  domain: text(),
  emailValidated: z.boolean(),
  /** While the email is unconfirmed: when Resend is allowed again (null: now). */
  nextVerificationEmailDate: isoDate.nullable().optional(),
  timezone: text(),
  transactions: z.array(transaction),
  username: text(),
  email: text(),
  firstName: text(),
  lastName: text(),
  images: z.array(image),
  credits: z.number().int().min(0),
  likes: z.number().int().min(0),
  profile: userProfile,
  subscriptions: z.array(subscription),
  promotions: z.object({ firstPurchasePromotion: z.boolean(), complete_profile: z.boolean() }),
  isOrganic: z.boolean(),
  isPremium: z.boolean(),
  isDOI: z.boolean(),
  savedCards: z.array(savedCard),
  ccbillTokens: z.array(text()),
  ageVerificationApplicable: z.boolean(),
  ageVerification: ageVerification.nullable(),
});
export type User = z.infer<typeof user>;

/** docs/product.md#orders-and-payment: Premium while a subscription is active. */
export function hasActiveSubscription(u: Pick<User, 'subscriptions'>): boolean {
  return u.subscriptions.some((s) => s.active);
}

// ---------- Profiles as members see them (docs/api.md#profiles-and-matching) ----------

export const profile = z.object({
  _id: id,
  username: text(),
  age: z.number().int(),
  gender: z.enum(genders),
  bodyType: z.enum(bodyTypes).nullable(),
  ethnicity: z.enum(ethnicities).nullable(),
  hairColor: z.enum(hairColors).nullable(),
  eyeColor: z.enum(eyeColors).nullable(),
  /** cm */
  height: z.number().nullable(),
  relationshipStatus: z.enum(relationshipStatuses).nullable(),
  aboutMe: text(),
  /** Interest tags. */
  lookingFor: z.array(text()),
  location: location.nullable(),
  images: z.array(image),
  badges: z.array(z.enum(profileBadges)),
  isOnline: z.boolean(),
  activityDate: isoDate,
  favorite: z.boolean(),
});
export type Profile = z.infer<typeof profile>;

// ---------- Agents ----------

export const agentStatuses = ['online', 'offline', 'paused'] as const;
export type AgentStatus = (typeof agentStatuses)[number];
export const agentRoles = ['agent', 'admin'] as const;
export type AgentRole = (typeof agentRoles)[number];

export const agent = z.object({
  _id: id,
  createDate: isoDate,
  updateDate: isoDate,
  status: z.enum(agentStatuses),
  statusLastUpdate: isoDate,
  email: text(),
  firstName: text(),
  lastName: text(),
  /** Token expiry (13-digit ms) when the agent comes from the token. */
  exp: z.number().optional(),
  type: z.literal('agent'),
  images: z.array(image),
  /** Brand scopes as 'country-domain' (docs/product.md#constants), e.g. 'US-example.com'. */
  scope: z.array(text()),
  role: z.enum(agentRoles),
});
export type Agent = z.infer<typeof agent>;
