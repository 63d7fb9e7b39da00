import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type MemberFixture } from '../../test/fixtures.js';
import { createTestContext, jsonRequest, type TestContext } from '../../test/harness.js';
import { staffWithToken } from './test-helpers.js';

/**
 * Who may call each route of the app (docs/product.md#roles). Every route the app serves must be listed here, so a new
 * route cannot skip the role check: public (no token needed), any (a member or staff), member, staff
 * (agents and admins), admin (agents whose role is admin).
 */
type Access = 'public' | 'any' | 'member' | 'staff' | 'admin';
const ACCESS: Record<string, Access> = {
  'GET /api/health': 'public',
  'GET /api/media/:key{.+}': 'public',
  'GET /api/config': 'public',
  'GET /api/brands': 'public',
  'GET /api/brand/domain/:domain': 'public',
  'GET /api/brand/:id': 'public',
  'GET /api/company/:id': 'public',
  'POST /api/customer-support': 'public',
  'GET /api/sso/login': 'public',
  'GET /api/sso/callback': 'public',
  'GET /api/profiles': 'public',
  'GET /api/profile/:id': 'member',
  'GET /api/match/next': 'member',
  'GET /api/match/likes': 'member',
  'POST /api/match/swipe': 'member',
  'POST /api/match/undo': 'member',
  'GET /api/match/dislikes': 'member',
  'GET /api/matches': 'member',
  'PATCH /api/user/:id': 'member',
  'GET /api/interests/:list': 'member',
  'POST /api/profile/:id/view-member': 'staff',
  'POST /api/profile/:id/favourite-member': 'staff',
  'GET /api/json/:file': 'public',
  'GET /api/conversations': 'any',
  'GET /api/conversations/unread': 'member',
  'GET /api/conversation/:id': 'any',
  'POST /api/conversation/:profileId': 'member',
  'POST /api/conversation/:id/message': 'any',
  'PATCH /api/conversation/:id/mark-read': 'member',
  'PATCH /api/conversation/:id': 'member',
  'GET /api/event': 'staff',
  'POST /api/event': 'staff',
  'GET /api/queue': 'staff',
  'GET /api/claim': 'staff',
  'GET /api/claims': 'staff',
  'POST /api/claims/:id/release': 'staff',
  'POST /api/stock/:id/reply': 'staff',
  'POST /api/conversation/:id/note': 'staff',
  'PATCH /api/conversation/:id/note/:noteId': 'staff',
  'DELETE /api/conversation/:id/note/:noteId': 'staff',
  'POST /api/conversation/:id/meet-up': 'staff',
  'PATCH /api/conversation/:id/meet-up/:meetupId': 'staff',
  'DELETE /api/conversation/:id/meet-up/:meetupId': 'staff',
  'POST /api/:type/:subjectId/note': 'staff',
  'PATCH /api/:type/:subjectId/note/:noteId': 'staff',
  'DELETE /api/:type/:subjectId/note/:noteId': 'staff',
  'GET /api/snippets': 'staff',
  'POST /api/snippets': 'staff',
  'PATCH /api/snippets/:id': 'staff',
  'DELETE /api/snippets/:id': 'staff',
  'GET /api/agents': 'admin',
  'POST /api/agent': 'admin',
  'PATCH /api/agent/:id': 'admin',
  'GET /api/admin/report': 'admin',
  'GET /api/admin/board': 'admin',
  'GET /api/admin/profiles': 'admin',
  'GET /api/admin/profile/:id': 'admin',
  'POST /api/admin/profile': 'admin',
  'PATCH /api/admin/profile/:id': 'admin',
  'POST /api/admin/profile/:id/photos': 'admin',
  'DELETE /api/admin/profile/:id/photos/:imageId': 'admin',
  'POST /api/sync/push': 'member',
  'POST /api/sync/pull': 'member',
  'POST /api/register': 'public',
  'POST /api/authenticate': 'public',
  'PATCH /api/authenticate': 'any',
  'POST /api/logout': 'any',
  'GET /api/autologin': 'public',
  'GET /api/verify-email': 'public',
  'GET /api/undo-email-change': 'public',
  'POST /api/resend-email': 'member',
  'POST /api/forgot-password': 'public',
  'POST /api/reset-password': 'public',
  // Staff may look any member up (users/routes.ts).
  'GET /api/user/:id': 'any',
  'DELETE /api/user/:id/image/:imageId': 'member',
  'GET /api/user/:id/export': 'member',
  'GET /api/push/key': 'member',
  'POST /api/push/subscriptions': 'member',
  'POST /api/push/unsubscribe': 'member',
  'POST /api/user/upload': 'member',
  'POST /api/profile/:id/upload': 'staff',
  'GET /api/attachment/:id/:size': 'public',
  'GET /api/moderation/images': 'admin',
  'GET /api/moderation/reports': 'admin',
  'POST /api/moderation/reports/:id/resolve': 'admin',
  'POST /api/profile/:id/block': 'member',
  'DELETE /api/profile/:id/block': 'member',
  'GET /api/blocks': 'member',
  'POST /api/profile/:id/report': 'member',
  'POST /api/user/:id/deletion': 'member',
  'POST /api/moderation/images/:id/approve': 'admin',
  'POST /api/moderation/images/:id/reject': 'admin',
  'POST /api/order': 'member',
  'PATCH /api/order/:id': 'member',
  'GET /api/order/:id': 'member',
  'DELETE /api/payment-methods/:id': 'member',
  'DELETE /api/subscription/:id': 'member',
  'POST /api/payment-session/apple-pay': 'member',
  'POST /api/user/:id/age-verification': 'member',
  'PATCH /api/user/:id/is-doi': 'member',
  'POST /api/sandbox/payments/tokenize': 'public',
  'GET /api/sandbox/payments/action/:ref': 'public',
  'POST /api/sandbox/payments/action/:ref': 'public',
  'GET /api/sandbox/age-verification/:session': 'public',
  'POST /api/sandbox/age-verification/:session': 'public',
  'GET /api/dev/mailbox': 'public',
  'GET /api/openapi.json': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/:file': 'public',
};

const ID = '00000000-0000-4000-8000-000000000000';

/** A concrete path for a route pattern: ids for params, a real memo type for `:type`. */
function concrete(pattern: string, member: MemberFixture): string {
  return pattern
    .replace(':key{.+}', 'x/y.jpg')
    .replace(':type', 'user')
    .replace(':file', 'US.json')
    .replace(':list', 'favourites')
    .replace('/user/:id', `/user/${member.id}`)
    .replace(/:[A-Za-z]+/g, ID);
}

let ctx: TestContext;
let member: MemberFixture;
let agentHeaders: Record<string, string>;
let adminHeaders: Record<string, string>;
const routes: [string, string][] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  member = await createMember(ctx);
  agentHeaders = (await staffWithToken(ctx)).headers;
  adminHeaders = (await staffWithToken(ctx, { role: 'admin' })).headers;
  const seen = new Set<string>();
  for (const r of ctx.app.routes) {
    if (r.method === 'ALL' || r.path.endsWith('*')) continue;
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    routes.push([r.method, r.path]);
  }
});
afterAll(() => ctx?.close());

async function status(method: string, path: string, headers: Record<string, string>) {
  const body = method === 'GET' || method === 'DELETE' ? undefined : {};
  const res = await ctx.app.request(path, jsonRequest(method, body, headers));
  return res.status;
}

describe('roles over every route (docs/product.md#roles)', () => {
  it('classifies every route the app serves, and only those', () => {
    const served = routes.map(([m, p]) => `${m} ${p}`).sort();
    expect(served).toEqual(Object.keys(ACCESS).sort());
  });

  it('answers 401 without a token on every route that needs one', async () => {
    const wrong: string[] = [];
    for (const [method, pattern] of routes) {
      if (ACCESS[`${method} ${pattern}`] === 'public') continue;
      const got = await status(method, concrete(pattern, member), {});
      if (got !== 401) wrong.push(`${method} ${pattern} → ${got}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a member on staff and admin routes, an agent on admin and member routes, an admin on member routes (403)', async () => {
    const wrong: string[] = [];
    for (const [method, pattern] of routes) {
      const access = ACCESS[`${method} ${pattern}`];
      const path = concrete(pattern, member);
      const refused: [string, Record<string, string>][] = [];
      if (access === 'staff' || access === 'admin') refused.push(['member', member.headers]);
      if (access === 'admin' || access === 'member') refused.push(['agent', agentHeaders]);
      if (access === 'member') refused.push(['admin', adminHeaders]);
      for (const [who, headers] of refused) {
        const got = await status(method, path, headers);
        if (got !== 403) wrong.push(`${who}: ${method} ${pattern} → ${got}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lets each allowed caller through the role check (never 401 or 403 for the right token)', async () => {
    const wrong: string[] = [];
    for (const [method, pattern] of routes) {
      const access = ACCESS[`${method} ${pattern}`];
      const path = concrete(pattern, member);
      const allowed: [string, Record<string, string>][] = [];
      if (access === 'member' || access === 'any') allowed.push(['member', member.headers]);
      if (access === 'staff' || access === 'any') allowed.push(['agent', agentHeaders]);
      if (access === 'admin') allowed.push(['admin', adminHeaders]);
      for (const [who, headers] of allowed) {
        // Logging out would end the session the other checks use.
        if (pattern === '/api/logout') continue;
        const got = await status(method, path, headers);
        if (got === 401 || got === 403 || got >= 500) wrong.push(`${who}: ${method} ${pattern} → ${got}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
