import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryServer } from '@sync/engine/memory-server';
import type { MutationArgs } from '@sync/engine/mutations';
import { LocalDatabase } from '@web/local/db';
import { SyncClient, type SyncTransport } from './sync-client';
import { tabLockName, type TabLocks } from './tab-presence';
import { holdSend, recoverUnsavedSends, releaseSend, unsavedSends } from './unsaved-sends';

const USER = 'member-1';
const PROFILE = '6f1c2a3b-0000-4000-8000-000000000001';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const sendArgs = (n: number, message: string): MutationArgs<'sendMessage'> => ({
  conversationId: 'blank',
  profileId: PROFILE,
  messageId: uuid(n),
  messageType: 'text',
  message,
});

/** Web Locks as the browser answers them: the tabs named here hold their lock. */
const locksHeldBy = (...tabIds: string[]): TabLocks => ({
  request: () => new Promise(() => undefined),
  query: async () => ({ held: tabIds.map((id) => ({ name: tabLockName(id) })) }),
});

let count = 0;

describe('sends drawn but not yet written (the unsaved-sends journal)', () => {
  let db: LocalDatabase;
  let server: MemoryServer;
  let client: SyncClient;

  beforeEach(async () => {
    localStorage.clear();
    db = new LocalDatabase(`amora-unsaved-${++count}`);
    server = new MemoryServer();
    await server.grantCredits(USER, 5);
    const transport: SyncTransport = { push: (request) => server.push(USER, request), pull: (request) => server.pull(USER, request) };
    client = new SyncClient({ db, transport });
    await client.pull();
  });
  afterEach(async () => {
    db.close();
    await db.delete();
  });

  it('holds a send until its write has ended, one entry per send, under its own account only', () => {
    holdSend(db.name, { tabId: 'tab-a', at: 1, args: sendArgs(1, 'one') });
    holdSend(db.name, { tabId: 'tab-a', at: 2, args: sendArgs(2, 'two') });
    holdSend('amora-someone-else', { tabId: 'tab-b', at: 3, args: sendArgs(3, 'theirs') });
    expect(unsavedSends(db.name).map((entry) => entry.args.message)).toEqual(['one', 'two']);
    releaseSend(db.name, uuid(1));
    expect(unsavedSends(db.name).map((entry) => entry.args.message)).toEqual(['two']);
    expect(unsavedSends('amora-someone-else').map((entry) => entry.args.message)).toEqual(['theirs']);
  });

  it('queues again, once, a closed tab’s send the device never wrote, and pushes it like any other', async () => {
    holdSend(db.name, { tabId: 'closed-tab', at: Date.now(), args: sendArgs(1, 'typed, then the app closed') });
    const mutate = (args: MutationArgs<'sendMessage'>) => client.mutate('sendMessage', args);
    expect(await recoverUnsavedSends(db, mutate, locksHeldBy('this-tab'))).toBe(1);
    expect(unsavedSends(db.name)).toEqual([]);
    expect((await db.outbox.toArray()).map((row) => (row.args as { message: string }).message)).toEqual(['typed, then the app closed']);
    // A second start finds nothing left to recover.
    expect(await recoverUnsavedSends(db, mutate, locksHeldBy('this-tab'))).toBe(0);
    await client.flush();
    expect(server.accepted).toEqual([{ userId: USER, messageId: uuid(1) }]);
  });

  it('leaves the send of a tab still open alone, and drops an entry whose send the device already holds', async () => {
    const mutate = (args: MutationArgs<'sendMessage'>) => client.mutate('sendMessage', args);
    holdSend(db.name, { tabId: 'open-tab', at: Date.now(), args: sendArgs(1, 'still being written') });
    await client.mutate('sendMessage', sendArgs(2, 'written'));
    holdSend(db.name, { tabId: 'closed-tab', at: Date.now(), args: sendArgs(2, 'written') });
    expect(await recoverUnsavedSends(db, mutate, locksHeldBy('open-tab'))).toBe(0);
    expect(unsavedSends(db.name).map((entry) => entry.tabId)).toEqual(['open-tab']);
    expect(await db.outbox.count()).toBe(1);
  });

  it('without Web Locks to ask, takes a send as abandoned only once it is a minute old', async () => {
    const mutate = (args: MutationArgs<'sendMessage'>) => client.mutate('sendMessage', args);
    const now = Date.now();
    holdSend(db.name, { tabId: 'unknown-tab', at: now - 5_000, args: sendArgs(1, 'recent') });
    holdSend(db.name, { tabId: 'unknown-tab', at: now - 120_000, args: sendArgs(2, 'old') });
    expect(await recoverUnsavedSends(db, mutate, null, now)).toBe(1);
    expect(unsavedSends(db.name).map((entry) => entry.args.message)).toEqual(['recent']);
  });
});
