/**
 * docs/api.md#text-input: text the database cannot store (NUL, a lone surrogate) and over-long text are the
 * client's mistake. Every text field and query value of the routes below answers 400 (a path 404) with the
 * error shape and writes nothing; a pushed mutation carrying them is a recorded business failure and the queue
 * moves on. One table, one database: each case compares a fingerprint of every table before and after.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEBAB_CASE } from '@sync/contract/errors';
import type { Mutation, PushResponse } from '@sync/engine/mutations';
import { t } from '@sync/texts';
import { conversations, creditLedger, messages } from './db/schema/index.js';
import { rowsOf } from './db/rows.js';
import { callApi, goOnline, staffWithToken, stockConversations } from './modules/agents/test-helpers.js';
import { signupBody } from './modules/auth/test-helpers.js';
import { createMemberWithCredits } from './modules/credits/test-helpers.js';
import { createFictive, type MemberFixture } from './test/fixtures.js';
import { createTestContext, TEST_API_KEY, type TestContext } from './test/harness.js';

let ctx: TestContext;
let member: MemberFixture;
let agent: Awaited<ReturnType<typeof staffWithToken>>;
let admin: Awaited<ReturnType<typeof staffWithToken>>;
let profileId: string;
let conversationId: string;
let staffConversationId: string;
let lastMessageId: string;
let memoId: string;
let meetUpId: string;
let snippetId: string;
let agentId: string;

/** Two calls that differ only by time; nothing a request may change without writing. */
const VOLATILE = new Set(['__drizzle_migrations']);

/** A fingerprint of every row of every table: equal before and after means the request wrote nothing. */
async function fingerprint(): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await ctx.deps.db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`),
  )
    .map((r) => r.name)
    .filter((name) => !VOLATILE.has(name));
  const columns = tables.map((name) => `(select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) from "${name}" t) as "${name}"`);
  const [row] = rowsOf<Record<string, string>>(await ctx.deps.db.execute(sql.raw(`select ${columns.join(', ')}`)));
  return row!;
}

const POISONS = {
  nul: 'a\u0000b',
  'lone surrogate': 'a\ud800b',
  '100k characters': 'x'.repeat(100_000),
} as const;

function withValue(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let at: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[keys.at(-1)!] = value;
  return copy;
}

function expectErrorShape(body: unknown) {
  const error = (body as { error?: { code?: unknown; message?: unknown } }).error;
  expect(error?.code).toMatch(KEBAB_CASE);
  expect(typeof error?.message).toBe('string');
}

interface BodyCase {
  route: string;
  method: string;
  path: () => string;
  headers: () => Record<string, string>;
  /** A body the route accepts; each field in turn is replaced by each poison. */
  body: () => Record<string, unknown>;
  fields: string[];
  /** docs/product.md#errors-and-texts: an over-long address is a bad address, which these forms answer 422 'Invalid email'. */
  badAddressIs422?: true;
}

const bodyCases: BodyCase[] = [
  {
    route: 'canned reply (add)',
    method: 'POST',
    path: () => '/api/snippets',
    headers: () => agent.headers,
    body: () => ({ title: 'Hello', body: 'Hi {member}' }),
    fields: ['title', 'body', 'shared'],
  },
  {
    route: 'canned reply (edit)',
    method: 'PATCH',
    path: () => `/api/snippets/${snippetId}`,
    headers: () => agent.headers,
    body: () => ({ title: 'Hello again', body: 'Hi again {member}' }),
    fields: ['title', 'body'],
  },
  {
    route: 'member send (first message)',
    method: 'POST',
    path: () => `/api/conversation/${profileId}`,
    headers: () => member.headers,
    body: () => ({ messageType: 'text', message: 'hello' }),
    fields: ['message', 'messageType', 'attachment'],
  },
  {
    route: 'member send (in a conversation)',
    method: 'POST',
    path: () => `/api/conversation/${conversationId}/message`,
    headers: () => member.headers,
    body: () => ({ messageType: 'text', message: 'hello' }),
    fields: ['message', 'attachment'],
  },
  {
    route: 'agent reply',
    method: 'POST',
    path: () => `/api/conversation/${staffConversationId}/message`,
    headers: () => agent.headers,
    body: () => ({ message: 'hi there', lastMessageId }),
    fields: ['message', 'lastMessageId', 'attachment'],
  },
  {
    route: 'agent reply from the stock',
    method: 'POST',
    path: () => `/api/stock/${staffConversationId}/reply`,
    headers: () => agent.headers,
    body: () => ({ message: 'hi there', lastMessageId }),
    fields: ['message', 'lastMessageId'],
  },
  {
    route: 'conversation memo',
    method: 'POST',
    path: () => `/api/conversation/${staffConversationId}/note`,
    headers: () => agent.headers,
    body: () => ({ note: 'likes hiking', type: 'user' }),
    fields: ['note', 'type'],
  },
  {
    route: 'memo edit',
    method: 'PATCH',
    path: () => `/api/conversation/${staffConversationId}/note/${memoId}`,
    headers: () => agent.headers,
    body: () => ({ note: 'loves hiking' }),
    fields: ['note'],
  },
  {
    route: 'global memo',
    method: 'POST',
    path: () => `/api/profile/${profileId}/note`,
    headers: () => agent.headers,
    body: () => ({ note: 'lives in Austin' }),
    fields: ['note'],
  },
  {
    route: 'meet-up',
    method: 'POST',
    path: () => `/api/conversation/${staffConversationId}/meet-up`,
    headers: () => agent.headers,
    body: () => ({ meetDate: new Date(ctx.clock.now().getTime() + 86_400_000).toISOString(), location: 'Cafe Luna', description: 'coffee' }),
    fields: ['meetDate', 'location', 'description', 'meetStatus'],
  },
  {
    route: 'meet-up edit',
    method: 'PATCH',
    path: () => `/api/conversation/${staffConversationId}/meet-up/${meetUpId}`,
    headers: () => agent.headers,
    body: () => ({ location: 'Cafe Sol', description: 'tea' }),
    fields: ['location', 'description'],
  },
  {
    route: 'contact form',
    method: 'POST',
    path: () => '/api/customer-support',
    headers: () => ({}),
    body: () => ({ name: 'Ann', email: 'ann@example.com', subject: 'general-inquiries', message: 'Hello there' }),
    fields: ['name', 'email', 'subject', 'message'],
  },
  {
    route: 'affiliate form',
    method: 'POST',
    path: () => '/api/customer-support?form_type=affiliate',
    headers: () => ({}),
    body: () => ({
      fullName: 'Ann Lee',
      email: 'ann@example.com',
      company: 'Ads Ltd',
      messenger: 'telegram',
      messengerId: '@ann',
      country: 'Germany',
      yearsOfExperience: 3,
      geos: 'DE, AT',
      trafficSources: ['seo'],
      otherVerticals: ['travel'],
      otherText: 'more',
    }),
    fields: ['fullName', 'email', 'company', 'messenger', 'messengerId', 'country', 'geos', 'trafficSources.0', 'otherVerticals.0', 'otherText'],
  },
  {
    route: 'agent create (admin)',
    method: 'POST',
    path: () => '/api/agent',
    headers: () => admin.headers,
    body: () => ({ email: `new.${randomUUID().slice(0, 8)}@staff.local`, password: 'long-enough-1', firstName: 'Ann', lastName: 'Lee', scope: ['US-localhost'] }),
    fields: ['email', 'password', 'firstName', 'lastName', 'scope.0', 'role'],
  },
  {
    route: 'agent edit (admin)',
    method: 'PATCH',
    path: () => `/api/agent/${agentId}`,
    headers: () => admin.headers,
    body: () => ({ firstName: 'Ann', lastName: 'Lee', email: 'edited@staff.local', password: 'long-enough-2' }),
    fields: ['email', 'password', 'firstName', 'lastName'],
  },
  {
    route: 'fictive profile create (admin)',
    method: 'POST',
    path: () => '/api/admin/profile',
    headers: () => admin.headers,
    body: () => fictiveBody(),
    fields: ['brandId', 'username', 'gender', 'birthDate', 'aboutMe', 'lookingFor.0', 'location.country', 'location.city', 'location.state', 'location.zip', 'bodyType'],
  },
  {
    route: 'fictive profile edit (admin)',
    method: 'PATCH',
    path: () => `/api/admin/profile/${profileId}`,
    headers: () => admin.headers,
    body: () => ({ aboutMe: 'Salsa first.', lookingFor: ['salsa'], location: { country: 'US', city: 'Miami', state: 'FL', zip: '33101' } }),
    fields: ['aboutMe', 'lookingFor.0', 'location.country', 'location.city', 'location.state', 'location.zip'],
  },
  {
    route: 'profile edit',
    method: 'PATCH',
    path: () => `/api/user/${member.id}`,
    headers: () => member.headers,
    body: () => ({ firstName: 'Bob', lastName: 'Ray', aboutMe: 'Walks.', lookingFor: ['walks'], location: { city: 'Austin', state: 'TX', zip: '73301', country: 'US' } }),
    fields: ['firstName', 'lastName', 'aboutMe', 'lookingFor.0', 'location.city', 'location.state', 'location.zip', 'location.country', 'gender'],
  },
  {
    route: 'email and password change',
    method: 'PATCH',
    path: () => `/api/user/${member.id}`,
    headers: () => member.headers,
    body: () => ({ email: 'bob.new@example.com', password: 'new-password-1', currentPassword: 'old-password-1' }),
    fields: ['email', 'password', 'currentPassword'],
    badAddressIs422: true,
  },
  {
    route: 'register',
    method: 'POST',
    path: () => '/api/register',
    headers: () => ({}),
    body: () => signupBody(),
    fields: ['username', 'email', 'password', 'gender', 'lookingFor', 'birthDate', 'captchaToken', 'captchaVersion'],
    badAddressIs422: true,
  },
  {
    route: 'sign-in',
    method: 'POST',
    path: () => '/api/authenticate',
    headers: () => ({}),
    body: () => ({ username: member.username, password: 'whatever-1', type: 'user' }),
    fields: ['username', 'password', 'type'],
  },
  {
    route: 'agent status event',
    method: 'POST',
    path: () => '/api/event',
    headers: () => agent.headers,
    body: () => ({ queue: 'agents', message: { event: 'agentStatusUpdate', status: 'paused', reason: 'lunch' } }),
    fields: ['queue', 'message.event', 'message.status', 'message.reason'],
  },
];

function fictiveBody() {
  return {
    brandId: ctx.brand.id,
    username: `sunny_${randomUUID().slice(0, 6)}`,
    gender: 'woman',
    birthDate: '1994-05-06',
    bodyType: 'fit',
    aboutMe: 'Sunsets and salsa.',
    lookingFor: ['dancing'],
    location: { country: 'US', city: 'Miami', state: 'FL', zip: '33101' },
  };
}

interface UrlCase {
  route: string;
  url: (value: string) => string;
  headers: () => Record<string, string>;
  status: 400 | 404;
  /** The value has a length limit in its schema, so 100k characters are refused too. */
  capped?: true;
}

const apiKey = () => ({ 'x-api-key': TEST_API_KEY });

/** Query values and path parameters, sent percent-encoded as a browser would. */
const urlCases: UrlCase[] = [
  ...['agentName', 'realUsername', 'fictiveUsername', 'domain', 'sentBefore', 'sortBy'].map(
    (name): UrlCase => ({ route: `staff lookup ?${name}=`, url: (v) => `/api/conversations?${name}=${v}`, headers: () => agent.headers, status: 400, capped: true }),
  ),
  { route: 'admin search ?search=', url: (v) => `/api/admin/profiles?search=${v}`, headers: () => admin.headers, status: 400, capped: true },
  { route: 'admin search ?brandId=', url: (v) => `/api/admin/profiles?brandId=${v}`, headers: () => admin.headers, status: 400, capped: true },
  { route: 'admin report ?from=', url: (v) => `/api/admin/report?from=${v}&to=2026-01-02`, headers: () => admin.headers, status: 400, capped: true },
  { route: 'conversation chunk ?before=', url: (v) => `/api/conversation/${conversationId}?before=${v}`, headers: () => member.headers, status: 400, capped: true },
  { route: 'profile list ?search=', url: (v) => `/api/profiles?search=${v}`, headers: () => member.headers, status: 400, capped: true },
  { route: 'auto-login ?token=', url: (v) => `/api/autologin?token=${v}`, headers: () => ({}), status: 400 },
  { route: 'email verification ?token=', url: (v) => `/api/verify-email?token=${v}`, headers: () => ({}), status: 400 },
  { route: 'zip lookup ?zipCode=', url: (v) => `/api/json/US.json?zipCode=${v}`, headers: () => ({}), status: 400 },
  { route: 'brand by domain', url: (v) => `/api/brand/domain/${v}`, headers: apiKey, status: 404, capped: true },
  { route: 'brand by id', url: (v) => `/api/brand/${v}`, headers: apiKey, status: 404, capped: true },
  { route: 'company by id', url: (v) => `/api/company/${v}`, headers: apiKey, status: 404, capped: true },
];

beforeAll(async () => {
  ctx = await createTestContext();
  member = await createMemberWithCredits(ctx, 5);
  agent = await staffWithToken(ctx);
  admin = await staffWithToken(ctx, { role: 'admin' });
  agentId = (await staffWithToken(ctx)).id;
  profileId = (await createFictive(ctx)).id;
  const first = await callApi(ctx, 'POST', `/api/conversation/${profileId}`, member.headers, { messageType: 'text', message: 'hello' });
  expect(first.status).toBe(201);
  conversationId = first.body._id;
  await goOnline(ctx, agent.headers);
  const [stocked] = await stockConversations(ctx, (await createFictive(ctx)).id, 1, { country: 'US' });
  staffConversationId = stocked!.id;
  lastMessageId = stocked!.messageId;
  expect((await callApi(ctx, 'GET', '/api/claim', agent.headers)).body.conversation._id).toBe(staffConversationId);
  memoId = (await callApi(ctx, 'POST', `/api/conversation/${staffConversationId}/note`, agent.headers, { note: 'x', type: 'user' })).body._id;
  const meetDate = new Date(ctx.clock.now().getTime() + 86_400_000).toISOString();
  meetUpId = (await callApi(ctx, 'POST', `/api/conversation/${staffConversationId}/meet-up`, agent.headers, { meetDate })).body.id;
  snippetId = (await callApi(ctx, 'POST', '/api/snippets', agent.headers, { title: 'Kept', body: 'Kept as it is' })).body._id;
  expect(memoId && meetUpId).toBeTruthy();
});
afterAll(() => ctx?.close());

describe('text fields of JSON bodies', () => {
  const rows = bodyCases.flatMap((c) => c.fields.flatMap((field) => Object.entries(POISONS).map(([poison, value]) => ({ c, field, poison, value }))));
  it.each(rows)('$c.route: $field with $poison answers 400 and writes nothing', async ({ c, field, poison, value }) => {
    const before = await fingerprint();
    const res = await callApi(ctx, c.method, c.path(), c.headers(), withValue(c.body(), field, value));
    const badAddress = c.badAddressIs422 && field === 'email' && poison === '100k characters';
    expect(res.status, JSON.stringify(res.body)).toBe(badAddress ? 422 : 400);
    expectErrorShape(res.body);
    expect(await fingerprint()).toEqual(before);
  });

  it('names the characters in the field the form shows', async () => {
    const res = await callApi(ctx, 'POST', '/api/customer-support', {}, { name: 'A\u0000n', email: 'ann@example.com', subject: 'general-inquiries', message: 'Hi' });
    expect(res.body.error).toMatchObject({ code: 'invalid-json', message: t('validation.special-characters'), fields: { name: t('validation.special-characters') } });
  });
});

describe('query values and path parameters', () => {
  it('names the parameter, as the profile list does', async () => {
    const res = await callApi(ctx, 'GET', '/api/admin/profiles?search=a%00', admin.headers);
    const message = t('validation.special-characters');
    expect(res.body.error).toEqual({ code: 'invalid-query', message: `search: ${message}`, fields: { search: message } });
  });

  const rows = urlCases.flatMap((c) => [
    { c, poison: '%00', value: 'a%00b' },
    ...(c.capped ? [{ c, poison: '100k characters', value: 'x'.repeat(100_000) }] : []),
  ]);
  it.each(rows)('$c.route with $poison answers $c.status', async ({ c, value }) => {
    const before = await fingerprint();
    const res = await callApi(ctx, 'GET', c.url(value), c.headers());
    expect(res.status, JSON.stringify(res.body)).toBe(c.status);
    expectErrorShape(res.body);
    expect(await fingerprint()).toEqual(before);
  });
});

describe('ids in the path', () => {
  const notIds = ['not-an-id', '5f0c2b1e-8a3d-4c3b-9d2e', 'a%00b'];
  const routes: [string, () => string, () => Record<string, string>][] = [
    ['GET', () => '/api/brand/{id}', apiKey],
    ['GET', () => '/api/company/{id}', apiKey],
    ['GET', () => '/api/profile/{id}', () => member.headers],
    ['GET', () => '/api/user/{id}', () => admin.headers],
    ['GET', () => '/api/conversation/{id}', () => agent.headers],
    ['GET', () => '/api/conversation/{id}', () => member.headers],
    ['POST', () => '/api/conversation/{id}/message', () => member.headers],
    ['POST', () => '/api/conversation/{id}/note', () => agent.headers],
    ['PATCH', () => `/api/conversation/${staffConversationId}/note/{id}`, () => agent.headers],
    ['POST', () => '/api/conversation/{id}/meet-up', () => agent.headers],
    ['PATCH', () => `/api/conversation/${staffConversationId}/meet-up/{id}`, () => agent.headers],
    ['POST', () => '/api/profile/{id}/note', () => agent.headers],
    ['POST', () => '/api/stock/{id}/reply', () => agent.headers],
    ['PATCH', () => '/api/agent/{id}', () => admin.headers],
    ['GET', () => '/api/admin/profile/{id}', () => admin.headers],
    ['PATCH', () => '/api/admin/profile/{id}', () => admin.headers],
    ['DELETE', () => `/api/admin/profile/${profileId}/photos/{id}`, () => admin.headers],
    ['POST', () => '/api/moderation/images/{id}/approve', () => admin.headers],
    ['GET', () => '/api/order/{id}', () => member.headers],
    ['DELETE', () => `/api/user/${member.id}/image/{id}`, () => member.headers],
    ['GET', () => '/api/attachment/{id}/small', () => member.headers],
    ['PATCH', () => '/api/conversation/{id}', () => member.headers],
    ['PATCH', () => '/api/conversation/{id}/mark-read', () => member.headers],
    ['DELETE', () => `/api/conversation/${staffConversationId}/note/{id}`, () => agent.headers],
    ['DELETE', () => `/api/conversation/${staffConversationId}/meet-up/{id}`, () => agent.headers],
    ['POST', () => '/api/user/{id}/note', () => agent.headers],
    ['PATCH', () => `/api/profile/${profileId}/note/{id}`, () => agent.headers],
    ['POST', () => '/api/profile/{id}/view-member', () => agent.headers],
    ['POST', () => '/api/profile/{id}/favourite-member', () => agent.headers],
    ['POST', () => '/api/profile/{id}/upload', () => agent.headers],
    ['POST', () => '/api/moderation/images/{id}/reject', () => admin.headers],
    ['PATCH', () => '/api/order/{id}', () => member.headers],
    ['DELETE', () => '/api/payment-methods/{id}', () => member.headers],
    ['DELETE', () => '/api/subscription/{id}', () => member.headers],
    ['PATCH', () => '/api/user/{id}/is-doi', () => member.headers],
    ['POST', () => '/api/user/{id}/age-verification', () => member.headers],
  ];
  const rows = routes.flatMap(([method, path, headers]) => notIds.map((id) => ({ method, path, headers, id })));
  it.each(rows)('$method with $id answers 404 or 400', async ({ method, path, headers, id }) => {
    const before = await fingerprint();
    const res = await callApi(ctx, method, path().replace('{id}', id), headers(), method === 'GET' || method === 'DELETE' ? undefined : {});
    expect([400, 404], `${path()} ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
    expectErrorShape(res.body);
    expect(await fingerprint()).toEqual(before);
  });
});

describe('POST /api/sync/push', () => {
  const clientId = () => `c-${randomUUID().slice(0, 18)}`;
  const send = (client: string, mutationId: number, args: Record<string, unknown> = {}): Mutation => ({
    clientId: client,
    mutationId,
    name: 'sendMessage',
    args: { conversationId: 'blank', profileId, messageId: randomUUID(), messageType: 'text', message: `hello ${mutationId}`, ...args },
  });
  async function push(m: MemberFixture, client: string, mutations: Mutation[]) {
    const res = await callApi(ctx, 'POST', '/api/sync/push', m.headers, { clientId: client, mutations });
    return { status: res.status, body: res.body as PushResponse };
  }
  const charges = async (userId: string) =>
    (await ctx.deps.db.select().from(creditLedger).where(and(eq(creditLedger.userId, userId), eq(creditLedger.reason, 'message')))).length;
  const stored = async (userId: string) =>
    ctx.deps.db
      .select({ message: messages.message })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(eq(conversations.userId, userId));

  const poisoned: [string, Record<string, unknown>][] = [
    ...Object.entries(POISONS).map(([poison, value]): [string, Record<string, unknown>] => [`message with ${poison}`, { message: value }]),
    ['conversationId with nul', { conversationId: 'a\u0000b' }],
    ['conversationId with a lone surrogate', { conversationId: '\ud800' }],
    ['messageType with nul', { messageType: 'text\u0000' }],
  ];
  it.each(poisoned)('[%s, a normal send]: the first is refused with a code, the second stored, one credit charged', async (_, args) => {
    const m = await createMemberWithCredits(ctx, 3);
    const c = clientId();
    const res = await push(m, c, [send(c, 1, args), send(c, 2)]);
    expect(res.status).toBe(200);
    expect(res.body.lastMutationId).toBe(2);
    expect(res.body.results[0]).toMatchObject({ mutationId: 1, ok: false, error: { code: 'invalid-mutation' } });
    expect(typeof res.body.results[0]!.error!.message).toBe('string');
    // docs/api.md#push: the result reads `{ ok: false, code, message }`.
    expect(res.body.results[0]).toMatchObject({ ok: false, code: 'invalid-mutation', message: res.body.results[0]!.error!.message });
    expect(res.body.results[1]).toMatchObject({ mutationId: 2, ok: true });
    expect((await stored(m.id)).map((r) => r.message)).toEqual(['hello 2']);
    expect(await charges(m.id)).toBe(1);
    // The refusal was recorded: the same push again answers it as before and changes nothing.
    const again = await push(m, c, [send(c, 1, args)]);
    expect(again.body.results[0]).toMatchObject({ mutationId: 1, ok: false, code: 'invalid-mutation', error: { code: 'invalid-mutation' } });
    expect(await charges(m.id)).toBe(1);
  });

  it('a mutation name with a NUL fails that mutation only (recorded as invalid-mutation), and the next is applied', async () => {
    const m = await createMemberWithCredits(ctx, 3);
    const c = clientId();
    const res = await push(m, c, [{ ...send(c, 1), name: 'send\u0000Message' }, send(c, 2)]);
    expect(res.status).toBe(200);
    expect(res.body.lastMutationId).toBe(2);
    expect(res.body.results[0]).toMatchObject({ mutationId: 1, ok: false, error: { code: 'invalid-mutation' } });
    expect(res.body.results[1]).toMatchObject({ mutationId: 2, ok: true });
    expect((await stored(m.id)).map((r) => r.message)).toEqual(['hello 2']);
    expect(await charges(m.id)).toBe(1);
  });
});
