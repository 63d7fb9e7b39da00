/** Fixture records behind the msw handlers; the shapes follow docs/product.md#data and docs/api.md. */

export interface MockAccount {
  _id: string;
  username: string;
  email: string;
  kind: 'user' | 'agent';
  emailValidated: boolean;
  role?: 'agent' | 'admin';
  /** The README's demo passwords, so a tester signs in to mock mode as to the seeded server. */
  password: string;
}

export const mockAccounts: MockAccount[] = [
  { _id: 'u-demo', username: 'demo', email: 'demo@example.com', kind: 'user', emailValidated: true, password: 'demo-pass-123' },
  { _id: 'u-new', username: 'newbie', email: 'newbie@example.com', kind: 'user', emailValidated: false, password: 'newbie-pass-123' },
  { _id: 'a-agent', username: 'agent', email: 'agent@example.com', kind: 'agent', emailValidated: true, role: 'agent', password: 'agent-pass-123' },
  { _id: 'a-admin', username: 'admin', email: 'admin@example.com', kind: 'agent', emailValidated: true, role: 'admin', password: 'admin-pass-123' },
];

export function mockUser(account: MockAccount) {
  const now = new Date().toISOString();
  return {
    _id: account._id,
    createDate: now,
    updateDate: now,
    activityDate: now,
    firstLoginDate: now,
    domain: 'amora.localhost',
    emailValidated: account.emailValidated,
    timezone: 'UTC',
    transactions: [],
    username: account.username,
    email: account.email,
    firstName: '',
    lastName: '',
    images: [],
    credits: 5,
    likes: 3,
    profile: { settings: {}, favourites: [], viewed: [], location: null },
    subscriptions: [],
    promotions: { firstPurchasePromotion: true, complete_profile: false },
    isOrganic: true,
    isPremium: false,
    isDOI: false,
    savedCards: [],
    ccbillTokens: [],
    ageVerificationApplicable: false,
    ageVerification: null,
  };
}

export const mockConfig = {
  brandId: 'b-amora',
  apiKey: 'pk_test_amora',
  country: 'US',
  currency: 'USD',
};

export const mockBrand = {
  _id: 'b-amora',
  domain: 'amora.com',
  company: { _id: 'c-1', name: 'Amora Entertainment Ltd.' },
  brand: 'Amora',
  timezone: 'UTC',
  // Pricing keyed by country as in sync/src/contract/entities.ts (the API answers this shape).
  products: [
    { _id: 'p-credits-20', sku: 'credits-20', name: 'amora', packageType: ['firstPurchaseOnly'], tags: ['limitedOffer'], pricing: { US: { currency: 'USD', vat: 0, intervals: [{ days: 0, price: 4.99, credits: 20 }] } } },
    { _id: 'p-credits-50', sku: 'credits-50', name: 'amora', packageType: [], pricing: { US: { currency: 'USD', vat: 0, intervals: [{ days: 0, price: 14.99, credits: 50 }] } } },
    { _id: 'p-credits-120', sku: 'credits-120', name: 'amora', packageType: [], tags: ['mostPopular'], pricing: { US: { currency: 'USD', vat: 0, intervals: [{ days: 0, price: 29.99, credits: 120 }] } } },
    { _id: 'p-credits-300', sku: 'credits-300', name: 'amora', packageType: [], pricing: { US: { currency: 'USD', vat: 0, intervals: [{ days: 0, price: 59.99, credits: 300 }] } } },
    { _id: 'p-vip-monthly', sku: 'vip-monthly', name: 'amora', packageType: [], pricing: { US: { currency: 'USD', vat: 0, intervals: [{ days: 30, price: 29.99, credits: 50 }] } } },
    { _id: 'p-vip-quarterly', sku: 'vip-quarterly', name: 'amora', packageType: [], tags: ['mostPopular'], pricing: { US: { currency: 'USD', vat: 0, intervals: [{ days: 90, price: 74.99, credits: 50 }] } } },
    { _id: 'p-vip-biannual', sku: 'vip-biannual', name: 'amora', packageType: [], pricing: { US: { currency: 'USD', vat: 0, intervals: [{ days: 180, price: 129.99, credits: 50 }] } } },
  ],
  customerSupport: { email: 'support@amora.com', phone: '+1 555 0100' },
  maintenanceFee: null,
  defaultDescriptor: 'AMORA',
  countries: ['US'],
  legacyMode: false,
};
