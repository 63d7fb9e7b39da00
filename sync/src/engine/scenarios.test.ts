import { describe, expect, it } from 'vitest';
import { memoryTarget } from './memory-target.js';
import { runScenario, scenarios } from './scenarios.js';

/** The shipped API runs the same table in api/src/modules/sync/scenarios.test.ts. */
describe('sync scenarios on the in-memory server', () => {
  const target = memoryTarget();
  for (const scenario of scenarios) {
    it(scenario.name, async () => {
      expect(await runScenario(target, scenario)).toEqual([]);
    });
  }
});
