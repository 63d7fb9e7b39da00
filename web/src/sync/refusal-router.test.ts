import { afterEach, describe, expect, it } from 'vitest';
import { MemoryServer } from '@sync/engine/memory-server';
import type { MutationErrorBody } from '@sync/engine/mutations';
import { LocalDatabase } from '@web/local/db';
import { createRefusalRouter, type RefusalMessage } from './refusal-router';
import { tabLockName, type TabLocks } from './tab-presence';
import { SyncClient, type SyncTransport } from './sync-client';

const USER = 'member-1';
const PROFILE = '6f1c2a3b-0000-4000-8000-000000000001';

/** Two tabs on one BroadcastChannel (a message reaches every tab but the sender) and the locks they hold. */
function tabs(openTabs: string[]) {
  const heard: Record<string, MutationErrorBody[]> = {};
  const held = new Set(openTabs.map(tabLockName));
  const locks: TabLocks = {
    request: () => Promise.resolve(),
    query: async () => ({ held: [...held].map((name) => ({ name })) }),
  };
  const routers = new Map<string, ReturnType<typeof createRefusalRouter>>();
  const posted: RefusalMessage[] = [];
  for (const tabId of ['tab-a', 'tab-b', 'tab-c']) {
    heard[tabId] = [];
    routers.set(
      tabId,
      createRefusalRouter({
        tabId,
        locks,
        announce: (error) => heard[tabId]!.push(error),
        post: (message) => {
          posted.push(message);
          for (const [other, router] of routers) if (other !== tabId) router.receive(message);
        },
      }),
    );
  }
  return { heard, routers, posted, close: (tabId: string) => held.delete(tabLockName(tabId)) };
}

const NO_CREDITS = { code: 'no-credits', message: 'You have no credits' };
const row = (tabId?: string) => ({ mutationId: 7, clientId: 'c', name: 'sendMessage', args: {}, createdAt: 0, profileId: 'p', status: 'failed' as const, ...(tabId ? { tabId } : {}) });

describe('refusals are told in the tab that queued the write', () => {
  it('the leader (tab A) sends a refusal of tab B’s write to B, and only B tells the member', async () => {
    const { heard, routers } = tabs(['tab-a', 'tab-b', 'tab-c']);
    await routers.get('tab-a')!.route(row('tab-b'), NO_CREDITS);
    expect(heard).toEqual({ 'tab-a': [], 'tab-b': [NO_CREDITS], 'tab-c': [] });
  });

  it('the leader tells its own writes, and writes without a tab, itself', async () => {
    const { heard, routers, posted } = tabs(['tab-a', 'tab-b']);
    await routers.get('tab-a')!.route(row('tab-a'), NO_CREDITS);
    await routers.get('tab-a')!.route(row(), NO_CREDITS);
    expect(heard['tab-a']).toHaveLength(2);
    expect(heard['tab-b']).toEqual([]);
    expect(posted).toEqual([]);
  });

  it('when the tab that queued it has closed, the leader tells it (never nowhere)', async () => {
    const { heard, routers, close } = tabs(['tab-a', 'tab-b']);
    close('tab-b');
    await routers.get('tab-a')!.route(row('tab-b'), NO_CREDITS);
    expect(heard['tab-a']).toEqual([NO_CREDITS]);
    expect(heard['tab-b']).toEqual([]);
  });

  it('ignores other channel traffic', () => {
    const { routers, heard } = tabs(['tab-a']);
    expect(routers.get('tab-a')!.receive({ type: 'flush' })).toBe(false);
    expect(routers.get('tab-a')!.receive({ type: 'refused', tabId: 'tab-a' })).toBe(false);
    expect(heard['tab-a']).toEqual([]);
  });
});

describe('through the outbox', () => {
  let db: LocalDatabase;
  afterEach(async () => {
    db.close();
    await db.delete();
  });

  it('a send queued in follower tab B and refused on the leader’s push is told in B', async () => {
    db = new LocalDatabase(`refusal-${Date.now()}`);
    const server = new MemoryServer();
    await server.grantCredits(USER, 1);
    const transport: SyncTransport = { push: (r) => server.push(USER, r), pull: (r) => server.pull(USER, r) };
    const { heard, routers } = tabs(['tab-a', 'tab-b']);
    const leader = new SyncClient({ db, transport, tabId: 'tab-a', onRefused: (r, e) => void routers.get('tab-a')!.route(r, e) });
    const follower = new SyncClient({ db, transport, tabId: 'tab-b' });
    await leader.pull();

    // The credit goes elsewhere before the leader pushes (another device), so the server refuses.
    await server.push(USER, {
      clientId: 'other-device',
      mutations: [{ clientId: 'other-device', mutationId: 1, name: 'sendMessage', args: { conversationId: 'blank', profileId: PROFILE, messageId: crypto.randomUUID(), messageType: 'text', message: 'elsewhere' } }],
    });
    expect(await follower.mutate('sendMessage', { conversationId: 'blank', profileId: PROFILE, messageId: crypto.randomUUID(), messageType: 'text', message: 'from B' })).toMatchObject({ ok: true });
    expect((await db.outbox.toArray())[0]).toMatchObject({ tabId: 'tab-b' });
    await leader.flush();
    await expect.poll(() => heard['tab-b']).toEqual([expect.objectContaining({ code: 'no-credits' })]);
    expect(heard['tab-a']).toEqual([]);
    leader.stop();
    follower.stop();
  });
});
