import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localConversationId } from './keys.js';
import { MemoryServer } from './memory-server.js';
import { Replica } from './replica.js';

const USER = 'u1';
const PROFILE = '11111111-1111-4111-8111-111111111111';
let n = 0;
const uuid = () => `00000000-0000-4000-8000-${(++n).toString(16).padStart(12, '0')}`;
const replica = (id: string) => new Replica(id, { now: Date.UTC(2026, 0, 15, 12), newId: uuid });
const send = (text: string) => ({ conversationId: 'blank', profileId: PROFILE, messageId: uuid(), messageType: 'text', message: text });

/** Pulls page after page until the server says there is no more; answers how many requests it took. */
async function pullAll(r: Replica, server: MemoryServer): Promise<number> {
  let pages = 0;
  for (;;) {
    const page = await server.pull(USER, { clientId: r.clientId, cursor: r.cursor });
    await r.onPull(page);
    pages += 1;
    if (!page.more) return pages;
  }
}

describe('paged pull', () => {
  it('a first pull larger than a page arrives in pages with `more`, and ends equal to the server', async () => {
    const server = new MemoryServer();
    await server.grantCredits(USER, 20);
    const writer = replica('client-writer');
    await pullAll(writer, server);
    for (let i = 0; i < 9; i++) await writer.mutate('sendMessage', send(`m${i}`));
    expect(writer.pending).toHaveLength(9);
    await server.push(USER, writer.pushRequest());

    server.pullLimit = 4;
    const fresh = replica('client-fresh');
    const first = await server.pull(USER, { clientId: fresh.clientId, cursor: 0 });
    expect(first.more).toBe(true);
    expect(first.patch[0]).toEqual({ op: 'clear' });
    expect(first.patch).toHaveLength(1 + 4);
    await fresh.onPull(first);
    const pages = 1 + (await pullAll(fresh, server));
    // 9 messages, 1 conversation and the credits: 11 changes, 4 a page.
    expect(pages).toBe(3);
    expect(fresh.confirmed.snapshot()).toEqual(server.state(USER));
  });

  it('pending writes are not dropped on a page that is not the last', async () => {
    const server = new MemoryServer();
    await server.grantCredits(USER, 10);
    const r = replica('client-aaaaaa');
    await r.onPull(await server.pull(USER, { clientId: r.clientId, cursor: 0 }));
    for (let i = 0; i < 5; i++) await r.mutate('sendMessage', send(`m${i}`));
    // The server applies them but the answer is lost; then the device pulls in small pages.
    await server.push(USER, r.pushRequest());
    server.pullLimit = 2;
    const page = await server.pull(USER, { clientId: r.clientId, cursor: r.cursor });
    expect(page.more).toBe(true);
    await r.onPull(page);
    expect(r.pending).toHaveLength(5);
    // What the member sees never loses a message between pages.
    const view = (await r.view()).snapshot();
    expect(Object.keys(view).filter((k) => k.startsWith('message/'))).toHaveLength(5);
    await pullAll(r, server);
    expect(r.pending).toEqual([]);
    expect(r.confirmed.snapshot()).toEqual(server.state(USER));
  });

  it('any page size converges to the same state as one big pull (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 5 }), fc.array(fc.constantFrom('send', 'archive', 'restore', 'reply', 'pull'), { minLength: 1, maxLength: 30 }), async (limit, ops) => {
        const server = new MemoryServer();
        await server.grantCredits(USER, 50);
        const writer = replica('client-writer');
        const reader = replica('client-reader');
        server.pullLimit = limit;
        await pullAll(writer, server);
        for (const op of ops) {
          if (op === 'send') await writer.mutate('sendMessage', send('hi'));
          if (op === 'archive') await writer.mutate('archiveConversation', { conversationId: localConversationId(PROFILE) });
          if (op === 'restore') await writer.mutate('restoreConversation', { conversationId: localConversationId(PROFILE) });
          if (op === 'reply') {
            const conv = Object.values(server.state(USER)).find((v) => (v as { profileId?: string }).profileId === PROFILE) as { _id: string } | undefined;
            if (conv) await server.profileReply(USER, conv._id, 'hey');
          }
          if (op === 'pull') {
            await server.push(USER, writer.pushRequest());
            await pullAll(writer, server);
            await pullAll(reader, server);
          }
        }
        await server.push(USER, writer.pushRequest());
        await pullAll(writer, server);
        await pullAll(reader, server);
        expect(reader.confirmed.snapshot()).toEqual(server.state(USER));
        expect(writer.confirmed.snapshot()).toEqual(server.state(USER));
        expect(writer.pending).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });
});
