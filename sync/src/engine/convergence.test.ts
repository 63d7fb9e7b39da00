import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MessageRecord } from '../contract/messaging.js';
import { CREDITS_KEY, DRAFT_PREFIX, MESSAGE_PREFIX, localConversationId } from './keys.js';
import { ForbiddenClientError, MemoryServer } from './memory-server.js';
import type { PushRequest } from './mutations.js';
import { applyPatch, pendingCharges, rebase, shownCredits } from './reconcile.js';
import { Replica } from './replica.js';
import { MemoryStore } from './store.js';

const USER = 'u1';
const PROFILES = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
let uuidCounter = 0;
const uuid = () => `00000000-0000-4000-8000-${(++uuidCounter).toString(16).padStart(12, '0')}`;

function replica(clientId: string, now = () => Date.UTC(2026, 0, 15, 12)) {
  return new Replica(clientId, {
    get now() {
      return now();
    },
    newId: uuid,
  });
}

async function sync(r: Replica, server: MemoryServer) {
  r.onPushResponse(await server.push(USER, r.pushRequest()));
  await r.onPull(await server.pull(USER, { clientId: r.clientId, cursor: r.cursor }));
}

const sendArgs = (profile: string, text = 'hi') => ({
  conversationId: 'blank',
  profileId: profile,
  messageId: uuid(),
  messageType: 'text',
  message: text,
});

describe('push and pull, by example', () => {
  it('an offline send shows at once, charges up front and becomes sent after sync', async () => {
    const server = new MemoryServer();
    await server.grantCredits(USER, 2);
    const r = replica('client-aaaa');
    await r.onPull(await server.pull(USER, { clientId: r.clientId, cursor: 0 }));
    const sent = await r.mutate('sendMessage', sendArgs(PROFILES[0]!));
    expect(sent.ok).toBe(true);
    expect(await r.credits()).toBe(1);
    const view = await r.view();
    const [[, pendingMessage]] = (await view.scan<MessageRecord>(MESSAGE_PREFIX)) as [[string, MessageRecord]];
    expect(pendingMessage).toMatchObject({ isPending: true, conversationId: localConversationId(PROFILES[0]!) });

    await sync(r, server);
    expect(r.pending).toEqual([]);
    const [[, stored]] = (await r.confirmed.scan<MessageRecord>(MESSAGE_PREFIX)) as [[string, MessageRecord]];
    expect(stored).toMatchObject({ _id: pendingMessage._id, isPending: false });
    expect(stored.conversationId).not.toBe(localConversationId(PROFILES[0]!));
    expect(r.confirmed.snapshot()).toEqual(server.state(USER));
  });

  it('replays an applied id with its first result, stops at a future id, and never charges twice', async () => {
    const server = new MemoryServer();
    await server.grantCredits(USER, 5);
    const r = replica('client-bbbb');
    await r.onPull(await server.pull(USER, { clientId: r.clientId, cursor: 0 }));
    await r.mutate('sendMessage', sendArgs(PROFILES[0]!));
    await r.mutate('sendMessage', sendArgs(PROFILES[0]!));
    await r.mutate('sendMessage', sendArgs(PROFILES[1]!));
    const [m1, m2, m3] = r.pending as [PushRequest['mutations'][number], PushRequest['mutations'][number], PushRequest['mutations'][number]];

    const future = await server.push(USER, { clientId: r.clientId, mutations: [m2, m3] });
    expect(future).toEqual({ results: [], lastMutationId: 0 });

    const first = await server.push(USER, { clientId: r.clientId, mutations: [m1] });
    expect(first.lastMutationId).toBe(1);
    const replay = await server.push(USER, { clientId: r.clientId, mutations: [m3, m1, m2, m1] });
    expect(replay.results.map((x) => x.mutationId)).toEqual([1, 2, 3]);
    expect(replay.results[0]).toEqual(first.results[0]);
    expect(server.accepted).toHaveLength(3);
    expect(server.state(USER)[CREDITS_KEY]).toBe(2);
  });

  it('records a refusal, advances, and the refused send leaves the mirror with its credit given back', async () => {
    const server = new MemoryServer();
    await server.grantCredits(USER, 1);
    const a = replica('client-aaaa');
    const b = replica('client-bbbb');
    for (const r of [a, b]) await r.onPull(await server.pull(USER, { clientId: r.clientId, cursor: 0 }));
    await a.mutate('sendMessage', sendArgs(PROFILES[0]!));
    await b.mutate('sendMessage', sendArgs(PROFILES[1]!));
    expect(await b.credits()).toBe(0);
    await sync(a, server);
    const answer = await server.push(USER, b.pushRequest());
    expect(answer).toMatchObject({ lastMutationId: 1, results: [{ mutationId: 1, ok: false, error: { code: 'no-credits' } }] });
    b.onPushResponse(answer);
    expect(b.refused).toMatchObject([{ mutationId: 1, name: 'sendMessage', error: { code: 'no-credits' } }]);
    await sync(b, server);
    expect(b.pending).toEqual([]);
    expect(await b.credits()).toBe(0);
    expect(b.confirmed.snapshot()).toEqual(server.state(USER));
    // The device itself refuses once it knows there is nothing left.
    expect(await b.mutate('sendMessage', sendArgs(PROFILES[1]!))).toMatchObject({ ok: false, error: { code: 'no-credits' } });
    expect(b.pending).toEqual([]);
  });

  it("refuses another member's client id", async () => {
    const server = new MemoryServer();
    await server.push(USER, { clientId: 'client-aaaa', mutations: [] });
    await expect(server.push('u2', { clientId: 'client-aaaa', mutations: [] })).rejects.toBeInstanceOf(ForbiddenClientError);
  });

  it('keeps drafts on the device, out of the outbox and through a full pull', async () => {
    const server = new MemoryServer();
    const r = replica('client-aaaa');
    await r.mutate('saveDraft', { profileId: PROFILES[0], message: 'see you' });
    expect(r.pending).toEqual([]);
    await r.onPull(await server.pull(USER, { clientId: r.clientId, cursor: 0 }));
    expect(await r.local.scan(DRAFT_PREFIX)).toHaveLength(1);
  });

  it('rebases pending sends over new server state and reports the ones that no longer fit', async () => {
    const confirmed = new MemoryStore([[CREDITS_KEY, 1]]);
    const pending = [1, 2].map((mutationId) => ({ clientId: 'client-aaaa', mutationId, name: 'sendMessage', args: sendArgs(PROFILES[0]!) }));
    expect(pendingCharges(pending)).toBe(2);
    expect(shownCredits(5, pending)).toBe(3);
    expect(shownCredits(1, pending)).toBe(0);
    const { tx, failed } = await rebase(confirmed, pending, { now: 0, newId: uuid });
    expect(await tx.get(CREDITS_KEY)).toBe(0);
    // Only what the replay wrote is held: one message, the conversation and the credits.
    expect(tx.changes().map(([key]) => key.split('/')[0])).toEqual(['message', 'user', 'conversation']);
    expect(failed).toMatchObject([{ mutationId: 2, error: { code: 'no-credits' } }]);
    expect(confirmed.snapshot()).toEqual({ [CREDITS_KEY]: 1 });
  });

  it('applies clear, put and del (a deleted conversation takes its messages)', async () => {
    const s = new MemoryStore([
      ['conversation/c1', { _id: 'c1' }],
      ['message/c1/m1', { _id: 'm1' }],
      ['message/c2/m2', { _id: 'm2' }],
      ['draft/p1', { profileId: 'p1', message: 'x' }],
      [CREDITS_KEY, 3],
    ]);
    await applyPatch(s, [{ op: 'del', key: 'conversation/c1' }]);
    expect(Object.keys(s.snapshot())).toEqual(['draft/p1', 'message/c2/m2', CREDITS_KEY]);
    await applyPatch(s, [{ op: 'clear' }, { op: 'put', key: CREDITS_KEY, value: 4 }]);
    expect(s.snapshot()).toEqual({ 'draft/p1': { profileId: 'p1', message: 'x' }, [CREDITS_KEY]: 4 });
  });
});

/**
 * Random schedules of offline sends, archives and reads on two devices of one member, pushes that are lost,
 * duplicated, reordered or cut short, profile replies and reconnects. After everyone drains, every device
 * equals the server, every accepted message is stored once and charged once, and no send was lost.
 */
type Step =
  | { kind: 'send'; client: number; profile: number; empty: boolean }
  | { kind: 'archive' | 'restore' | 'read'; client: number; profile: number }
  | { kind: 'push'; client: number; loseAnswer: boolean; duplicate: boolean; shuffle: number; skipFirst: boolean; limit: number }
  | { kind: 'pull'; client: number; fromScratch: boolean }
  | { kind: 'reply'; profile: number }
  | { kind: 'grant'; credits: number };

const client = fc.integer({ min: 0, max: 1 });
const profile = fc.integer({ min: 0, max: 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('send' as const), client, profile, empty: fc.boolean().map((b) => b && Math.random() < 0.2) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('archive' as const, 'restore' as const, 'read' as const), client, profile }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('push' as const),
      client,
      loseAnswer: fc.boolean(),
      duplicate: fc.boolean(),
      shuffle: fc.nat(),
      skipFirst: fc.boolean().map((b) => b && Math.random() < 0.3),
      limit: fc.integer({ min: 1, max: 6 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('pull' as const), client, fromScratch: fc.boolean().map((b) => b && Math.random() < 0.2) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reply' as const), profile }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('grant' as const), credits: fc.integer({ min: 1, max: 3 }) }) },
);

function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let s = seed || 1;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('convergence (property)', () => {
  it('every device converges to the server; each message stored once and charged once; none lost', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 6 }), fc.array(step, { minLength: 10, maxLength: 80 }), async (initialCredits, steps) => {
        const server = new MemoryServer();
        await server.grantCredits(USER, initialCredits);
        let granted = initialCredits;
        const clients = [replica('client-aaaa'), replica('client-bbbb')];
        // Each device pulls when the app starts.
        for (const r of clients) await r.onPull(await server.pull(USER, { clientId: r.clientId, cursor: 0 }));
        const queuedSends: { clientId: string; mutationId: number; messageId: string }[] = [];

        for (const s of steps) {
          if (s.kind === 'send') {
            const r = clients[s.client]!;
            const args = sendArgs(PROFILES[s.profile]!, s.empty ? '  ' : 'hello');
            const res = await r.mutate('sendMessage', args);
            if (res.ok && res.mutationId) queuedSends.push({ clientId: r.clientId, mutationId: res.mutationId, messageId: args.messageId });
          } else if (s.kind === 'archive' || s.kind === 'restore' || s.kind === 'read') {
            const r = clients[s.client]!;
            const name = s.kind === 'archive' ? 'archiveConversation' : s.kind === 'restore' ? 'restoreConversation' : 'markRead';
            await r.mutate(name, { conversationId: localConversationId(PROFILES[s.profile]!) });
          } else if (s.kind === 'push') {
            const r = clients[s.client]!;
            let mutations = r.pushRequest(s.limit).mutations;
            if (s.skipFirst) mutations = mutations.slice(1);
            if (s.duplicate) mutations = [...mutations, ...mutations];
            mutations = shuffled(mutations, s.shuffle);
            const answer = await server.push(USER, { clientId: r.clientId, mutations });
            if (!s.loseAnswer) r.onPushResponse(answer);
          } else if (s.kind === 'pull') {
            const r = clients[s.client]!;
            await r.onPull(await server.pull(USER, { clientId: r.clientId, cursor: s.fromScratch ? 0 : r.cursor }));
          } else if (s.kind === 'reply') {
            const state = server.state(USER);
            const conv = Object.entries(state).find(([k, v]) => k.startsWith('conversation/') && (v as { profileId: string }).profileId === PROFILES[s.profile]);
            if (conv) await server.profileReply(USER, (conv[1] as { _id: string })._id, 'hey you');
          } else if (s.kind === 'grant') {
            await server.grantCredits(USER, s.credits);
            granted += s.credits;
          }
        }

        // Reconnect everyone until the queues drain.
        for (let round = 0; round < 3; round++) for (const r of clients) await sync(r, server);

        const serverState = server.state(USER);
        for (const r of clients) {
          expect(r.pending).toEqual([]);
          expect(r.confirmed.snapshot()).toEqual(serverState);
          expect(await r.credits()).toBe(serverState[CREDITS_KEY]);
        }
        const storedUserMessages = Object.entries(serverState).filter(
          ([k, v]) => k.startsWith(MESSAGE_PREFIX) && (v as MessageRecord).senderType === 'user',
        );
        const acceptedIds = server.accepted.map((a) => a.messageId);
        expect(new Set(acceptedIds).size).toBe(acceptedIds.length);
        expect(storedUserMessages.map(([, v]) => (v as MessageRecord)._id).sort()).toEqual([...acceptedIds].sort());
        expect(serverState[CREDITS_KEY]).toBe(granted - acceptedIds.length);
        // Not lost: every queued send was stored, or refused by the server for lack of credits.
        const storedIds = new Set(acceptedIds);
        for (const q of queuedSends) {
          const outcome = server.recorded(q.clientId, q.mutationId);
          if (outcome?.ok) expect(storedIds.has(q.messageId)).toBe(true);
          else expect(outcome?.error?.code).toBe('no-credits');
        }
        expect(queuedSends.filter((q) => storedIds.has(q.messageId))).toHaveLength(acceptedIds.length);
      }),
      { numRuns: 150 },
    );
  });
});
