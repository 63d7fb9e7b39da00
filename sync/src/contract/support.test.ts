import { describe, expect, it } from 'vitest';
import { affiliateBody, contactBody, verticals } from './support.js';

const contact = { name: 'Jane', email: 'jane@example.com', subject: 'payment-issues', message: 'Charged twice.' };
const affiliate = {
  fullName: 'Sam Partner',
  email: 'sam@partner.io',
  company: 'Partner Ltd',
  messenger: 'telegram',
  messengerId: '@sam',
  country: 'Cyprus',
  yearsOfExperience: 4,
  geos: 'US, CA, UK',
  trafficSources: ['seo', 'push', 'seo'],
};

describe('contactBody', () => {
  it('accepts the form', () => {
    expect(contactBody.parse(contact).subject).toBe('payment-issues');
  });
  it('bounds the subject and the message', () => {
    expect(contactBody.safeParse({ ...contact, subject: 'payment issues' }).success).toBe(false);
    expect(contactBody.safeParse({ ...contact, message: 'x'.repeat(5000) }).success).toBe(true);
    const long = contactBody.safeParse({ ...contact, message: 'x'.repeat(5001) });
    expect(long.error?.issues[0]?.message).toBe('The message must contain at most 5000 symbols');
  });
});

describe('affiliateBody', () => {
  it('accepts the form, dedupes sources and defaults verticals', () => {
    const parsed = affiliateBody.parse(affiliate);
    expect(parsed.trafficSources).toEqual(['seo', 'push']);
    expect(parsed.otherVerticals).toEqual([]);
    expect(verticals).toHaveLength(12);
  });
  it('needs at least one traffic source', () => {
    const result = affiliateBody.safeParse({ ...affiliate, trafficSources: [] });
    expect(result.error?.issues[0]?.message).toBe('Select at least one');
  });
  it('refuses unknown messengers, sources and verticals', () => {
    expect(affiliateBody.safeParse({ ...affiliate, messenger: 'icq' }).success).toBe(false);
    expect(affiliateBody.safeParse({ ...affiliate, trafficSources: ['tv'] }).success).toBe(false);
    expect(affiliateBody.safeParse({ ...affiliate, otherVerticals: ['weapons'] }).success).toBe(false);
    expect(affiliateBody.safeParse({ ...affiliate, yearsOfExperience: -1 }).success).toBe(false);
  });
});
