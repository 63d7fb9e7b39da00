import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryTarget } from '@sync/engine/memory-target';
import type { PullResponse, PushResponse } from '@sync/engine/mutations';
import { pullState } from '@sync/engine/pull-all';
import { play, randomSteps, runScenario, scenarios, type SyncTarget } from '@sync/engine/scenarios';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { createFictive } from '../../test/fixtures.js';
import { createTestContext, jsonRequest, type TestContext } from '../../test/harness.js';
import { createMemberWithCredits, expectLedgerBalanced } from '../credits/test-helpers.js';

let ctx: TestContext;
let api: SyncTarget;
const members: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const profiles = [(await createFictive(ctx, { imageCount: 0 })).id, (await createFictive(ctx, { imageCount: 0 })).id];
  api = {
    profiles,
    newId: randomUUID,
    async newMember(credits, options) {
      const m = await createMemberWithCredits(ctx, credits);
      members.push(m.id);
      // The age gate as a member meets it: verification applies to them and they have not passed it.
      if (options?.ageGate) await ctx.deps.db.update(users).set({ ageVerificationApplicable: true }).where(eq(users.id, m.id));
      const call = async <T>(path: string, body: unknown, method = 'POST'): Promise<T> => {
        const res = await ctx.app.request(path, jsonRequest(method, body, m.headers));
        expect(res.status, path).toBe(200);
        return (await res.json()) as T;
      };
      return {
        push: (clientId, mutations) => call<PushResponse>('/api/sync/push', { clientId, mutations }),
        block: async (profileId, blocked) => void (await call(`/api/profile/${profileId}/block`, undefined, blocked ? 'POST' : 'DELETE')),
        state: (clientId) => pullState((req) => call<PullResponse>('/api/sync/pull', req), clientId),
      };
    },
  };
});
afterAll(() => ctx?.close());

describe('sync scenarios on the shipped /api/sync/push and /api/sync/pull (PGlite)', () => {
  for (const scenario of scenarios) {
    it(scenario.name, async () => {
      expect(await runScenario(api, scenario)).toEqual([]);
      await expectLedgerBalanced(ctx.deps.db, ...members.splice(0));
    });
  }
});

describe('random interleavings of two devices', () => {
  it('the API answers every push as the in-memory model does, and ends in the same state with a balanced ledger', async () => {
    const memory = memoryTarget(api.profiles);
    const draw = fc.record({ device: fc.constantFrom(0 as const, 1 as const), start: fc.integer({ min: 1, max: 8 }), count: fc.integer({ min: 1, max: 4 }) });
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 6 }), fc.array(draw, { minLength: 1, maxLength: 8 }), async (credits, draws) => {
        const steps = randomSteps(draws);
        const [onApi, inMemory] = [await play(api, credits, steps), await play(memory, credits, steps)];
        expect(onApi).toEqual(inMemory);
        expect(onApi.state.credits as number).toBeGreaterThanOrEqual(0);
        await expectLedgerBalanced(ctx.deps.db, ...members.splice(0));
      }),
      { numRuns: 30 },
    );
  });
});
