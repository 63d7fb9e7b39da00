import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { affiliateApplications, supportTickets, users } from '../../db/schema/index.js';
import { createTestContext, jsonRequest, type TestContext } from '../../test/harness.js';
import { issueSession } from '../auth/service.js';
import { SUPPORT_RATE_LIMIT, SUPPORT_RATE_WINDOW_MS, splitGeos, ticketPrefix } from './service.js';

interface SentMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

let ctx: TestContext;
let sent: SentMail[] = [];
let ipCounter = 0;
/** Each test posts from its own address, so the per-IP limit only bites where a test wants it to. */
let ip = '';

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.deps.providers.mail = {
    async send(m) {
      sent.push(m);
    },
  };
});
afterAll(() => ctx.close());
beforeEach(() => {
  sent = [];
  ipCounter += 1;
  ip = `203.0.113.${ipCounter}`;
});

const contact = () => ({ name: 'Jane Roe', email: 'Jane@Example.com', subject: 'payment-issues', message: 'My card was charged twice.' });
const affiliate = () => ({
  fullName: 'Max Partner',
  email: 'max@partner.example',
  company: 'Partner Media',
  messenger: 'telegram',
  messengerId: '@maxp',
  country: 'Germany',
  yearsOfExperience: 4,
  geos: 'DE, AT; CH',
  trafficSources: ['seo', 'push'],
  otherVerticals: ['dating', 'gaming'],
  otherText: 'We run 20 sites.',
});

const post = (body: unknown, query = '', headers: Record<string, string> = {}) =>
  ctx.app.request(`/api/customer-support${query}`, jsonRequest('POST', body, { 'x-forwarded-for': ip, ...headers }));

async function counts() {
  const [t] = await ctx.deps.db.select({ n: count() }).from(supportTickets);
  const [a] = await ctx.deps.db.select({ n: count() }).from(affiliateApplications);
  return { tickets: t!.n, affiliates: a!.n };
}

describe('POST /api/customer-support (contact form)', () => {
  it('stores the ticket, answers 201 with a readable ticket number and mails an acknowledgement', async () => {
    const res = await post(contact());
    expect(res.status).toBe(201);
    const { ticketNumber } = await res.json();
    expect(ticketNumber).toMatch(/^AM-[2-9A-HJKMNP-Z]{6}$/);
    const [row] = await ctx.deps.db.select().from(supportTickets).where(eq(supportTickets.ticketNumber, ticketNumber));
    expect(row).toMatchObject({
      kind: 'contact',
      name: 'Jane Roe',
      email: 'jane@example.com',
      subject: 'payment-issues',
      message: 'My card was charged twice.',
      brandId: ctx.brand.id,
      userId: null,
      ip,
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('jane@example.com');
    expect(sent[0]!.text).toContain(ticketNumber);
    expect(sent[0]!.text).toContain('24 hours');
    // Nothing the visitor typed is relayed to the address they gave.
    expect(sent[0]!.text).not.toContain('charged twice');
    expect(sent[0]!.text).not.toContain('Jane Roe');
  });

  it('gives every ticket its own number', async () => {
    const numbers = new Set<string>();
    for (let i = 0; i < SUPPORT_RATE_LIMIT; i += 1) numbers.add((await (await post(contact())).json()).ticketNumber);
    expect(numbers.size).toBe(SUPPORT_RATE_LIMIT);
  });

  it("links a signed-in member's ticket to the member and ignores a bad token", async () => {
    const [user] = await ctx.deps.db
      .insert(users)
      .values({ brandId: ctx.brand.id, username: 'supportee', email: 'supportee@example.com', gender: 'man', lookingFor: 'woman', birthDate: '1990-01-01' })
      .returning();
    const { access_token } = await issueSession(ctx.deps, { type: 'user', id: user!.id });
    const linked = await (await post(contact(), '', { authorization: `Bearer ${access_token}` })).json();
    const [row] = await ctx.deps.db.select().from(supportTickets).where(eq(supportTickets.ticketNumber, linked.ticketNumber));
    expect(row!.userId).toBe(user!.id);

    const res = await post(contact(), '', { authorization: 'Bearer not.a.token' });
    expect(res.status).toBe(201);
    const [anon] = await ctx.deps.db.select().from(supportTickets).where(eq(supportTickets.ticketNumber, (await res.json()).ticketNumber));
    expect(anon!.userId).toBeNull();
  });

  it('still answers 201 when the acknowledgement mail fails', async () => {
    const providers = ctx.deps.providers;
    const good = providers.mail;
    providers.mail = { send: () => Promise.reject(new Error('smtp down')) };
    try {
      expect((await post(contact())).status).toBe(201);
    } finally {
      providers.mail = good;
    }
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['name missing', { name: undefined }, 'name'],
    ['name blank', { name: '   ' }, 'name'],
    ['name too long', { name: 'n'.repeat(101) }, 'name'],
    ['name not a string', { name: 42 }, 'name'],
    ['email missing', { email: undefined }, 'email'],
    ['email invalid', { email: 'not-an-email' }, 'email'],
    ['email an object', { email: { $ne: '' } }, 'email'],
    ['subject missing', { subject: undefined }, 'subject'],
    ['subject unknown', { subject: 'refund-now' }, 'subject'],
    ['message missing', { message: undefined }, 'message'],
    ['message blank', { message: '' }, 'message'],
    ['message too long', { message: 'm'.repeat(5001) }, 'message'],
    ['message an array', { message: ['a'] }, 'message'],
  ];
  for (const [label, patch, field] of invalid) {
    it(`400 and nothing stored: ${label}`, async () => {
      const before = await counts();
      const res = await post({ ...contact(), ...patch });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.error.code).toBe('invalid-json');
      expect(typeof body.error.message).toBe('string');
      expect(body.error.fields[field]).toEqual(expect.any(String));
      expect(await counts()).toEqual(before);
      expect(sent).toHaveLength(0);
    });
  }

  it('400 for bodies that are not a form, and for malformed JSON', async () => {
    const before = await counts();
    for (const body of [null, 'text', [1, 2], 7, '{"name":']) {
      const res = await post(body === '{"name":' ? body : JSON.stringify(body));
      expect(res.status).toBe(400);
      expect((await res.json()).error).toEqual(expect.objectContaining({ code: expect.any(String), message: expect.any(String) }));
    }
    expect(await counts()).toEqual(before);
  });

  it('400 for an unknown form_type', async () => {
    const res = await post(contact(), '?form_type=partner');
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('invalid-query');
  });

  it('refuses 1 MB strings with 4xx and stores nothing', async () => {
    const before = await counts();
    const huge = 'x'.repeat(1024 * 1024);
    for (const patch of [{ name: huge }, { message: huge }, { email: `${huge}@example.com` }]) {
      const res = await post({ ...contact(), ...patch });
      expect(res.status).toBe(413);
      expect((await res.json()).error.code).toBe('payload-too-large');
    }
    const affiliateHuge = await post({ ...affiliate(), geos: huge }, '?form_type=affiliate');
    expect(affiliateHuge.status).toBe(413);
    // Under the body limit but over the field's: 400 with the field named.
    const big = await post({ ...contact(), message: 'x'.repeat(100_000) });
    expect(big.status).toBe(400);
    expect((await big.json()).error.fields.message).toMatch(/message/);
    expect(await counts()).toEqual(before);
  });
});

describe('POST /api/customer-support?form_type=affiliate', () => {
  it('stores the ticket and the application, answers 201 with the ticket number', async () => {
    const res = await post(affiliate(), '?form_type=affiliate');
    expect(res.status).toBe(201);
    const { ticketNumber } = await res.json();
    expect(ticketNumber).toMatch(/^AM-[2-9A-HJKMNP-Z]{6}$/);
    const [ticket] = await ctx.deps.db.select().from(supportTickets).where(eq(supportTickets.ticketNumber, ticketNumber));
    expect(ticket).toMatchObject({ kind: 'affiliate', name: 'Max Partner', email: 'max@partner.example', subject: 'affiliate-application' });
    const [app] = await ctx.deps.db.select().from(affiliateApplications).where(eq(affiliateApplications.ticketId, ticket!.id));
    expect(app).toMatchObject({
      fullName: 'Max Partner',
      email: 'max@partner.example',
      company: 'Partner Media',
      messenger: 'telegram',
      messengerId: '@maxp',
      country: 'Germany',
      yearsOfExperience: 4,
      geos: ['DE', 'AT', 'CH'],
      trafficSources: ['seo', 'push'],
      otherVerticals: ['dating', 'gaming'],
      otherText: 'We run 20 sites.',
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('48 hours');
  });

  it('accepts the optional fields left out', async () => {
    const { otherVerticals: _v, otherText: _t, ...minimal } = affiliate();
    const res = await post(minimal, '?form_type=affiliate');
    expect(res.status).toBe(201);
  });

  it('a contact body sent as an affiliate form is a 400, not a contact ticket', async () => {
    const before = await counts();
    const res = await post(contact(), '?form_type=affiliate');
    expect(res.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['fullName missing', { fullName: undefined }, 'fullName'],
    ['fullName too long', { fullName: 'f'.repeat(101) }, 'fullName'],
    ['email invalid', { email: 'max@' }, 'email'],
    ['company missing', { company: undefined }, 'company'],
    ['messenger unknown', { messenger: 'icq' }, 'messenger'],
    ['messenger missing', { messenger: undefined }, 'messenger'],
    ['messengerId blank', { messengerId: ' ' }, 'messengerId'],
    ['country missing', { country: undefined }, 'country'],
    ['yearsOfExperience missing', { yearsOfExperience: undefined }, 'yearsOfExperience'],
    ['yearsOfExperience negative', { yearsOfExperience: -1 }, 'yearsOfExperience'],
    ['yearsOfExperience fractional', { yearsOfExperience: 2.5 }, 'yearsOfExperience'],
    ['yearsOfExperience huge', { yearsOfExperience: 1e9 }, 'yearsOfExperience'],
    ['yearsOfExperience a string', { yearsOfExperience: '4' }, 'yearsOfExperience'],
    ['geos missing', { geos: undefined }, 'geos'],
    ['geos too long', { geos: 'g'.repeat(501) }, 'geos'],
    ['trafficSources empty', { trafficSources: [] }, 'trafficSources'],
    ['trafficSources missing', { trafficSources: undefined }, 'trafficSources'],
    ['trafficSources unknown', { trafficSources: ['tv'] }, 'trafficSources.0'],
    ['otherVerticals unknown', { otherVerticals: ['weapons'] }, 'otherVerticals.0'],
    ['otherVerticals too many', { otherVerticals: Array(13).fill('dating') }, 'otherVerticals'],
    ['otherText too long', { otherText: 'o'.repeat(1001) }, 'otherText'],
  ];
  for (const [label, patch, field] of invalid) {
    it(`400 and nothing stored: ${label}`, async () => {
      const before = await counts();
      const res = await post({ ...affiliate(), ...patch }, '?form_type=affiliate');
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.error.code).toBe('invalid-json');
      expect(body.error.fields[field]).toEqual(expect.any(String));
      expect(await counts()).toEqual(before);
      expect(sent).toHaveLength(0);
    });
  }
});

describe('rate limit', () => {
  it(`answers 429 after ${SUPPORT_RATE_LIMIT} submissions per IP in 10 minutes, across both forms`, async () => {
    for (let i = 0; i < SUPPORT_RATE_LIMIT - 1; i += 1) expect((await post(contact())).status).toBe(201);
    expect((await post(affiliate(), '?form_type=affiliate')).status).toBe(201);
    const before = await counts();
    const res = await post(contact());
    expect(res.status).toBe(429);
    expect((await res.json()).error.code).toBe('too-many-requests');
    expect(await counts()).toEqual(before);
    // Another address is not affected.
    expect((await post(contact(), '', { 'x-forwarded-for': '198.51.100.77' })).status).toBe(201);
    // The window passes.
    ctx.clock.advance(SUPPORT_RATE_WINDOW_MS + 1000);
    expect((await post(contact())).status).toBe(201);
  });

  it('holds under parallel submissions from one address', async () => {
    const results = await Promise.all(Array.from({ length: SUPPORT_RATE_LIMIT + 4 }, () => post(contact())));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(SUPPORT_RATE_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
  });
});

describe('helpers', () => {
  it('prefixes ticket numbers with the brand initials', () => {
    expect(ticketPrefix('Amora Test')).toBe('AM');
    expect(ticketPrefix('42')).toBe('TK');
  });
  it('splits free-text geos into a list', () => {
    expect(splitGeos(' DE,AT ;\nCH, DE ,,')).toEqual(['DE', 'AT', 'CH']);
  });
});
