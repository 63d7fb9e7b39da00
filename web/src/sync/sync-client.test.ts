import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryServer } from '@sync/engine/memory-server';
import { MAX_MUTATIONS_PER_PUSH, type MutationErrorBody, type PullResponse } from '@sync/engine/mutations';
import { LocalDatabase, type OutboxRow } from '@web/local/db';
import { ApiError } from '@web/lib/http';
import { backoffDelay } from './backoff';
import { electLeader, type LockManagerLike } from './leader';
import { SHOWN_CREDITS_KEY } from './view';
import { DIVERGENCES_KEY, SyncClient, type SyncTransport } from './sync-client';
import { windowChecksum } from '@sync/engine/window';
import type { MessageRecord } from '@sync/contract/messaging';

const USER = 'member-1';
const PROFILE = '6f1c2a3b-0000-4000-8000-000000000001';
let dbCount = 0;

function uuid(n: number) {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

/** The in-memory server model behind a transport that can be cut (network down) or answer 5xx. */
function harness(server = new MemoryServer()) {
  const calls: { kind: 'push' | 'pull'; ids?: number[] }[] = [];
  const fault = { down: 0, status: 0 };
  const transport: SyncTransport = {
    async push(request) {
      calls.push({ kind: 'push', ids: request.mutations.map((m) => m.mutationId) });
      if (fault.down > 0) {
        fault.down -= 1;
        throw fault.status ? new ApiError(fault.status, 'http', 'down') : new TypeError('Failed to fetch');
      }
      return server.push(USER, request);
    },
    async pull(request) {
      calls.push({ kind: 'pull' });
      if (fault.down > 0) throw new TypeError('Failed to fetch');
      return server.pull(USER, request);
    },
  };
  return { server, transport, calls, fault };
}

function newDb(name: string) {
  return new LocalDatabase(name);
}

async function shown(db: LocalDatabase) {
  return (await db.meta.get(SHOWN_CREDITS_KEY))?.value;
}

async function messages(db: LocalDatabase) {
  const rows = await db.messages.toArray();
  return rows.sort((a, b) => (a.date < b.date ? -1 : 1)).map((m) => ({ text: m.message, status: m.status }));
}

describe('SyncClient (outbox over Dexie)', () => {
  let dbName: string;
  let db: LocalDatabase;
  let now: number;

  beforeEach(() => {
    dbName = `sync-test-${++dbCount}`;
    db = newDb(dbName);
    now = Date.UTC(2026, 0, 15, 12);
  });
  afterEach(async () => {
    vi.useRealTimers();
    db.close();
    await db.delete();
  });

  const client = (transport: SyncTransport, extra: Partial<ConstructorParameters<typeof SyncClient>[0]> = {}) =>
    new SyncClient({ db, transport, now: () => (now += 1000), random: () => 0.5, ...extra });

  const send = (c: SyncClient, text: string, n: number) =>
    c.mutate('sendMessage', { conversationId: 'blank', profileId: PROFILE, messageId: uuid(n), messageType: 'text', message: text });

  it('keeps a stable clientId per install and counts mutation ids up', async () => {
    const { server, transport } = harness();
    await server.grantCredits(USER, 5);
    const c = client(transport);
    await c.pull();
    const id = await c.clientId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(await client(transport).clientId()).toBe(id);
    const a = await send(c, 'one', 1);
    const b = await send(c, 'two', 2);
    expect(a).toMatchObject({ ok: true, mutationId: 1 });
    expect(b).toMatchObject({ ok: true, mutationId: 2 });
  });

  it('applies a send at once: pending message, shown credits = server − pending charges', async () => {
    const { server, transport } = harness();
    await server.grantCredits(USER, 3);
    const c = client(transport);
    await c.pull();
    expect(await shown(db)).toBe(3);
    await send(c, 'hello', 1);
    expect(await shown(db)).toBe(2);
    expect(await messages(db)).toEqual([{ text: 'hello', status: 'pending' }]);
    const [conversation] = await db.conversations.toArray();
    expect(conversation).toMatchObject({ _id: `local-${PROFILE}`, type: 'conversations', lastMessage: { message: 'hello', status: 'pending' } });
    // Nothing reached the server yet.
    expect(server.accepted).toEqual([]);
  });

  it('tells onSend of a validated send before writing it, at the time its row carries; never of one it refuses', async () => {
    const { server, transport } = harness();
    await server.grantCredits(USER, 3);
    const told: { messageId: string; at: number }[] = [];
    const c = client(transport, { onSend: (args, at) => told.push({ messageId: args.messageId, at }) });
    await c.pull();
    expect(await c.mutate('sendMessage', { conversationId: 'blank', profileId: PROFILE, messageId: uuid(2), messageType: 'text', message: 'bad \u0000' })).toMatchObject({ ok: false });
    expect(told).toEqual([]);
    await send(c, 'hello', 1);
    const [row] = await db.outbox.toArray();
    expect(told).toEqual([{ messageId: uuid(1), at: row!.createdAt }]);
  });

  it('refuses on the device with 0 credits and empty text does nothing', async () => {
    const { server, transport } = harness();
    await server.grantCredits(USER, 0);
    const c = client(transport);
    await c.pull();
    expect(await send(c, 'hi', 1)).toEqual({ ok: false, error: expect.objectContaining({ code: 'no-credits' }) });
    await server.grantCredits(USER, 1);
    await c.pull();
    expect(await send(c, '   ', 2)).toMatchObject({ ok: true, result: { skipped: 'empty' } });
    expect(await db.outbox.count()).toBe(0);
  });

  it('pushes in order, retries network and 5xx failures with growing backoff, then confirms on pull', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { server, transport, calls, fault } = harness();
    await server.grantCredits(USER, 5);
    const c = client(transport);
    await c.pull();
    for (const [i, text] of ['first', 'second', 'third'].entries()) await send(c, text, i + 1);

    fault.down = 2;
    fault.status = 503;
    await c.flush();
    expect(c.retryScheduled).toBe(true);
    expect(calls.filter((x) => x.kind === 'push')).toHaveLength(1);

    // First retry after 0.5 * 1 s + 0.5 * 0.5 s (equal jitter), the next one after twice that.
    await vi.advanceTimersByTimeAsync(backoffDelay(0, () => 0.5) - 1);
    expect(calls.filter((x) => x.kind === 'push')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(calls.filter((x) => x.kind === 'push')).toHaveLength(2));
    await vi.advanceTimersByTimeAsync(backoffDelay(1, () => 0.5));
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));

    const pushes = calls.filter((x) => x.kind === 'push');
    expect(pushes.at(-1)?.ids).toEqual([1, 2, 3]);
    expect(server.accepted.map((m) => m.messageId)).toEqual([uuid(1), uuid(2), uuid(3)]);
    expect(await messages(db)).toEqual([
      { text: 'first', status: 'sent' },
      { text: 'second', status: 'sent' },
      { text: 'third', status: 'sent' },
    ]);
    expect(await shown(db)).toBe(2);
    const conversations = await db.conversations.toArray();
    expect(conversations).toHaveLength(1);
    expect(conversations[0]?._id).not.toMatch(/^local-/);
  });

  it('a queue longer than a push goes in batches, in order; a batch answered short is pushed again from where the answer stopped', async () => {
    const { server, transport, calls } = harness();
    const total = MAX_MUTATIONS_PER_PUSH * 2 + 1;
    await server.grantCredits(USER, total);
    const queuing = client(transport);
    await queuing.pull();
    // Queued as mutate() queues them, to twenty profiles (one at a time here would only make the test slow).
    const profileOf = (i: number) => `6f1c2a3b-0000-4000-8000-${String((i % 20) + 1).padStart(12, '0')}`;
    const clientId = await queuing.clientId();
    queuing.stop();
    await db.outbox.bulkAdd(
      Array.from({ length: total }, (_, i): OutboxRow => ({
        mutationId: i + 1,
        clientId,
        name: 'sendMessage',
        args: { conversationId: 'blank', profileId: profileOf(i), messageId: uuid(i + 1), messageType: 'text', message: `queued ${i + 1}` },
        createdAt: now,
        profileId: profileOf(i),
        status: 'pending',
      })),
    );

    // Back online: the first answer loses its tail, although the server applied the whole batch.
    let shortAnswers = 1;
    const online = client({
      ...transport,
      async push(request) {
        const response = await transport.push(request);
        return shortAnswers-- > 0 ? { ...response, results: response.results.slice(0, 300) } : response;
      },
    });
    await online.flush();
    const pushes = calls.filter((x) => x.kind === 'push').map((x) => [x.ids![0], x.ids!.at(-1)]);
    expect(pushes).toEqual([
      [1, MAX_MUTATIONS_PER_PUSH],
      [301, 300 + MAX_MUTATIONS_PER_PUSH],
      [301 + MAX_MUTATIONS_PER_PUSH, total],
    ]);
    expect(server.accepted.map((m) => m.messageId)).toEqual(Array.from({ length: total }, (_, i) => uuid(i + 1)));
    expect(await db.outbox.count()).toBe(0);
    expect(await db.messages.where('status').equals('sent').count()).toBe(total);
    expect(await shown(db)).toBe(0);
  });

  it('a refused send stays visible as failed, its credit comes back, Retry and Discard work', async () => {
    const { server, transport } = harness();
    await server.grantCredits(USER, 1);
    const refused: MutationErrorBody[] = [];
    const c = client(transport, { onRefused: (_row: OutboxRow, error) => refused.push(error) });
    await c.pull();
    await send(c, 'will fail', 1);
    expect(await shown(db)).toBe(0);
    // Another device spends the last credit first.
    await server.push(USER, {
      clientId: 'other-device',
      mutations: [{ clientId: 'other-device', mutationId: 1, name: 'sendMessage', args: { conversationId: 'blank', profileId: PROFILE, messageId: uuid(99), messageType: 'text', message: 'elsewhere' } }],
    });
    await c.flush();
    expect(refused).toEqual([expect.objectContaining({ code: 'no-credits' })]);
    await c.pull();
    const failed = (await db.messages.toArray()).find((m) => m._id === uuid(1));
    expect(failed).toMatchObject({ status: 'failed', mutationId: 1, error: { code: 'no-credits' } });
    expect(await shown(db)).toBe(0);

    // Retry with no credits is refused on the device and stays failed.
    expect(await c.retry(1)).toMatchObject({ ok: false, error: { code: 'no-credits' } });
    expect((await db.messages.get(uuid(1)))?.status).toBe('failed');

    await server.grantCredits(USER, 2);
    await c.pull();
    expect(await shown(db)).toBe(2);
    const again = await c.retry(1);
    expect(again).toMatchObject({ ok: true, mutationId: 2 });
    expect(await shown(db)).toBe(1);
    await c.flush();
    expect((await db.messages.get(uuid(1)))?.status).toBe('sent');

    await send(c, 'to discard', 3);
    await server.grantCredits(USER, -1);
    await c.flush();
    const row = (await db.outbox.toArray()).find((r) => r.status === 'failed');
    expect(row).toBeDefined();
    await c.discard(row!.mutationId);
    expect(await db.messages.get(uuid(3))).toBeUndefined();
  });

  it('pending writes survive a reload (the database reopened) and go out in order', async () => {
    const { server, transport, fault } = harness();
    await server.grantCredits(USER, 5);
    const before = client(transport);
    await before.pull();
    fault.down = 100;
    await send(before, 'offline one', 1);
    await send(before, 'offline two', 2);
    await before.flush();
    before.stop();
    db.close();

    db = newDb(dbName);
    fault.down = 0;
    const after = client(transport);
    expect(await messages(db)).toEqual([
      { text: 'offline one', status: 'pending' },
      { text: 'offline two', status: 'pending' },
    ]);
    expect(await shown(db)).toBe(3);
    await after.pull();
    await after.flush();
    expect(server.accepted.map((m) => m.messageId)).toEqual([uuid(1), uuid(2)]);
    expect(await messages(db)).toEqual([
      { text: 'offline one', status: 'sent' },
      { text: 'offline two', status: 'sent' },
    ]);
  });

  it('a send shows sent once the server stored it; its outbox row stays until a pull reports lastMutationId >= its id', async () => {
    const { server, transport } = harness();
    await server.grantCredits(USER, 5);
    const c = client(transport);
    await c.pull();
    await send(c, 'x', 1);
    // Push answered but the pull is lost: the row stays (acked), the message shows sent (the server has it),
    // and a replay of its conversation (here: another send) does not turn it back to pending.
    const pull = vi.spyOn(transport, 'pull').mockRejectedValue(new TypeError('Failed to fetch'));
    await c.flush();
    expect(await db.outbox.get(1)).toMatchObject({ acked: true, status: 'pending' });
    expect((await db.messages.get(uuid(1)))?.status).toBe('sent');
    const refused = await c.mutate('sendMessage', { conversationId: 'blank', profileId: PROFILE, messageId: uuid(1), messageType: 'text', message: 'x' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'duplicate-message' } });
    await c.discard(1);
    expect((await db.messages.get(uuid(1)))?.status).toBe('sent');
    pull.mockRestore();
    await c.pull();
    expect(await db.outbox.count()).toBe(0);
    expect((await db.messages.get(uuid(1)))?.status).toBe('sent');
  });

  it('a send made while a long pull runs goes out at once, not after the pull', async () => {
    const { server, transport, calls } = harness();
    await server.grantCredits(USER, 5);
    const c = client(transport);
    await c.pull();
    await send(c, 'first', 1);
    // The first push's pull stalls (a first sync's fifty pages, a slow network) until released.
    let release!: () => void;
    const stalled = new Promise<void>((resolve) => (release = resolve));
    const pull = transport.pull.bind(transport);
    vi.spyOn(transport, 'pull').mockImplementation(async (request) => {
      await stalled;
      return pull(request);
    });
    const firstFlush = c.flush();
    await vi.waitFor(() => expect(calls.filter((x) => x.kind === 'push')).toHaveLength(1));
    await send(c, 'second', 2);
    const secondFlush = c.flush();
    await vi.waitFor(async () => expect((await db.messages.get(uuid(2)))?.status).toBe('sent'));
    expect(calls.filter((x) => x.kind === 'push').map((x) => x.ids)).toEqual([[1], [2]]);
    release();
    await Promise.all([firstFlush, secondFlush]);
    expect(await db.outbox.count()).toBe(0);
    expect(await messages(db)).toEqual([
      { text: 'first', status: 'sent' },
      { text: 'second', status: 'sent' },
    ]);
  });

  it('pulls a first state larger than a page in pages until the server has no more', async () => {
    const { server, transport, calls } = harness();
    await server.grantCredits(USER, 20);
    const writer = client(transport);
    await writer.pull();
    // Seven pending at once (from the sixth on, this once lost its Dexie transaction).
    for (let i = 1; i <= 7; i++) expect(await send(writer, `m${i}`, i)).toMatchObject({ ok: true, mutationId: i });
    await writer.flush();
    writer.stop();
    db.close();
    await db.delete();

    // A new install: 7 messages, their conversation and the credits, 3 changes a page.
    db = newDb(`${dbName}-fresh`);
    server.pullLimit = 3;
    const pullsBefore = calls.filter((x) => x.kind === 'pull').length;
    const fresh = client(transport);
    await fresh.pull();
    expect(calls.filter((x) => x.kind === 'pull').length - pullsBefore).toBe(3);
    expect((await messages(db)).map((m) => m.status)).toEqual(Array(7).fill('sent'));
    expect(await shown(db)).toBe(13);
    server.pullLimit = Number.POSITIVE_INFINITY;
    expect((await db.meta.get('sync:cursor'))?.value).toBe((await server.pull(USER, { clientId: 'someone-else', cursor: 0 })).cursor);
  });

  it('a page that is not the last leaves the outbox alone (its lastMutationId runs ahead of the rows so far)', async () => {
    const { server, transport } = harness();
    await server.grantCredits(USER, 10);
    const c = client(transport);
    await c.pull();
    for (let i = 1; i <= 4; i++) await send(c, `m${i}`, i);
    // The server applies the push but the answer never arrives.
    const push = vi.spyOn(transport, 'push').mockImplementationOnce(async (request) => {
      await server.push(USER, request);
      throw new TypeError('Failed to fetch');
    });
    await c.flush();
    push.mockRestore();
    c.stop();
    server.pullLimit = 2;
    await client(transport).pull();
    // Judged on the first page alone, unacked sends not yet pulled would have been called "not delivered".
    expect(await messages(db)).toEqual(['m1', 'm2', 'm3', 'm4'].map((text) => ({ text, status: 'sent' })));
    expect(await db.outbox.count()).toBe(0);
  });

  it('a replay answered `pruned` is settled by the pull: stored means sent, never charged twice', async () => {
    const { server, transport } = harness();
    await server.grantCredits(USER, 5);
    const c = client(transport);
    await c.pull();
    await send(c, 'long ago', 1);
    const push = vi.spyOn(transport, 'push').mockImplementationOnce(async (request) => {
      await server.push(USER, request);
      throw new TypeError('Failed to fetch');
    });
    await c.flush();
    push.mockRestore();
    c.stop();
    // A week later the recorded answer is gone; the device sends mutation 1 again.
    server.prune(await c.clientId());
    const later = client(transport);
    const answer = vi.spyOn(transport, 'push');
    await later.flush();
    await expect(answer.mock.results[0]!.value).resolves.toMatchObject({ results: [{ mutationId: 1, ok: true, pruned: true }] });
    await later.pull();
    expect(await messages(db)).toEqual([{ text: 'long ago', status: 'sent' }]);
    expect(server.accepted).toHaveLength(1);
    expect(await shown(db)).toBe(4);
  });

  it('keeps drafts on the device only', async () => {
    const { transport, calls } = harness();
    const c = client(transport);
    await c.mutate('saveDraft', { profileId: PROFILE, message: 'half a thought' });
    expect(await db.drafts.get(PROFILE)).toMatchObject({ message: 'half a thought' });
    await c.mutate('clearDraft', { profileId: PROFILE });
    expect(await db.drafts.get(PROFILE)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
    expect(calls).toEqual([]);
  });
});

describe('leader election', () => {
  it('leads at once without Web Locks', () => {
    const changes: boolean[] = [];
    const release = electLeader((leader) => changes.push(leader), null);
    expect(changes).toEqual([true]);
    release();
    expect(changes).toEqual([true, false]);
  });

  it('one tab leads; the next waiting tab takes over when it goes', async () => {
    // A minimal exclusive lock manager, as navigator.locks behaves for one name.
    let holder: Promise<unknown> = Promise.resolve();
    const locks: LockManagerLike = {
      request(_name, options, callback) {
        const run = holder.then(() => (options.signal?.aborted ? Promise.reject(new DOMException('aborted', 'AbortError')) : callback({})));
        holder = run.catch(() => undefined);
        return run;
      },
    };
    const tabA: boolean[] = [];
    const tabB: boolean[] = [];
    const releaseA = electLeader((l) => tabA.push(l), locks);
    electLeader((l) => tabB.push(l), locks);
    await vi.waitFor(() => expect(tabA).toEqual([true]));
    expect(tabB).toEqual([]);
    releaseA();
    await vi.waitFor(() => expect(tabB).toEqual([true]));
    expect(tabA).toEqual([true, false]);
  });
});

/** Rows Dexie hands back to the engine (gets, queries, cursors), counted through a DBCore middleware. */
function countRowsRead(db: LocalDatabase) {
  const counter = { rows: 0 };
  db.use({
    stack: 'dbcore',
    name: 'count-rows-read',
    create: (down) => ({
      ...down,
      table: (name) => {
        const table = down.table(name);
        return {
          ...table,
          // Plain .then on Dexie's own promises: an async function here would hand Dexie native promises.
          get: (req) =>
            table.get(req).then((row) => {
              if (row !== undefined) counter.rows += 1;
              return row;
            }),
          getMany: (req) =>
            table.getMany(req).then((rows) => {
              counter.rows += rows.filter((r) => r !== undefined).length;
              return rows;
            }),
          query: (req) =>
            table.query(req).then((res) => {
              counter.rows += res.result.length;
              return res;
            }),
        };
      },
    }),
  });
  return counter;
}

describe('SyncClient: the cost of a change does not grow with the history', () => {
  const profileId = (n: number) => `6f1c2a3b-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const messageId = (n: number) => uuid(1_000_000 + n);

  /** A member with `conversations` × `perConversation` messages, synced, then one send and one reply. */
  async function measure(conversations: number, perConversation: number) {
    const server = new MemoryServer();
    await server.grantCredits(USER, 10_000);
    const transport: SyncTransport = { push: (r) => server.push(USER, r), pull: (r) => server.pull(USER, r) };
    const name = `sync-cost-${++dbCount}`;
    const seedDb = newDb(`${name}-seed`);
    const seeder = new SyncClient({ db: seedDb, transport });
    await seeder.pull();
    let n = 0;
    for (let c = 0; c < conversations; c++) {
      for (let m = 0; m < perConversation; m++) {
        await seeder.mutate('sendMessage', { conversationId: 'blank', profileId: profileId(c), messageId: messageId(++n), messageType: 'text', message: `m${n}` });
      }
    }
    await seeder.flush();
    seeder.stop();
    seedDb.close();
    await seedDb.delete();

    const db = newDb(name);
    // Before the database opens: Dexie builds its stack of middlewares then.
    const counter = countRowsRead(db);
    const c = new SyncClient({ db, transport });
    await c.pull();
    expect(await db.messages.count()).toBe(conversations * perConversation);
    const [target] = await db.conversations.where('profileId').equals(profileId(0)).toArray();

    counter.rows = 0;
    await c.mutate('sendMessage', { conversationId: target!._id, profileId: profileId(0), messageId: messageId(n + 1), messageType: 'text', message: 'one more' });
    const send = counter.rows;

    counter.rows = 0;
    await c.flush();
    const confirm = counter.rows;

    counter.rows = 0;
    await server.profileReply(USER, target!._id, 'a reply');
    await c.pull();
    const reply = counter.rows;

    c.stop();
    db.close();
    await db.delete();
    return { send, confirm, reply };
  }

  it('a send, its confirmation and a reply read the same number of rows for 2 × 3 and for 12 × 20 messages', async () => {
    const small = await measure(2, 3);
    const large = await measure(12, 20);
    // Bounded by the conversation's own rows, never by the other conversations.
    expect(large.send).toBe(small.send);
    expect(large.reply).toBeLessThanOrEqual(small.reply + 20);
    expect(large.confirm).toBeLessThanOrEqual(small.confirm + 20);
    expect(large.send).toBeLessThan(10);
  }, 60_000);
});

describe('SyncClient: server truth without waiting for a pull', () => {
  let db: LocalDatabase;
  beforeEach(() => {
    db = newDb(`sync-events-${++dbCount}`);
  });
  afterEach(async () => {
    db.close();
    await db.delete();
  });

  it('shows a newMessage event at once, and the pull after it changes nothing', async () => {
    const server = new MemoryServer();
    await server.grantCredits(USER, 5);
    const transport: SyncTransport = { push: (r) => server.push(USER, r), pull: (r) => server.pull(USER, r) };
    const c = new SyncClient({ db, transport });
    await c.pull();
    await c.mutate('sendMessage', { conversationId: 'blank', profileId: PROFILE, messageId: uuid(1), messageType: 'text', message: 'hi' });
    await c.flush();
    const [conversation] = await db.conversations.toArray();
    await server.profileReply(USER, conversation!._id, 'hello back');
    const stored = Object.entries(server.state(USER)).find(([, v]) => (v as { message?: string }).message === 'hello back')![1] as MessageRecord;
    await c.applyNewMessage({
      conversation: { _id: conversation!._id, profileId: PROFILE, archived: false, unread: 1, type: 'conversations' },
      message: stored,
      profile: { _id: PROFILE, username: 'Sophie', avatar: null },
    });
    expect(await db.messages.get(stored._id)).toMatchObject({ message: 'hello back', status: 'sent' });
    expect(await db.conversations.get(conversation!._id)).toMatchObject({ unread: 1, lastMessage: { message: 'hello back' }, profile: { username: 'Sophie' } });
    const before = await db.messages.toArray();
    await c.pull();
    expect(await db.messages.toArray()).toEqual(before);
  });

  it('a checksum that differs makes the device fetch that conversation again and count the divergence', async () => {
    const server = new MemoryServer();
    await server.grantCredits(USER, 5);
    let latestCalls = 0;
    const transport: SyncTransport = {
      push: (r) => server.push(USER, r),
      pull: async (r) => {
        const res = await server.pull(USER, r);
        const conversations = Object.entries(server.state(USER)).filter(([key]) => key.startsWith('conversation/'));
        const checksums = conversations.map(([key]) => {
          const id = key.slice('conversation/'.length);
          const held = Object.entries(server.state(USER)).filter(([k]) => k.startsWith(`message/${id}/`)).map(([, v]) => v as MessageRecord);
          return windowChecksum(id, held);
        });
        return { ...res, checksums };
      },
      latest: async (conversationId) => {
        latestCalls += 1;
        return Object.entries(server.state(USER))
          .filter(([k]) => k.startsWith(`message/${conversationId}/`))
          .map(([, v]) => v as MessageRecord);
      },
    };
    const c = new SyncClient({ db, transport });
    await c.pull();
    await c.mutate('sendMessage', { conversationId: 'blank', profileId: PROFILE, messageId: uuid(1), messageType: 'text', message: 'kept' });
    await c.flush();
    expect(latestCalls).toBe(0);
    // The device loses a confirmed message (a bug, a cleared store): the next pull notices and heals it.
    const [row] = await db.kv.where('key').startsWith('message/').toArray();
    await db.kv.delete(row!.key);
    await db.messages.clear();
    const [conversation] = await db.conversations.toArray();
    await server.profileReply(USER, conversation!._id, 'touches the conversation');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await c.pull();
    warn.mockRestore();
    expect(latestCalls).toBe(1);
    expect((await db.meta.get(DIVERGENCES_KEY))?.value).toBe(1);
    expect((await db.messages.toArray()).map((m) => m.message).sort()).toEqual(['kept', 'touches the conversation']);
  });
});

describe('SyncClient: a refused write never blocks the queue', () => {
  it('a write the server cannot store is removed with its effect and told; the next one is delivered', async () => {
    const server = new MemoryServer();
    await server.grantCredits(USER, 5);
    // The server refuses what it cannot store as a business failure (invalid-mutation) and moves on; the
    // device's own schema already refuses NUL bytes, so an older client's write stands for one here.
    const transport: SyncTransport = {
      push: (request) =>
        server.push(USER, {
          ...request,
          mutations: request.mutations.map((m) => ((m.args as { message?: string }).message === 'from an older client' ? { ...m, name: 'not-storable' } : m)),
        }),
      pull: (r) => server.pull(USER, r),
    };
    const db = newDb(`sync-poison-${++dbCount}`);
    const told: string[] = [];
    const c = new SyncClient({ db, transport, onRefused: (_row, error) => told.push(error.code) });
    await c.pull();
    await c.mutate('sendMessage', { conversationId: 'blank', profileId: PROFILE, messageId: uuid(1), messageType: 'text', message: 'from an older client' });
    await c.mutate('sendMessage', { conversationId: 'blank', profileId: PROFILE, messageId: uuid(2), messageType: 'text', message: 'fine' });
    await c.flush();
    expect(told).toEqual(['invalid-mutation']);
    expect(await db.outbox.count()).toBe(0);
    expect(await messages(db)).toEqual([{ text: 'fine', status: 'sent' }]);
    expect(server.accepted.map((m) => m.messageId)).toEqual([uuid(2)]);
    expect(await shown(db)).toBe(4);
    db.close();
    await db.delete();
  });
});

describe('SyncClient: credits shown during a paged pull', () => {
  it('a page whose credits already include an applied send does not take its credit a second time', async () => {
    const server = new MemoryServer();
    await server.grantCredits(USER, 20);
    const pages: PullResponse[] = [];
    const transport: SyncTransport = {
      push: (r) => server.push(USER, r),
      pull: async (r) => pages.shift() ?? server.pull(USER, r),
    };
    const db = newDb(`sync-credits-${++dbCount}`);
    const c = new SyncClient({ db, transport });
    await c.pull();
    await c.mutate('sendMessage', { conversationId: 'blank', profileId: PROFILE, messageId: uuid(1), messageType: 'text', message: 'one' });
    expect(await shown(db)).toBe(19);
    // The push is applied; the pull that follows is a first page of many, taken after the charge.
    pages.push({ cursor: 1, lastMutationId: 1, patch: [{ op: 'put', key: 'user/credits', value: 19 }], more: true });
    await c.flush();
    expect(await shown(db)).toBe(19);
    db.close();
    await db.delete();
  });
});
