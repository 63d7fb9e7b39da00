import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { callApi, staffWithToken } from '../agents/test-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('GET /api/user/{id} for staff (scope COUNTRY-domain)', () => {
  it('lets an agent read a member of its scope, refuses one outside it, and lets an admin read any', async () => {
    const domain = ctx.brand.domain;
    const inScope = await createMember(ctx, { country: 'US' });
    const outOfScope = await createMember(ctx, { country: 'GB' });
    const agent = await staffWithToken(ctx, { scope: [`US-${domain}`] });
    const admin = await staffWithToken(ctx, { role: 'admin', scope: [] });

    const ok = await callApi(ctx, 'GET', `/api/user/${inScope.id}`, agent.headers);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ _id: inScope.id });

    const refused = await callApi(ctx, 'GET', `/api/user/${outOfScope.id}`, agent.headers);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'out-of-scope' } });

    const byAdmin = await callApi(ctx, 'GET', `/api/user/${outOfScope.id}`, admin.headers);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ _id: outOfScope.id });
  });

  it('answers 404 to staff for an unknown or malformed id', async () => {
    const agent = await staffWithToken(ctx);
    expect((await callApi(ctx, 'GET', '/api/user/00000000-0000-4000-8000-000000000000', agent.headers)).status).toBe(404);
    expect((await callApi(ctx, 'GET', '/api/user/not-a-uuid', agent.headers)).status).toBe(404);
  });
});
