import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SNIPPET_BODY_MAX, SNIPPETS_PER_AGENT, snippet as snippetSchema } from '@sync/contract/snippets';
import { snippets } from '../../db/schema/index.js';
import { createMember, type MemberFixture } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { callApi, staffWithToken } from '../agents/test-helpers.js';

let ctx: TestContext;
let agent: Awaited<ReturnType<typeof staffWithToken>>;
let other: Awaited<ReturnType<typeof staffWithToken>>;
let admin: Awaited<ReturnType<typeof staffWithToken>>;
let member: MemberFixture;

beforeAll(async () => {
  ctx = await createTestContext();
  agent = await staffWithToken(ctx);
  other = await staffWithToken(ctx);
  admin = await staffWithToken(ctx, { role: 'admin' });
  member = await createMember(ctx);
});
afterAll(() => ctx?.close());

const rowCount = async () => (await ctx.deps.db.select({ id: snippets.id }).from(snippets)).length;

describe('canned replies: an agent manages their own', () => {
  it('creates, lists, edits and deletes a personal snippet; the answer matches the contract', async () => {
    const created = await callApi(ctx, 'POST', '/api/snippets', agent.headers, { title: '  Greeting ', body: 'Hi {member}, {profile} here!' });
    expect(created.status).toBe(201);
    expect(snippetSchema.parse(created.body)).toMatchObject({ title: 'Greeting', body: 'Hi {member}, {profile} here!', shared: false, agentId: agent.id, editable: true });

    const list = await callApi(ctx, 'GET', '/api/snippets', agent.headers);
    expect(list.status).toBe(200);
    expect(list.body.data.map((s: { _id: string }) => s._id)).toContain(created.body._id);

    const edited = await callApi(ctx, 'PATCH', `/api/snippets/${created.body._id}`, agent.headers, { body: 'Hello {member}' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Greeting', body: 'Hello {member}' });

    const removed = await callApi(ctx, 'DELETE', `/api/snippets/${created.body._id}`, agent.headers);
    expect(removed.status).toBe(200);
    expect((await callApi(ctx, 'PATCH', `/api/snippets/${created.body._id}`, agent.headers, { title: 'x' })).status).toBe(404);
  });

  it("never shows or lets anyone touch another agent's own snippets (404, unchanged)", async () => {
    const mine = await callApi(ctx, 'POST', '/api/snippets', agent.headers, { title: 'Mine', body: 'Private words' });
    const theirs = await callApi(ctx, 'GET', '/api/snippets', other.headers);
    expect(theirs.body.data.map((s: { _id: string }) => s._id)).not.toContain(mine.body._id);
    expect((await callApi(ctx, 'PATCH', `/api/snippets/${mine.body._id}`, other.headers, { title: 'Stolen' })).status).toBe(404);
    expect((await callApi(ctx, 'DELETE', `/api/snippets/${mine.body._id}`, other.headers)).status).toBe(404);
    // Nor an admin: a personal snippet is its author's.
    expect((await callApi(ctx, 'PATCH', `/api/snippets/${mine.body._id}`, admin.headers, { title: 'Stolen' })).status).toBe(404);
    const [row] = await ctx.deps.db.select().from(snippets).where(eq(snippets.id, mine.body._id));
    expect(row!.title).toBe('Mine');
  });
});

describe('canned replies: admins manage the shared ones', () => {
  it('an admin shares a snippet every agent sees, read-only for them', async () => {
    const shared = await callApi(ctx, 'POST', '/api/snippets', admin.headers, { title: 'Welcome', body: 'Welcome {member}!', shared: true });
    expect(shared.status).toBe(201);
    expect(shared.body).toMatchObject({ shared: true, agentId: null, editable: true });
    for (const who of [agent, other]) {
      const list = await callApi(ctx, 'GET', '/api/snippets', who.headers);
      const seen = list.body.data.find((s: { _id: string }) => s._id === shared.body._id);
      expect(seen).toMatchObject({ shared: true, editable: false });
    }
    // Own ones first, then the shared ones.
    const list = await callApi(ctx, 'GET', '/api/snippets', agent.headers);
    const kinds = list.body.data.map((s: { shared: boolean }) => s.shared);
    expect(kinds).toEqual([...kinds].sort((a, b) => Number(a) - Number(b)));

    const before = await rowCount();
    expect(await callApi(ctx, 'PATCH', `/api/snippets/${shared.body._id}`, agent.headers, { body: 'Hacked' })).toMatchObject({
      status: 403,
      body: { error: { code: 'forbidden' } },
    });
    expect((await callApi(ctx, 'DELETE', `/api/snippets/${shared.body._id}`, agent.headers)).status).toBe(403);
    expect(await rowCount()).toBe(before);

    // Another admin may change it: shared replies belong to no single admin.
    const otherAdmin = await staffWithToken(ctx, { role: 'admin' });
    expect((await callApi(ctx, 'PATCH', `/api/snippets/${shared.body._id}`, otherAdmin.headers, { body: 'Welcome back {member}!' })).body.body).toBe('Welcome back {member}!');
    expect((await callApi(ctx, 'DELETE', `/api/snippets/${shared.body._id}`, admin.headers)).status).toBe(200);
  });

  it('a plain agent cannot create a shared snippet (403, nothing written)', async () => {
    const before = await rowCount();
    const res = await callApi(ctx, 'POST', '/api/snippets', agent.headers, { title: 'Team', body: 'For all', shared: true });
    expect(res.status).toBe(403);
    expect(await rowCount()).toBe(before);
  });
});

describe('canned replies: hostile input and callers', () => {
  const bad: [string, unknown][] = [
    ['NUL in the title', { title: 'Hi\u0000', body: 'x' }],
    ['NUL in the body', { title: 'Hi', body: 'a\u0000b' }],
    ['a lone surrogate', { title: 'Hi', body: 'a\ud800b' }],
    ['a huge body', { title: 'Hi', body: 'x'.repeat(SNIPPET_BODY_MAX + 1) }],
    ['a huge title', { title: 'x'.repeat(81), body: 'x' }],
    ['an empty title', { title: '   ', body: 'x' }],
    ['an empty body', { title: 'x', body: '' }],
    ['a number title', { title: 42, body: 'x' }],
    ['an array body', { title: 'x', body: ['a'] }],
    ['shared as a string', { title: 'x', body: 'y', shared: 'true' }],
    ['an unknown field', { title: 'x', body: 'y', agentId: '00000000-0000-4000-8000-000000000000' }],
    ['no object', ['title']],
    ['null', null],
  ];

  it.each(bad)('POST refuses %s with 400 and writes nothing', async (_, body) => {
    const before = await rowCount();
    const res = await callApi(ctx, 'POST', '/api/snippets', agent.headers, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid-json');
    expect(await rowCount()).toBe(before);
  });

  it('PATCH refuses bad input with 400 and changes nothing; a malformed id is 404', async () => {
    const mine = await callApi(ctx, 'POST', '/api/snippets', agent.headers, { title: 'Keep', body: 'Keep me' });
    for (const body of [{ body: 'a\u0000' }, { title: 7 }, { shared: true }, { body: 'y'.repeat(SNIPPET_BODY_MAX + 1) }]) {
      expect((await callApi(ctx, 'PATCH', `/api/snippets/${mine.body._id}`, agent.headers, body)).status).toBe(400);
    }
    const raw = await ctx.app.request(`/api/snippets/${mine.body._id}`, { method: 'PATCH', headers: { ...agent.headers, 'content-type': 'application/json' }, body: '{"title":' });
    expect(raw.status).toBe(400);
    expect((await callApi(ctx, 'PATCH', '/api/snippets/not-an-id', agent.headers, { title: 'x' })).status).toBe(404);
    expect((await callApi(ctx, 'DELETE', '/api/snippets/%00', agent.headers)).status).toBe(404);
    const [row] = await ctx.deps.db.select().from(snippets).where(eq(snippets.id, mine.body._id));
    expect(row).toMatchObject({ title: 'Keep', body: 'Keep me' });
  });

  it('members and anonymous callers get nothing (403 / 401)', async () => {
    expect((await callApi(ctx, 'GET', '/api/snippets', member.headers)).status).toBe(403);
    expect((await callApi(ctx, 'POST', '/api/snippets', member.headers, { title: 'x', body: 'y' })).status).toBe(403);
    expect((await callApi(ctx, 'GET', '/api/snippets')).status).toBe(401);
  });

  it(`caps an agent's own list at ${SNIPPETS_PER_AGENT}, even when two adds race for the last place`, async () => {
    const busy = await staffWithToken(ctx);
    await ctx.deps.db.insert(snippets).values(Array.from({ length: SNIPPETS_PER_AGENT - 1 }, (_, i) => ({ agentId: busy.id, title: `S${i}`, body: 'x' })));
    const [a, b] = await Promise.all([
      callApi(ctx, 'POST', '/api/snippets', busy.headers, { title: 'A', body: 'x' }),
      callApi(ctx, 'POST', '/api/snippets', busy.headers, { title: 'B', body: 'x' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.status === 409)!.body.error.code).toBe('snippet-limit');
    expect((await ctx.deps.db.select({ id: snippets.id }).from(snippets).where(eq(snippets.agentId, busy.id))).length).toBe(SNIPPETS_PER_AGENT);
  });
});
