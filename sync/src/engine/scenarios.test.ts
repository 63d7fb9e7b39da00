import { describe, expect, it } from 'vitest';
import { MemoryServer } from './memory-server.js';
import { memoryTarget } from './memory-target.js';
import type { PullResponse } from './mutations.js';
import { HISTORY_WINDOW, windowChecksum } from './window.js';
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

describe('windowed first sync on the in-memory server', () => {
  it('page 1 holds the conversations and their latest message, the pages after it the rest of each window; the checksums of the last page match the device', async () => {
    const server = new MemoryServer();
    server.windowed = true;
    server.pullLimit = 20;
    await server.grantCredits('u', 100);
    const profiles = [crypto.randomUUID(), crypto.randomUUID()];
    const clientId = 'device-one';
    const sends = Array.from({ length: 63 }, (_, i) => ({
      clientId,
      mutationId: i + 1,
      name: 'sendMessage',
      args: { conversationId: 'blank', profileId: profiles[i < 60 ? 0 : 1]!, messageId: crypto.randomUUID(), messageType: 'text', message: `m${i}` },
    }));
    for (const [i, m] of sends.entries()) {
      server.now += 1000 * (i % 2);
      await server.push('u', { clientId, mutations: [m] });
    }
    const pages: PullResponse[] = [];
    let page = await server.pull('u', { clientId, cursor: 0 });
    pages.push(page);
    while (page.more) {
      page = await server.pull('u', { clientId, cursor: page.cursor, ...(page.snapshot ? { snapshot: page.snapshot } : {}) });
      pages.push(page);
    }
    expect(pages[0]!.patch.filter((op) => op.op === 'put' && op.key.startsWith('message/'))).toHaveLength(2);
    // Whole conversations: one window is never split, even past the page size.
    expect(pages).toHaveLength(3);
    const state = new Map<string, unknown>();
    for (const p of pages) for (const op of p.patch) if (op.op === 'put') state.set(op.key, op.value);
    const messages = [...state.entries()].filter(([k]) => k.startsWith('message/')).map(([, v]) => v as { conversationId: string; date: string; _id: string });
    expect(messages).toHaveLength(HISTORY_WINDOW + 3);
    const server50 = new Map(Object.entries(server.state('u')));
    for (const c of page.checksums ?? []) {
      const held = messages.filter((m) => m.conversationId === c.conversationId);
      expect(windowChecksum(c.conversationId, held)).toEqual(c);
      const all = [...server50.entries()].filter(([k]) => k.startsWith(`message/${c.conversationId}/`)).map(([, v]) => v as { date: string; _id: string });
      expect(windowChecksum(c.conversationId, all)).toEqual(c);
    }
    expect(page.checksums!.length).toBeGreaterThan(0);
  });
});
