/** Fixture records behind the msw handlers; the shapes follow SPEC §3 and CONTRACT.md. */
export const MOCK_PASSWORD = 'password';

export interface MockAccount {
  _id: string;
  username: string;
  email: string;
  kind: 'user' | 'agent';
  emailValidated: boolean;
  role?: 'agent' | 'admin';
}

export const mockAccounts: MockAccount[] = [
  { _id: 'u-demo', username: 'demo', email: 'demo@example.com', kind: 'user', emailValidated: true },
  { _id: 'u-new', username: 'newbie', email: 'newbie@example.com', kind: 'user', emailValidated: false },
  { _id: 'a-agent', username: 'agent', email: 'agent@example.com', kind: 'agent', emailValidated: true, role: 'agent' },
  { _id: 'a-admin', username: 'admin', email: 'admin@example.com', kind: 'agent', emailValidated: true, role: 'admin' },
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
  products: [
    {
      _id: 'p-credits-20',
      sku: 'credits-20',
      name: 'amora',
      packageType: ['quickPackage'],
      pricing: [{ country: 'US', currency: 'USD', vat: 0, intervals: [{ days: 0, price: 9.99, credits: 20 }] }],
    },
    {
      _id: 'p-vip-monthly',
      sku: 'vip-monthly',
      name: 'amora',
      packageType: [],
      pricing: [{ country: 'US', currency: 'USD', vat: 0, intervals: [{ days: 30, price: 29.99, credits: 50 }] }],
    },
  ],
  customerSupport: { email: 'support@amora.com', phone: '+1 555 0100' },
  maintenanceFee: null,
  defaultDescriptor: 'AMORA',
  countries: ['US'],
  legacyMode: false,
};
