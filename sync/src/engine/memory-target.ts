import { MemoryServer } from './memory-server.js';
import { pullState } from './pull-all.js';
import type { SyncTarget } from './scenarios.js';

/** The in-memory model as a scenario target (scenarios.ts), with the given fictive profiles. */
export function memoryTarget(profiles: readonly string[] = [crypto.randomUUID(), crypto.randomUUID()]): SyncTarget {
  const server = new MemoryServer();
  server.windowed = true;
  let members = 0;
  return {
    profiles,
    newId: () => crypto.randomUUID(),
    async newMember(credits, options) {
      const userId = `member-${++members}`;
      await server.grantCredits(userId, credits);
      if (options?.ageGate) server.gateAge(userId);
      return {
        push: (clientId, mutations) => server.push(userId, { clientId, mutations }),
        block: (profileId, blocked) => (blocked ? server.block(userId, profileId) : server.unblock(userId, profileId)),
        state: (clientId) => pullState((req) => server.pull(userId, req), clientId),
      };
    },
  };
}
