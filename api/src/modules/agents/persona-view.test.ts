import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentConversation, claimWrapper } from '@sync/contract/agents';
import { agentClaims, conversations, profiles, users } from '../../db/schema/index.js';
import { createFictive } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { callApi, goOnline, staffWithToken, stockConversations } from './test-helpers.js';

/**
 * The persona panel (issue 16) reads everything from the conversation view the claim answers: the fictive
 * profile's facts and the member's interests, looking-for and timezone, with no second fetch.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('the conversation view carries the persona and the member context', () => {
  it('in the claim answer and in GET /api/conversation/:id alike', async () => {
    await ctx.deps.db.update(agentClaims).set({ endDate: ctx.clock.now(), outcome: 'released' }).where(isNull(agentClaims.endDate));
    await ctx.deps.db.update(conversations).set({ stock: null, stockDate: null, claimAgentId: null, claimDate: null, claimExpiryDate: null });
    const fictive = await createFictive(ctx, {
      bodyType: 'curvy',
      hairColor: 'red',
      eyeColor: 'green',
      heightCm: 171,
      relationshipStatus: 'single',
      ethnicity: 'other',
      lookingForTags: ['sailing', 'jazz'],
      lookingForAgeMin: 30,
      lookingForAgeMax: 45,
      aboutMe: 'Sea air and saxophones.',
    });
    const [stocked] = await stockConversations(ctx, fictive.id, 1);
    const conv = (await ctx.deps.db.select().from(conversations).where(eq(conversations.id, stocked!.id)))[0]!;
    await ctx.deps.db.update(users).set({ timezone: 'Europe/Berlin', lookingFor: 'woman' }).where(eq(users.id, conv.userId));
    await ctx.deps.db.insert(profiles).values({
      kind: 'member',
      userId: conv.userId,
      brandId: ctx.brand.id,
      username: 'member_side',
      gender: 'man',
      birthDate: '1988-02-03',
      lookingForTags: ['hiking', 'board games'],
      lookingForAgeMin: 25,
      lookingForAgeMax: 35,
    });

    const agent = await staffWithToken(ctx);
    await goOnline(ctx, agent.headers);
    const claim = await callApi(ctx, 'GET', '/api/claim', agent.headers);
    expect(claim.status).toBe(200);
    const wrapper = claimWrapper.parse(claim.body);
    expect(wrapper.conversation._id).toBe(stocked!.id);
    const fetched = await callApi(ctx, 'GET', `/api/conversation/${stocked!.id}`, agent.headers);
    const view = agentConversation.parse(fetched.body);

    for (const c of [wrapper.conversation, view]) {
      expect(c.profile).toMatchObject({
        bodyType: 'curvy',
        hairColor: 'red',
        eyeColor: 'green',
        height: 171,
        relationshipStatus: 'single',
        ethnicity: 'other',
        lookingFor: ['sailing', 'jazz'],
        lookingForAgeMin: 30,
        lookingForAgeMax: 45,
        aboutMe: 'Sea air and saxophones.',
      });
      expect(c.user).toMatchObject({
        lookingFor: ['hiking', 'board games'],
        lookingForGender: 'woman',
        lookingForAgeMin: 25,
        lookingForAgeMax: 35,
        timezone: 'Europe/Berlin',
      });
    }
  });

  it('a member without a profile row: empty interests, no age range, the account timezone', async () => {
    const fictive = await createFictive(ctx);
    const [stocked] = await stockConversations(ctx, fictive.id, 1);
    const admin = await staffWithToken(ctx, { role: 'admin' });
    const view = agentConversation.parse((await callApi(ctx, 'GET', `/api/conversation/${stocked!.id}`, admin.headers)).body);
    expect(view.user).toMatchObject({ lookingFor: [], lookingForAgeMin: null, lookingForAgeMax: null, timezone: 'UTC' });
    expect(view.profile).toMatchObject({ bodyType: null, height: null, relationshipStatus: null, lookingFor: [] });
  });
});
