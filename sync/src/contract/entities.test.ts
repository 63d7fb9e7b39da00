import { describe, expect, it } from 'vitest';
import { agent, brand, hasActiveSubscription, product, user } from './entities.js';

const credits10 = {
  _id: 'p1',
  sku: 'CREDITS-10',
  name: 'example',
  packageType: ['quickPackage'],
  pricing: { US: { currency: 'USD', vat: 0, intervals: [{ days: 0, price: 9.99, credits: 10 }] } },
};

const member = {
  _id: 'u1',
  createDate: '2025-01-01T00:00:00.000Z',
  updateDate: '2025-01-01T00:00:00.000Z',
  activityDate: '2025-01-01T00:00:00.000Z',
  firstLoginDate: null,
  domain: 'example.com',
  emailValidated: true,
  timezone: 'UTC',
  transactions: [],
  username: 'jane',
  email: 'jane@example.com',
  firstName: '',
  lastName: '',
  images: [],
  credits: 5,
  likes: 3,
  profile: {
    settings: { keepLocationPrivate: false, showOnline: true, notifyByEmail: true, lookingForAge: { min: 25, max: 40 } },
    favourites: [],
    viewed: [],
    location: null,
  },
  subscriptions: [{ _id: 's1', active: false }],
  promotions: { firstPurchasePromotion: true, complete_profile: false },
  isOrganic: true,
  isPremium: false,
  isDOI: false,
  savedCards: [{ cardId: 'c1', last4: '4242' }],
  ccbillTokens: [],
  ageVerificationApplicable: true,
  ageVerification: null,
};

describe('entities', () => {
  it('parse a brand with its products', () => {
    const parsed = brand.parse({
      _id: 'b1',
      domain: 'example.com',
      company: 'Example Ltd',
      brand: 'Example',
      timezone: 'UTC',
      products: [credits10],
      customerSupport: { email: 'support@example.com' },
      maintenanceFee: 0,
      defaultDescriptor: 'EXAMPLE*CHAT',
      countries: ['US'],
      legacyMode: false,
    });
    expect(parsed.products[0]?.pricing.US?.intervals[0]?.credits).toBe(10);
  });

  it('refuse unknown package types and lower-case currencies', () => {
    expect(product.safeParse({ ...credits10, packageType: ['bogus'] }).success).toBe(false);
    expect(
      product.safeParse({ ...credits10, pricing: { US: { currency: 'usd', vat: 0, intervals: [{ days: 0, price: 1, credits: 1 }] } } }).success,
    ).toBe(false);
  });

  it('parse the user state and never carry a password', () => {
    const parsed = user.parse({ ...member, password: 'secret-hash' });
    expect('password' in parsed).toBe(false);
    expect(parsed.savedCards[0]?.cardId).toBe('c1');
  });

  it('decide premium as docs/product.md says', () => {
    expect(hasActiveSubscription(member)).toBe(false);
    expect(hasActiveSubscription({ subscriptions: [{ _id: 's', active: true }] })).toBe(true);
  });

  it('parse an agent', () => {
    const parsed = agent.parse({
      _id: 'a1',
      createDate: '2025-01-01',
      updateDate: '2025-01-01',
      status: 'offline',
      statusLastUpdate: '2025-01-01',
      email: 'agent@example.com',
      firstName: 'Ann',
      lastName: 'Agent',
      type: 'agent',
      images: [],
      scope: ['US-example.com'],
      role: 'admin',
    });
    expect(parsed.role).toBe('admin');
  });
});
