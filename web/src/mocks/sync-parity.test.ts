import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryTarget } from '@sync/engine/memory-target';
import type { PullResponse, PushResponse } from '@sync/engine/mutations';
import { pullState } from '@sync/engine/pull-all';
import { play, randomSteps, runScenario, scenarios, type SyncTarget } from '@sync/engine/scenarios';
import { messagingMock } from './handlers/messaging';
import { mockProfileId } from './profiles-data';
import { makeToken } from './tokens';

/**
 * The mock's /api/sync/push and /api/sync/pull, through msw, as a scenario target: the table the in-memory
 * model and the shipped API pass (sync/src/engine/scenarios.ts) must pass here too, so testers' mode never
 * answers a push differently from the server.
 */
function mockTarget(): SyncTarget {
  let members = 0;
  return {
    profiles: [mockProfileId(1), mockProfileId(2)],
    newId: () => crypto.randomUUID(),
    async newMember(credits, options) {
      const userId = `parity-${++members}-${crypto.randomUUID()}`;
      await messagingMock.setCredits(userId, credits);
      if (options?.ageGate) messagingMock.gateAge(userId);
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${makeToken({ _id: userId })}` };
      const call = async <T>(path: string, body: unknown, method = 'POST'): Promise<T> => {
        const res = await fetch(`http://localhost${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
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
}

afterAll(() => messagingMock.reset());

describe('sync scenarios on the mock handlers (testers’ mode)', () => {
  const target = mockTarget();
  for (const scenario of scenarios) {
    it(scenario.name, async () => {
      expect(await runScenario(target, scenario)).toEqual([]);
    });
  }

  it('random interleavings of two devices answer as the in-memory model does', async () => {
    const mock = mockTarget();
    const memory = memoryTarget(mock.profiles);
    const draw = fc.record({ device: fc.constantFrom(0 as const, 1 as const), start: fc.integer({ min: 1, max: 8 }), count: fc.integer({ min: 1, max: 4 }) });
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 6 }), fc.array(draw, { minLength: 1, maxLength: 8 }), async (credits, draws) => {
        const steps = randomSteps(draws);
        expect(await play(mock, credits, steps)).toEqual(await play(memory, credits, steps));
      }),
      { numRuns: 30 },
    );
  });
});
