import { http, HttpResponse } from 'msw';
import { CONVERSATION_PREFIX, CREDITS_KEY } from '@sync/engine/keys';
import { MemoryServer } from '@sync/engine/memory-server';
import type { PatchOp, PullRequest, PullResponse, PushRequest, PushResponse } from '@sync/engine/mutations';
import type { ConversationRecord } from '@sync/contract/messaging';
import { mockNow } from '../clock';
import { readMockToken } from '../tokens';
import { LOST_ANSWER_MS, networkMock, serverFailure } from '../network';
import { mockProfileSummary } from './profiles';

const API = '*/api';

/** What changed the in-memory server, in order: replayed into a fresh one, it rebuilds the same state (mock-persistence.ts). */
export type JournalEntry =
  | { kind: 'push'; userId: string; now: number; request: PushRequest }
  | { kind: 'reply'; userId: string; now: number; conversationId: string; text: string }
  | { kind: 'credits'; userId: string; delta: number }
  | { kind: 'block'; userId: string; profileId: string; blocked: boolean }
  | { kind: 'age-gate'; userId: string };

/**
 * The sync endpoints over the engine's in-memory server model (same rules as the SQL server), one space per
 * signed-in account. Tests and the tester panel (tester-actions.ts) reach `messagingMock` to change credits,
 * cut the network or have a profile reply.
 */
export const messagingMock = {
  server: new MemoryServer(),
  /** The account of a request without a token, and the default target of the tester's actions. */
  userId: 'member-1',
  /** The account whose device synced last: the member the tester panel plays against. */
  activeUserId: null as string | null,
  /** While true, push and pull fail like a dropped connection. */
  offline: false,
  /** Message images uploaded (POST /user/upload type message), by id. */
  uploads: [] as string[],
  journal: [] as JournalEntry[],
  /** Dates from the mock clock (mock mode: real time plus the tester's offset); tests keep the engine's fixed clock. */
  liveClock: false,
  /** Called after each change to the server (mock-persistence.ts saves the journal). */
  onChange: null as (() => void) | null,
  reset(): void {
    this.server = new MemoryServer();
    this.offline = false;
    this.uploads = [];
    this.journal = [];
    this.activeUserId = null;
    this.liveClock = false;
  },
  async push(userId: string, request: PushRequest): Promise<PushResponse> {
    this.journal.push({ kind: 'push', userId, now: this.server.now, request });
    const response = await this.server.push(userId, request);
    this.onChange?.();
    return response;
  },
  /** A fictive profile's reply; answers false when the member has no such conversation. */
  async profileReply(userId: string, conversationId: string, text: string): Promise<boolean> {
    this.journal.push({ kind: 'reply', userId, now: this.server.now, conversationId, text });
    const done = await this.server.profileReply(userId, conversationId, text);
    this.onChange?.();
    return done;
  },
  async setCredits(userId: string, credits: number): Promise<void> {
    const delta = credits - this.credits(userId);
    // A new member's balance is written even at 0, as the server holds one for every member.
    if (delta === 0 && CREDITS_KEY in this.server.state(userId)) return;
    this.journal.push({ kind: 'credits', userId, delta });
    await this.server.grantCredits(userId, delta);
    this.onChange?.();
  },
  /** The member blocks or unblocks a profile (the safety handlers): the engine hides its conversation and refuses sends. */
  async block(userId: string, profileId: string, blocked: boolean): Promise<void> {
    this.journal.push({ kind: 'block', userId, profileId, blocked });
    await applyBlock(this.server, userId, profileId, blocked);
    this.onChange?.();
  },
  /** The member's sends wait for an age verification, as on a brand that demands one. */
  gateAge(userId: string): void {
    this.journal.push({ kind: 'age-gate', userId });
    this.server.gateAge(userId);
    this.onChange?.();
  },
  credits(userId: string): number {
    const value = this.server.state(userId)[CREDITS_KEY];
    return typeof value === 'number' ? value : 0;
  },
  /** Rebuilds the server from a journal (the same calls in the same order give the same ids and versions). */
  async replay(journal: readonly JournalEntry[]): Promise<void> {
    this.server = new MemoryServer();
    this.journal = [];
    for (const entry of journal) {
      if (entry.kind === 'credits') {
        await this.server.grantCredits(entry.userId, entry.delta);
      } else if (entry.kind === 'block') {
        await applyBlock(this.server, entry.userId, entry.profileId, entry.blocked);
      } else if (entry.kind === 'age-gate') {
        this.server.gateAge(entry.userId);
      } else {
        this.server.now = entry.now;
        if (entry.kind === 'push') await this.server.push(entry.userId, entry.request);
        else await this.server.profileReply(entry.userId, entry.conversationId, entry.text);
      }
      this.journal.push(entry);
    }
    this.tick();
  },
  tick(): void {
    if (this.liveClock) this.server.now = Math.max(this.server.now, mockNow());
  },
};

function applyBlock(server: MemoryServer, userId: string, profileId: string, blocked: boolean): Promise<void> {
  return blocked ? server.block(userId, profileId) : server.unblock(userId, profileId);
}

/** The account a request is made for: its token's user, or the mock's default member. */
export function accountOf(request: Request): string {
  const header = request.headers.get('authorization');
  return readMockToken(header?.startsWith('Bearer ') ? header.slice(7) : null)?._id ?? messagingMock.userId;
}

/**
 * The engine's server stores a conversation started from 'blank' with an empty profile (the SQL server joins
 * the profile's row): the mock fills in the fictive profile's name and avatar the same way.
 */
function withProfiles(response: PullResponse): PullResponse {
  const patch = response.patch.map((op): PatchOp => {
    if (op.op !== 'put' || !op.key.startsWith(CONVERSATION_PREFIX)) return op;
    const conversation = op.value as ConversationRecord;
    if (conversation.profile.username) return op;
    return { ...op, value: { ...conversation, profile: mockProfileSummary(conversation.profileId) ?? conversation.profile } };
  });
  return { ...response, patch };
}

/** A push while the tester armed a refusal: answered the way the API would answer that failure. */
async function refusedPush(userId: string, request: PushRequest): Promise<Response> {
  const refusal = networkMock.nextPush;
  networkMock.nextPush = null;
  if (refusal === 'server-error') return serverFailure();
  if (refusal === 'timeout') {
    // The push reaches the server and is applied; its answer is lost, so the device must replay it.
    await messagingMock.push(userId, request);
    await new Promise((resolve) => setTimeout(resolve, LOST_ANSWER_MS));
    return HttpResponse.error();
  }
  // no-credits: the engine itself refuses, records the refusal and moves the counter on, as with an empty balance.
  const credits = messagingMock.credits(userId);
  await messagingMock.setCredits(userId, 0);
  const response = await messagingMock.push(userId, request);
  await messagingMock.setCredits(userId, credits);
  return HttpResponse.json(response);
}

export const messagingHandlers = [
  http.post(`${API}/sync/push`, async ({ request }) => {
    if (messagingMock.offline) return HttpResponse.error();
    const userId = accountOf(request);
    messagingMock.activeUserId = userId;
    messagingMock.tick();
    const body = (await request.json()) as PushRequest;
    if (networkMock.nextPush && body.mutations.length > 0) return refusedPush(userId, body);
    return HttpResponse.json(await messagingMock.push(userId, body));
  }),
  http.post(`${API}/sync/pull`, async ({ request }) => {
    if (messagingMock.offline) return HttpResponse.error();
    const userId = accountOf(request);
    messagingMock.activeUserId = userId;
    return HttpResponse.json(withProfiles(await messagingMock.server.pull(userId, (await request.json()) as PullRequest)));
  }),
  http.get(`${API}/conversation/:id`, () => HttpResponse.json({ messages: [], hasMore: false })),
  // Message images; avatars and photos fall through to the profiles handler.
  http.post(`${API}/user/upload`, async ({ request }) => {
    const form = await request.clone().formData().catch(() => null);
    if (form?.get('type') !== 'message') return undefined;
    if (messagingMock.offline) return HttpResponse.error();
    const id = crypto.randomUUID();
    messagingMock.uploads.push(id);
    const url = (size: string) => `/api/media/u/me/${id}/${size}.jpg`;
    return HttpResponse.json({
      images: [{ _id: id, type: 'message', processed: true, under_moderation: true, small: url('small'), medium: url('medium'), large: url('large') }],
      gallery: [],
      profileCompleted: false,
    });
  }),
];
